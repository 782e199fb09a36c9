import { describe, expect, it } from 'vitest';
import {
  can,
  canOpenRoute,
  canReachCenter,
  exitRestoreRoutes,
  isAdministrator,
  isViewer,
  permissionActions,
  permissionModuleNames,
  permissionModules,
  type PermissionAction,
  type PermissionModule,
  type Principal,
  type RolePermissions,
} from '../../../sync/contract';

const user = (name: string, permissions?: RolePermissions | null, centerId = 1): Principal => ({
  role: { name, permissions },
  centerId,
});
const superadmin = user('superadmin');
const admin = user('admin');
const viewer = user('viewer', null, 5);

const everyPair = permissionModuleNames.flatMap((m) => permissionActions.map((a) => [m, a] as const));

describe('roles (part 1, section 6)', () => {
  it('superadmin and admin are administrators with every permission', () => {
    for (const u of [superadmin, admin]) {
      expect(isAdministrator(u)).toBe(true);
      for (const [m, a] of everyPair) expect(can(u, a, m)).toBe(true);
    }
  });

  it('viewer is not an administrator', () => {
    expect(isAdministrator(viewer)).toBe(false);
    expect(isViewer(viewer)).toBe(true);
    expect(isViewer(user('Viewer'))).toBe(false);
  });

  it('absent permissions default to view only, view off for exit_restore and meal_type', () => {
    for (const u of [user('staff'), user('staff', null), user('staff', {})]) {
      for (const [m, a] of everyPair) {
        const expected = a === 'view' && m !== 'exit_restore' && m !== 'meal_type';
        expect(can(u, a, m), `${m}.${a}`).toBe(expected);
      }
    }
  });

  it('viewer follows the same default, except exit_restore which the viewer role always passes', () => {
    for (const [m, a] of everyPair) {
      const expected = m === 'exit_restore' || (a === 'view' && m !== 'meal_type');
      expect(can(viewer, a, m), `${m}.${a}`).toBe(expected);
    }
  });

  it('a custom role passes exactly the checked action, or any action with all', () => {
    for (const module of permissionModuleNames) {
      for (const action of permissionActions) {
        const u = user('custom', { [module]: { [action]: 1 } });
        expect(can(u, action, module), `${module}.${action}`).toBe(true);
        for (const other of permissionActions) {
          if (other === action) continue;
          expect(can(u, other, module), `${module}.${other} with only ${action}`).toBe(action === 'all');
        }
        // Other modules without a block fall back to the default.
        for (const m of permissionModuleNames.filter((x) => x !== module)) {
          expect(can(u, 'create', m)).toBe(false);
        }
      }
    }
  });

  it('a block with zeros refuses, even view', () => {
    const u = user('custom', { child_registration: { all: 0, create: 0, view: 0, edit: 0, delete: 0 } });
    for (const a of permissionActions) expect(can(u, a, 'child_registration')).toBe(false);
  });

  it('the button rules of section 6 follow from can()', () => {
    const clerk = user('clerk', { child_registration: { view: 1, create: 1 }, child_document: { delete: 1 } });
    expect(can(clerk, 'create', 'child_registration')).toBe(true); // Add Child, Quick Add
    expect(can(clerk, 'edit', 'child_registration')).toBe(false); // Bulk Update, row edit
    expect(can(clerk, 'delete', 'child_document')).toBe(true);
    expect(can(clerk, 'delete', 'sps')).toBe(false);
  });

  it('only the all-center user reaches other centers', () => {
    expect(canReachCenter(admin, 9)).toBe(true);
    expect(canReachCenter(user('staff', null, 4), 4)).toBe(true);
    expect(canReachCenter(user('staff', null, 4), 9)).toBe(false);
    expect(canReachCenter(user('staff', null, 4), null)).toBe(false);
  });
});

describe('route rules (part 1 section 6, part 2 section 2)', () => {
  const custom = user('custom', { child_registration: { view: 1 } }, 3);
  const exitReader = user('custom', { exit_restore: { view: 1 } }, 3);
  const mealReader = user('custom', { meal_type: { view: 1 } }, 3);
  const mealAll = user('custom', { meal_type: { all: 1 } }, 3);

  const cases: [string, Principal, boolean][] = [
    ...[
      '/tag-management',
      '/roles-management',
      '/users-management',
      '/center-management',
      '/center-management/add-center',
      '/sps-management',
    ].flatMap((p): [string, Principal, boolean][] => [
      [p, superadmin, true],
      [p, admin, true],
      [p, viewer, false],
      [p, custom, false],
    ]),
    ...['/reports', '/reports/report-details', '/meals-management', '/previous-balance'].flatMap(
      (p): [string, Principal, boolean][] => [
        [p, admin, true],
        [p, superadmin, true],
        [p, viewer, true],
        [p, custom, false],
        [p, mealAll, false],
      ],
    ),
    ['/manage-meals', viewer, true],
    ['/manage-meals', admin, true],
    ['/manage-meals', custom, false],
    ['/manage-meals', mealReader, true],
    ['/manage-meals', mealAll, true],
    ...[
      '/education',
      '/medical',
      '/mhp',
      '/notifications',
      '/groupReports',
      '/dashboard',
      '/child-registration',
      '/produce',
    ].map((p): [string, Principal, boolean] => [p, custom, true]),
  ];

  it.each(cases)('%s for %o', (path, u, allowed) => {
    expect(canOpenRoute(u, path)).toBe(allowed);
  });

  it('every exit and restoration route needs exit_restore view or an admin/viewer role', () => {
    const paths = Object.keys(exitRestoreRoutes);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/restoration',
        '/followup',
        '/restoration-followup',
        '/rehabilitation-set-free',
        '/run-away',
        '/after-care',
        '/higher-education',
        '/dropout',
        '/short-stay',
        '/short-stay-register',
        '/other-ngo',
        '/io-police',
        '/home-state-cwc-transfer',
        '/cwc-by-police',
        '/cwc-by-staff',
        '/cwc-by-third-party',
        '/cwc-rescue',
        '/cwc-other-cci',
        '/cwc-rehabilitation',
        '/cwc-after-care',
        '/cwc-higher-education',
      ]),
    );
    for (const p of paths) {
      expect(canOpenRoute(admin, p)).toBe(true);
      expect(canOpenRoute(superadmin, p)).toBe(true);
      expect(canOpenRoute(viewer, p)).toBe(true);
      expect(canOpenRoute(exitReader, p)).toBe(true);
      expect(canOpenRoute(custom, p)).toBe(false);
      expect(canOpenRoute(user('staff'), p)).toBe(false);
    }
  });

  it('route aliases map to the same status key', () => {
    expect(exitRestoreRoutes['/cwc-rehabilitation']).toBe(exitRestoreRoutes['/rehabilitation-set-free']);
    expect(exitRestoreRoutes['/cwc-after-care']).toBe(exitRestoreRoutes['/after-care']);
    expect(exitRestoreRoutes['/cwc-higher-education']).toBe(exitRestoreRoutes['/higher-education']);
  });
});

describe('module table', () => {
  it('carries the spec modules and actions', () => {
    const expected: Record<PermissionModule, readonly PermissionAction[]> = {
      child_tracking: ['all', 'create', 'view', 'edit', 'delete'],
      child_registration: ['all', 'create', 'view', 'edit', 'delete'],
      cwc: ['all', 'create', 'view', 'edit', 'delete'],
      meal_type: ['all', 'create', 'view', 'edit', 'delete'],
      exit_restore: ['view'],
      child_document: ['delete'],
      sps: ['delete'],
    };
    expect(permissionModules).toEqual(expected);
  });
});
