import { can, isAdministrator, isViewer, type Principal } from './permissions';
import { coreEndpoints } from './endpoints/core';
import { listEndpoints } from './endpoints/lists';
import { extensionEndpoints } from './endpoints/extensions';
import type { EndpointPermission, EndpointRule, EndpointSpec } from './endpoints/types';
import { backendProfiles, configuredBackendProfile, type BackendProfileName, type Route } from './endpoints/profiles';

export type { EndpointPermission, EndpointRule, EndpointSpec, HttpMethod, PayloadKind } from './endpoints/types';
export {
  backendProfileNamed,
  backendProfileNames,
  backendProfiles,
  configuredBackendProfile,
  type BackendProfile,
  type BackendProfileName,
  type Route,
} from './endpoints/profiles';

/** Every call of both spec parts, under /api. The authorisation matrix tests are generated from it. */
export const endpoints = { ...coreEndpoints, ...listEndpoints } satisfies Record<string, EndpointSpec>;

/** The name of a call in {@link endpoints}. */
export type EndpointName = keyof typeof endpoints;

/**
 * Every row the client may send: the spec's calls and our sync extensions (marked
 * `extension`). Requests are built from these rows by name and nowhere else; the wire
 * test fails on a request that matches none of them.
 */
export const wireEndpoints = { ...endpoints, ...extensionEndpoints } satisfies Record<string, EndpointSpec>;

/** The name of a row of {@link wireEndpoints}. */
export type WireEndpointName = keyof typeof wireEndpoints;

/** The names of every row the client may send. */
export const wireEndpointNames = Object.keys(wireEndpoints) as WireEndpointName[];

/** The names of every call. */
export const endpointNames = Object.keys(endpoints) as EndpointName[];

/** The API prefix every path lives under. */
export const API_PREFIX = '/api';

/** The `:param` names of a path template. */
export type PathParams<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

/** The parameters a call's path needs. */
export type EndpointParams<N extends WireEndpointName> = Record<
  PathParams<(typeof wireEndpoints)[N]['path']>,
  string | number
>;

/**
 * Where the client sends a row: its method and path under the backend profile this build
 * was made for (endpoints/profiles.ts; ours unless VITE_BACKEND_PROFILE says otherwise).
 * The table itself stays our server's: the server registers and checks it as written.
 */
export function routeOf(name: WireEndpointName, profile: BackendProfileName = configuredBackendProfile): Route {
  const row: Route = wireEndpoints[name];
  const changed = backendProfiles[profile][name];
  return { method: changed?.method ?? row.method, path: changed?.path ?? row.path };
}

/** The `:param` names of a row's path, in order. */
export const pathParamNames = (name: WireEndpointName): string[] =>
  [...routeOf(name).path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);

/**
 * The path of a call with its parameters filled in (encoded), without the /api prefix:
 * `buildPath('childView', { id: 7 })` is '/child_view/7'. A missing parameter throws.
 */
export function buildPath<N extends WireEndpointName>(name: N, params: EndpointParams<N>): string {
  const values: Partial<Record<string, string | number>> = params;
  return routeOf(name).path.replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The fixed start of a row's path, before its first parameter ('/files/children/'). */
export const pathPrefix = (name: WireEndpointName): string => routeOf(name).path.split(':')[0];

/** {@link buildPath} with the /api prefix. */
export const apiPath = <N extends WireEndpointName>(name: N, params: EndpointParams<N>): string =>
  API_PREFIX + buildPath(name, params);

/** The rules of an endpoint's permission, every one of which must pass. */
export const permissionRules = (permission: EndpointPermission): readonly EndpointRule[] =>
  typeof permission === 'object' && 'length' in permission ? permission : [permission as EndpointRule];

/** Whether `user` (null when signed out) passes an endpoint's permission (every rule of a list); centers are checked separately. */
export function isAllowed(user: Principal | null, permission: EndpointPermission): boolean {
  return permissionRules(permission).every((rule) => isAllowedBy(user, rule));
}

function isAllowedBy(user: Principal | null, permission: EndpointRule): boolean {
  if (permission === 'public') return true;
  if (!user) return false;
  if (permission === 'authenticated') return true;
  if (permission === 'admin') return isAdministrator(user);
  if (permission === 'adminOrViewer') return isAdministrator(user) || isViewer(user);
  return can(user, permission.action, permission.module) || (permission.orViewer === true && isViewer(user));
}

/** Finds the call a method and concrete path (without /api) belong to on our server (its permission check, tests). */
export function matchEndpoint(method: string, path: string): EndpointName | undefined {
  return endpointNames.find((name) => {
    const spec = endpoints[name];
    if (spec.method !== method.toUpperCase()) return false;
    const pattern = new RegExp(`^${spec.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
    return pattern.test(path);
  });
}

/**
 * The row a request the client sent belongs to, over every row it may send (extensions
 * included), as the build's backend profile routes them: the wire test's match.
 */
export function matchWireEndpoint(
  method: string,
  path: string,
  profile: BackendProfileName = configuredBackendProfile,
): WireEndpointName | undefined {
  return wireEndpointNames.find((name) => {
    const spec = routeOf(name, profile);
    if (spec.method !== method.toUpperCase()) return false;
    return new RegExp(`^${spec.path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(path);
  });
}
