import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backendProfileNamed,
  backendProfileNames,
  backendProfiles,
  endpoints,
  matchEndpoint,
  matchWireEndpoint,
  routeOf,
  wireEndpointNames,
  wireEndpoints,
  type WireEndpointName,
} from '../../../sync/contract';

/*
 * One backend profile (sync/contract/endpoints/profiles.ts): the spec leaves several
 * verbs and every part 2 path out; `ashray` is our server's answer to them (the table as
 * written) and `spec` a Laravel backend's usual verbs. The build picks one, every row
 * resolves in both, and the spec profile moves only the rows it names.
 */

const params = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, '7');

describe('backend profiles', () => {
  it('every row resolves in both profiles, to a verb and a path with the row’s own parameters', () => {
    for (const profile of backendProfileNames)
      for (const name of wireEndpointNames) {
        const route = routeOf(name, profile);
        expect(['GET', 'POST', 'DELETE'], `${profile} ${name}`).toContain(route.method);
        expect(route.path.startsWith('/'), `${profile} ${name}`).toBe(true);
        expect(params(route.path), `${profile} ${name}`).toEqual(params(wireEndpoints[name].path));
        // A request sent to it is found again as that row (the wire test's match), and no other row shares it.
        expect(matchWireEndpoint(route.method, concrete(route.path), profile), `${profile} ${name}`).toBe(name);
      }
  });

  it('ashray is the table as written, the rows our server registers', () => {
    for (const name of wireEndpointNames)
      expect(routeOf(name, 'ashray')).toEqual({ method: wireEndpoints[name].method, path: wireEndpoints[name].path });
    expect(backendProfiles.ashray).toEqual({});
  });

  it('spec changes the resolved method or path of the rows it names and nothing else', () => {
    const named = Object.keys(backendProfiles.spec) as WireEndpointName[];
    expect(named.length).toBeGreaterThan(0);
    for (const name of wireEndpointNames) {
      const ours = routeOf(name, 'ashray');
      const theirs = routeOf(name, 'spec');
      if (named.includes(name)) expect(theirs, name).not.toEqual(ours);
      else expect(theirs, name).toEqual(ours);
    }
  });

  it('spec sends every documented *_delete/{id} as GET, at the path the spec writes', () => {
    const deletes = (Object.keys(endpoints) as (keyof typeof endpoints)[]).filter(
      (name) =>
        endpoints[name].method === 'DELETE' && !['beneficiaryDelete', 'beneficiaryDocumentDelete'].includes(name),
    );
    expect(deletes).toContain('educationDelete');
    expect(deletes).toContain('deleteMeal');
    for (const name of deletes)
      expect(routeOf(name, 'spec'), name).toEqual({ method: 'GET', path: endpoints[name].path });
    // Writes stay POST and reads GET, as ours.
    expect(routeOf('updateEducation', 'spec')).toEqual({ method: 'POST', path: '/update_education' });
    expect(routeOf('centerStatus', 'spec').method).toBe('POST');
    expect(routeOf('getMealData', 'spec')).toEqual({ method: 'POST', path: '/meals' });
    expect(routeOf('notifyList', 'spec')).toEqual({ method: 'GET', path: '/notify_list/:centerId' });
  });

  it('the wire test matches by the profile: a GET delete is a row only in spec, a DELETE only in ours', () => {
    expect(matchWireEndpoint('GET', '/education_delete/4', 'spec')).toBe('educationDelete');
    expect(matchWireEndpoint('DELETE', '/education_delete/4', 'spec')).toBeUndefined();
    expect(matchWireEndpoint('DELETE', '/education_delete/4', 'ashray')).toBe('educationDelete');
    expect(matchWireEndpoint('GET', '/education_delete/4', 'ashray')).toBeUndefined();
    // Our server matches its own table whatever the build (its permission check).
    expect(matchEndpoint('DELETE', '/education_delete/4')).toBe('educationDelete');
  });

  it('the build names the profile; unset is ours, an unknown name is refused', () => {
    expect(backendProfileNamed(undefined)).toBe('ashray');
    expect(backendProfileNamed('')).toBe('ashray');
    expect(backendProfileNamed('spec')).toBe('spec');
    expect(() => backendProfileNamed('laravel')).toThrow(/VITE_BACKEND_PROFILE must be one of ashray, spec/);
  });
});

describe('a build for the spec profile', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('sends its queued calls and paths where the profile says (the replay and service worker resolve through callOf)', async () => {
    vi.stubEnv('VITE_BACKEND_PROFILE', 'spec');
    vi.resetModules();
    const { callOf, descriptorOf } = await import('../../../sync/entities/registry');
    const { configuredBackendProfile, buildPath } = await import('../../../sync/contract');
    expect(configuredBackendProfile).toBe('spec');
    const remove = callOf(descriptorOf('history'), 'delete', { history_status: 'education' });
    expect([remove.method, remove.path, remove.effect]).toEqual(['GET', '/education_delete/:id', 'delete']);
    expect(callOf(descriptorOf('tags'), 'delete').method).toBe('GET');
    expect(callOf(descriptorOf('tags'), 'update').method).toBe('POST');
    expect(buildPath('deleteMeal', { id: 3 })).toBe('/meal_delete/3');
  });
});

describe('every request resolves through the profile', () => {
  it('no module outside sync/contract reads a verb or path from the endpoint table as written', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) return full.endsWith(join('sync', 'contract')) ? [] : files(full);
        return /\.(ts|tsx)$/.test(name) ? [full] : [];
      });
    // `wireEndpoints[x].method` or `.path`, directly or through a variable holding the row.
    const direct = /wireEndpoints\[[^\]]+\]\.(method|path)\b/;
    const held = /const (\w+) = wireEndpoints\[[^\]]+\];[\s\S]*?\b\1\.(method|path)\b/;
    // The server registers our rows as written (the `ashray` profile), whatever a build says: not scanned.
    const offenders = ['sync', 'src']
      .flatMap((dir) => files(dir))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return direct.test(text) || held.test(text);
      });
    expect(offenders).toEqual([]);
  });
});
