import { describe, expect, it } from 'vitest';
import {
  beneficiaryListTypes,
  canOpenRoute,
  exitRestoreRoutes,
  permissionModules,
  type PermissionAction,
  type PermissionModule,
  type Principal,
} from '../../../sync/contract';
import { canReadCollection } from '../../../sync/entities/registry';
import { sidebarFor } from '../../../src/app/layout/sidebar-items';

/*
 * sync/SPEC.md R21 on the device: a screen that lists or details children from the
 * device's rows opens only for a role that may make the call it stands for, the pull asks
 * only for what the role may read, and the sidebar offers neither.
 */

/** A role as /role_permission stores it: every module, 1 for the ticked actions, else 0. */
const role = (
  name: string,
  ticked: Partial<Record<PermissionModule, PermissionAction[]>>,
  centerId = 1,
): Principal => ({
  role: {
    name,
    permissions: Object.fromEntries(
      Object.entries(permissionModules).map(([module, actions]) => [
        module,
        Object.fromEntries(
          actions.map((a) => [a, ticked[module as PermissionModule]?.includes(a as PermissionAction) ? 1 : 0]),
        ),
      ]),
    ),
  },
  centerId,
});

const mealClerk = role('meal clerk', { meal_type: ['all'] });
const registrar = role('registrar', { child_registration: ['view'], exit_restore: ['view'] }, 4);
const tracker = role('tracker', { child_tracking: ['view'] }, 4);
const caseworker = role('caseworker', {
  child_registration: ['view'],
  child_tracking: ['view'],
  exit_restore: ['view'],
});
const viewer: Principal = { role: { name: 'viewer', permissions: null }, centerId: 1 };

const childScreens = [
  '/education',
  '/medical',
  '/mhp',
  '/notifications',
  '/reports/report-details',
  '/groupReports/report-details',
  ...Object.keys(exitRestoreRoutes),
];
const sidebarPaths = (user: Principal) =>
  sidebarFor(user).flatMap((g) => [g.path, ...(g.children ?? []).map((c) => c.path)].filter(Boolean));

describe('screens that show children follow the calls behind them (R21)', () => {
  it('a module-only role (meal_type) opens none of them, nor pulls or is offered them; its own screens stay', () => {
    for (const path of childScreens) expect(canOpenRoute(mealClerk, path), path).toBe(false);
    for (const collection of ['children', 'history', 'beneficiaries', 'beneficiaryDocuments', 'notifications'] as const)
      expect(canReadCollection(mealClerk, collection), collection).toBe(false);
    expect(canOpenRoute(mealClerk, '/manage-meals')).toBe(true);
    expect(canOpenRoute(mealClerk, '/groupReports')).toBe(true);
    const offered = sidebarPaths(mealClerk);
    expect(offered).toEqual(expect.arrayContaining(['/manage-meals', '/groupReports', '/dashboard']));
    for (const path of childScreens) expect(offered, path).not.toContain(path);
  });

  it('a role that names children but reads no history: short stay register and notifications, no entries', () => {
    expect(canOpenRoute(registrar, '/short-stay-register')).toBe(true);
    expect(canOpenRoute(registrar, '/notifications')).toBe(true);
    for (const path of ['/restoration', '/cwc-by-police', '/groupReports/report-details', '/education'])
      expect(canOpenRoute(registrar, path), path).toBe(false);
    expect(beneficiaryListTypes(registrar, '/medical')).toEqual([]);
    expect(canReadCollection(registrar, 'beneficiaries')).toBe(false);
    expect(sidebarPaths(registrar)).toContain('/short-stay-register');
    expect(sidebarPaths(registrar)).not.toContain('/restoration');
  });

  it('a role that reads history but not registrations: only the non-registered beneficiaries', () => {
    expect(beneficiaryListTypes(tracker, '/education')).toEqual(['non-registered']);
    expect(canOpenRoute(tracker, '/education')).toBe(true);
    expect(canReadCollection(tracker, 'beneficiaries')).toBe(true);
    expect(canOpenRoute(tracker, '/notifications')).toBe(false);
  });

  it('a role with both views, and the viewer, keep every screen they had', () => {
    for (const user of [caseworker, viewer]) {
      for (const path of ['/education', '/medical', '/mhp', '/notifications', '/groupReports/report-details'])
        expect(canOpenRoute(user, path), path).toBe(true);
      expect(beneficiaryListTypes(user, '/mhp')).toEqual(['registered', 'non-registered']);
    }
    for (const path of Object.keys(exitRestoreRoutes)) expect(canOpenRoute(caseworker, path), path).toBe(true);
    expect(canOpenRoute(viewer, '/reports/report-details')).toBe(true);
    expect(canOpenRoute(caseworker, '/reports/report-details')).toBe(false);
  });
});
