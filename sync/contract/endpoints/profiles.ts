import type { coreEndpoints } from './core';
import type { extensionEndpoints } from './extensions';
import type { listEndpoints } from './lists';
import type { HttpMethod } from './types';

/*
 * One backend profile: where the verbs and paths the spec leaves out come from. Spec part 1
 * section 7 gives the verb of login, logout, the lookups, the center and user writes and
 * says "HTTP verbs for several of these (the ones listed without one, mainly deletes and
 * saves) are not shown"; part 2 section 7 gives call names only ("exact verbs and paths
 * for this area: not shown"). Our answers to those gaps are the rows of core.ts, lists.ts
 * and extensions.ts as written: the `ashray` profile, the one our server registers
 * (server/, through `endpoints`) whatever the build says.
 *
 * `spec` is a trust backend's usual Laravel routing for such a table: reads GET, writes
 * POST (part 1 calls every save multipart or a body, and Laravel apps post forms), and
 * the `*_delete/{id}` routes GET, as Laravel apps that name deletes in the path register
 * them (`Route::get('tag_delete/{id}', ...)`); paths as the spec writes them, part 2's
 * as ours (snake_case of part 1). It names only what differs from ours. Rows the spec does
 * not list (our extensions, beneficiaries) keep ours: such a backend has none of them.
 *
 * The build chooses one (`VITE_BACKEND_PROFILE=spec|ashray`, default ashray); every
 * request the app and its service worker send resolves its row through it (`routeOf`
 * in ../endpoints.ts), and so does the wire test.
 */

type RowName = keyof typeof coreEndpoints | keyof typeof listEndpoints | keyof typeof extensionEndpoints;

/** Where a row is sent: its method and its path under /api (`:name` for a parameter). */
export type Route = { method: HttpMethod; path: string };

/** What a profile sends differently from the rows as written (ours). */
export type BackendProfile = Partial<Record<RowName, Partial<Route>>>;

export const backendProfileNames = ['ashray', 'spec'] as const;

/** A backend profile's name. */
export type BackendProfileName = (typeof backendProfileNames)[number];

const viaGet = { method: 'GET' } as const;

/** The profiles by name; `ashray` is the table as written. */
export const backendProfiles: Record<BackendProfileName, BackendProfile> = {
  ashray: {},
  spec: {
    centerDelete: viaGet,
    centerHistoryDelete: viaGet,
    tagDelete: viaGet,
    roleDelete: viaGet,
    userDelete: viaGet,
    childDelete: viaGet,
    childDocumentsDelete: viaGet,
    activityLogsDelete: viaGet,
    listingDelete: viaGet,
    educationDelete: viaGet,
    medicalDelete: viaGet,
    mhpDelete: viaGet,
    produceToCwcDelete: viaGet,
    referToCwcDelete: viaGet,
    deleteMeal: viaGet,
  },
};

/**
 * The profile a name asks for: unset or empty is ours; an unknown name is a build
 * mistake, refused at once rather than sending every call to the wrong place.
 */
export function backendProfileNamed(name: string | undefined): BackendProfileName {
  if (name === undefined || name === '') return 'ashray';
  if ((backendProfileNames as readonly string[]).includes(name)) return name as BackendProfileName;
  throw new Error(`VITE_BACKEND_PROFILE must be one of ${backendProfileNames.join(', ')}, not ${name}`);
}

/** The profile this build sends with (VITE_BACKEND_PROFILE; Node, the server included, has none: ours). */
export const configuredBackendProfile: BackendProfileName = backendProfileNamed(
  import.meta.env?.VITE_BACKEND_PROFILE as string | undefined,
);
