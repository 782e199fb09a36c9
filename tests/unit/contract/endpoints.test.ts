import { describe, expect, it } from 'vitest';
import {
  apiPath,
  buildPath,
  endpointNames,
  endpoints,
  isAllowed,
  matchEndpoint,
  permissionModules,
  permissionRules,
  type Principal,
} from '../../../sync/contract';

/** Every path of part 1, section 7, as the spec writes it ({x} for parameters). */
const part1Paths = [
  '/login',
  '/logout',
  '/country',
  '/state/{countryId}',
  '/city/{stateId}',
  '/districts/{stateId}',
  '/centers_list',
  '/centers_points',
  '/center_add',
  '/center_update',
  '/centers',
  '/centers_details',
  '/center_delete/{id}',
  '/center_status/{id}/{status}',
  '/center_history/{id}',
  '/center_history_delete/{id}',
  '/center_change',
  '/tags_all',
  '/tags',
  '/tag_add',
  '/tag_update',
  '/tag_delete/{id}',
  '/roles',
  '/role_add',
  '/role_update',
  '/role_delete/{id}',
  '/role_permission',
  '/users',
  '/register',
  '/user_update',
  '/user_delete/{id}',
  '/child-registrations',
  '/child_add_2',
  '/child_add',
  '/child_update',
  '/child_delete/{id}',
  '/child_view/{id}',
  '/child_edit/{id}',
  '/child_status/{id}',
  '/reopen/{id}',
  '/child_document_update',
  '/child_documents_delete/{id}',
  '/activitylogs/{id}',
  '/activitylogs_delete/{id}',
  '/documents_lists/{id}',
  '/listing/{a}/{b}',
  '/listing_delete/{id}',
  '/bulk_update',
  '/medical_consent',
  '/mhp',
  '/education',
  '/restoration_follow_up',
  '/restoration',
  '/save_transfer',
  '/save_excort_exit',
  '/social_protection_scheme',
  '/follow_up',
  '/add_education',
  '/save_education',
  '/update_education',
  '/education_lists',
  '/education_delete/{id}',
  '/regusers_education',
  '/non_regusers_education',
  '/produce',
  '/produce_to_cwc',
  '/produce_to_cwc/{id}',
  '/produce_to_cwc_delete/{id}',
  '/refer',
  '/refer_to_cwc',
  '/refer_to_cwc/{id}',
  '/refer_to_cwc_delete/{id}',
  '/sps_all',
  '/dashboard',
  '/notify_list_count/{id}',
  '/download_images',
];

/** The call names of part 2, section 7, mapped to our endpoint names. */
const part2Calls = {
  reports: 'reports',
  singleReport: 'singleReport',
  groupReport2: 'groupReport2',
  groupSingleReport: 'groupSingleReport',
  getMealList: 'getMealList',
  notifyList: 'notifyList',
  notifyUpdate: 'notifyUpdate',
  'notification count by centerId': 'notifyListCount',
  getSps: 'getSps',
  addSps: 'addSps',
  updateSps: 'updateSps',
  getPreviousBalance: 'getPreviousBalance',
  addPreviousBalance: 'addPreviousBalance',
  updatePreviousBalance: 'updatePreviousBalance',
  getMealData: 'getMealData',
  addMeal: 'addMeal',
  updateMeal: 'updateMeal',
  deleteMeal: 'deleteMeal',
  getMealCenters: 'getMealCenters',
  'center-names lookup': 'centersList',
  'restore/exit list by status': 'restoreExitList',
  'short stay registration list': 'shortStayRegisterList',
  'all schemes': 'spsAll',
} as const;

const shapeOf = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z_]+/g, ':p');
const tablePaths = endpointNames.map((n) => shapeOf(endpoints[n].path));

