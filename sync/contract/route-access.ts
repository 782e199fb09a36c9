import { isAllowed, wireEndpoints, type WireEndpointName } from './endpoints';
import { can, exitRestoreRoutes, isAdministrator, isViewer, type Principal } from './permissions';

/*
 * Who may open each screen (spec part 1 section 6, part 2 section 2). A screen that lists
 * or details children from the device is open only to a role that may make the call it
 * stands for, so a screen never shows offline what the server would refuse (sync/SPEC.md,
 * R21): the rule is read from that call's row of the endpoint table, never restated.
 */

type RouteRule = (user: Principal) => boolean;

const anyone: RouteRule = () => true;
const adminsOnly: RouteRule = isAdministrator;
const adminsOrViewer: RouteRule = (u) => isAdministrator(u) || isViewer(u);
const mealManagers: RouteRule = (u) => adminsOrViewer(u) || can(u, 'view', 'meal_type');
/** A role that may make any one of the calls. */
const callers =
  (...names: WireEndpointName[]): RouteRule =>
  (u) =>
    names.some((name) => isAllowed(u, wireEndpoints[name].permission));

/** The calls behind each type of the /education, /medical and /mhp lists. */
export const beneficiaryListCalls = {
  '/education': { registered: 'regusersEducation', 'non-registered': 'nonRegusersEducation' },
  '/medical': { registered: 'regusersMedical', 'non-registered': 'nonRegusersMedical' },
  '/mhp': { registered: 'regusersMhp', 'non-registered': 'nonRegusersMhp' },
} as const satisfies Record<string, Record<'registered' | 'non-registered', WireEndpointName>>;
export type BeneficiaryListType = keyof (typeof beneficiaryListCalls)['/education'];

/** The types of a beneficiaries list (`path`: /education, /medical or /mhp) `user` may read; none for another path. */
export function beneficiaryListTypes(user: Principal, path: string): BeneficiaryListType[] {
  const calls: Partial<Record<string, Record<BeneficiaryListType, WireEndpointName>>> = beneficiaryListCalls;
  const of = calls[path];
  return of
    ? (['registered', 'non-registered'] as const).filter((t) => isAllowed(user, wireEndpoints[of[t]].permission))
    : [];
}

/** Who may open each route; paths not listed are open to any signed-in user. */
export const routeRules: Record<string, RouteRule> = {
  '/tag-management': adminsOnly,
  '/roles-management': adminsOnly,
  '/users-management': adminsOnly,
  '/center-management': adminsOnly,
  '/center-management/add-center': adminsOnly,
  '/sps-management': adminsOnly,
  '/reports': adminsOrViewer,
  '/reports/report-details': callers('singleReport'),
  '/groupReports/report-details': callers('groupSingleReport'),
  '/meals-management': adminsOrViewer,
  '/manage-meals': mealManagers,
  '/previous-balance': adminsOrViewer,
  '/notifications': callers('notifyList'),
  ...Object.fromEntries(
    Object.entries(beneficiaryListCalls).map(([path, calls]) => [path, callers(...Object.values(calls))]),
  ),
  ...Object.fromEntries(Object.keys(exitRestoreRoutes).map((p) => [p, callers('restoreExitList')])),
  '/short-stay-register': callers('shortStayRegisterList'),
};

/** Whether `user` may open `path`; a refused route redirects to /. */
export function canOpenRoute(user: Principal, path: string): boolean {
  return (routeRules[path] ?? anyone)(user);
}
