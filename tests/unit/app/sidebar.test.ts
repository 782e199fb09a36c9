import { describe, expect, it } from 'vitest';
import { sidebarFor } from '../../../src/app/layout/sidebar-items';
import type { Principal, RolePermissions } from '../../../sync';

const user = (name: string, permissions?: RolePermissions | null): Principal => ({
  role: { name, permissions },
  centerId: 1,
});
const labels = (p: Principal) => sidebarFor(p).map((g) => g.label);
const childLabels = (p: Principal, group: string) =>
  sidebarFor(p)
    .find((g) => g.label === group)
    ?.children?.map((c) => c.label) ?? [];

const adminOnly = ['Roles Management', 'Social Protection Scheme', 'Users Management'];
const readerOnly = ['Reports', 'Previous Balance'];

describe('sidebar per role (spec part 1, section 6)', () => {
  it.each(['superadmin', 'admin'])('%s sees every group, the administration ones included', (role) => {
    expect(labels(user(role))).toEqual([
      'Dashboard',
      'Child Registration List',
      'CWC Management',
      'Exit Management',
      'Restoration Management',
      'Our Services',
      'Meal Management',
      'Roles Management',
      'Social Protection Scheme',
      'Users Management',
      'About Us',
      'Group Report',
      'Reports',
      'Previous Balance',
    ]);
    expect(childLabels(user(role), 'Users Management')).toEqual(['Users', 'Center Management', 'Tag Management']);
  });

  it('viewer sees exit, restoration, meals, reports and previous balance but no administration', () => {
    const viewer = labels(user('viewer'));
    expect(viewer).toEqual(
      expect.arrayContaining(['Exit Management', 'Restoration Management', 'Meal Management', ...readerOnly]),
    );
    for (const label of adminOnly) expect(viewer).not.toContain(label);
    expect(childLabels(user('viewer'), 'Our Services')).toContain('Meals Management');
  });

  it('a custom role without permissions sees no exit, restoration, meal, report or admin entries', () => {
    const custom = labels(user('caseworker', null));
    for (const label of ['Exit Management', 'Restoration Management', 'Meal Management', ...readerOnly, ...adminOnly]) {
      expect(custom).not.toContain(label);
    }
    expect(custom).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Child Registration List',
        'CWC Management',
        'Our Services',
        'About Us',
        'Group Report',
      ]),
    );
    expect(childLabels(user('caseworker', null), 'Our Services')).toEqual(['Education', 'Medical', 'MHP']);
  });

  it('a custom role sees exit and restoration with exit_restore view, meal management with meal_type view', () => {
    const withExit = labels(user('caseworker', { exit_restore: { view: 1 } }));
    expect(withExit).toContain('Exit Management');
    expect(withExit).toContain('Restoration Management');
    expect(withExit).not.toContain('Meal Management');
    const withMeals = labels(user('caseworker', { meal_type: { view: 1 } }));
    expect(withMeals).toContain('Meal Management');
    expect(withMeals).not.toContain('Exit Management');
    expect(labels(user('caseworker', { meal_type: { all: 1 } }))).toContain('Meal Management');
  });

  it('education, medical and MHP open the beneficiaries dialog', () => {
    const services = sidebarFor(user('admin')).find((g) => g.label === 'Our Services')!.children!;
    expect(services.filter((c) => c.modal).map((c) => c.path)).toEqual(['/education', '/medical', '/mhp']);
  });
});