describe('endpoint table (part 1 and part 2, section 7)', () => {
  it.each(part1Paths)('part 1 %s is in the table', (path) => {
    const wanted = shapeOf(path);
    // The _lists calls carry the child id as a parameter in our table.
    expect(tablePaths.some((p) => p === wanted || p === `${wanted}/:p`)).toBe(true);
  });

  it('medical and MHP have the same save, update, list and delete variants as education', () => {
    for (const s of ['medical', 'mhp']) {
      for (const p of [
        `/add_${s}`,
        `/save_${s}`,
        `/update_${s}`,
        `/${s}_lists/:p`,
        `/${s}_delete/:p`,
        `/regusers_${s}`,
        `/non_regusers_${s}`,
      ]) {
        expect(tablePaths).toContain(p);
      }
    }
  });

  it.each(Object.entries(part2Calls))('part 2 %s is %s', (_call, name) => {
    expect(endpointNames).toContain(name);
  });

  it('names and method+path pairs are unique, paths valid', () => {
    expect(new Set(endpointNames).size).toBe(endpointNames.length);
    const pairs = endpointNames.map((n) => `${endpoints[n].method} ${endpoints[n].path}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const name of endpointNames) {
      const spec = endpoints[name];
      expect(spec.path, name).toMatch(/^\/[a-z0-9_\-/:A-Z]+$/);
      expect(spec.path, name).not.toMatch(/\/$|\/\//);
      expect(['GET', 'POST', 'DELETE']).toContain(spec.method);
      if (spec.method !== 'POST') expect(spec.payload, name).toBe('none');
      for (const rule of permissionRules(spec.permission)) {
        if (typeof rule !== 'object') continue;
        const actions: readonly string[] = permissionModules[rule.module];
        expect(actions, name).toContain(rule.action);
      }
    }
  });

  it('uses the verbs and payloads the spec states', () => {
    expect(endpoints.login).toMatchObject({ method: 'POST', path: '/login', payload: 'json', permission: 'public' });
    expect(endpoints.logout.method).toBe('POST');
    expect(endpoints.register).toMatchObject({ method: 'POST', payload: 'multipart' });
    expect(endpoints.childAddQuick).toMatchObject({ path: '/child_add_2', payload: 'multipart' });
    expect(endpoints.downloadImages.method).toBe('POST');
    for (const n of ['country', 'state', 'city', 'districts', 'centersList', 'centersPoints', 'centers'] as const) {
      expect(endpoints[n].method).toBe('GET');
    }
    for (const n of ['centerAdd', 'centerUpdate'] as const) expect(endpoints[n].method).toBe('POST');
    for (const n of endpointNames.filter((x) => endpoints[x].path.includes('_delete'))) {
      expect(endpoints[n].method, n).toBe('DELETE');
    }
  });

  it('buildPath fills and encodes parameters and refuses missing ones', () => {
    expect(buildPath('childView', { id: 12 })).toBe('/child_view/12');
    expect(buildPath('centerStatus', { id: 3, status: 0 })).toBe('/center_status/3/0');
    expect(buildPath('listing', { childId: 5, status: 'social_protection_scheme' })).toBe(
      '/listing/5/social_protection_scheme',
    );
    expect(buildPath('restoreExitList', { status: 'a b' })).toBe('/restore_exit_list/a%20b');
    expect(buildPath('dashboard', {})).toBe('/dashboard');
    expect(apiPath('login', {})).toBe('/api/login');
    expect(() => buildPath('childView', { id: '' })).toThrow(/id/);
  });

  it('matchEndpoint finds the call of a concrete request', () => {
    expect(matchEndpoint('get', '/child_view/9')).toBe('childView');
    expect(matchEndpoint('POST', '/produce_to_cwc/4')).toBe('produceToCwcUpdate');
    expect(matchEndpoint('POST', '/produce_to_cwc')).toBe('produceToCwc');
    expect(matchEndpoint('DELETE', '/tag_delete/2')).toBe('tagDelete');
    expect(matchEndpoint('GET', '/tag_delete/2')).toBeUndefined();
    expect(matchEndpoint('GET', '/nope')).toBeUndefined();
  });
});

describe('isAllowed', () => {
  const u = (name: string, permissions: Principal['role']['permissions'] = null): Principal => ({
    role: { name, permissions },
    centerId: 3,
  });
  it('public, authenticated, admin, adminOrViewer', () => {
    expect(isAllowed(null, 'public')).toBe(true);
    expect(isAllowed(null, 'authenticated')).toBe(false);
    expect(isAllowed(u('staff'), 'authenticated')).toBe(true);
    expect(isAllowed(u('admin'), 'admin')).toBe(true);
    expect(isAllowed(u('viewer'), 'admin')).toBe(false);
    expect(isAllowed(u('viewer'), 'adminOrViewer')).toBe(true);
    expect(isAllowed(u('staff'), 'adminOrViewer')).toBe(false);
  });
  it('module permissions as can() decides, orViewer lets the viewer read', () => {
    expect(isAllowed(u('staff', { cwc: { create: 1 } }), endpoints.produceToCwc.permission)).toBe(true);
    expect(isAllowed(u('staff'), endpoints.produceToCwc.permission)).toBe(false);
    expect(isAllowed(u('viewer'), endpoints.getMealData.permission)).toBe(true);
    expect(isAllowed(u('viewer'), endpoints.addMeal.permission)).toBe(false);
    expect(isAllowed(u('staff'), endpoints.getMealData.permission)).toBe(false);
    expect(isAllowed(u('viewer'), endpoints.restoreExitList.permission)).toBe(true);
    expect(isAllowed(u('staff', { exit_restore: { view: 1 } }), endpoints.restoreExitList.permission)).toBe(true);
    expect(isAllowed(u('staff', { child_document: { delete: 1 } }), endpoints.childDocumentsDelete.permission)).toBe(
      true,
    );
  });
});
