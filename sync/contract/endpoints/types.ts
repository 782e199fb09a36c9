import type { PermissionAction, PermissionModule } from '../permissions';

/** HTTP method of a call. */
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** How a call's request carries its data. */
export type PayloadKind = 'none' | 'json' | 'multipart';

/**
 * One rule of who may make a call: anyone (login), any signed-in user, administrators
 * only, administrators and the viewer role, or a module permission as `can()` decides it
 * (`orViewer` also lets the viewer role through, as the part 2 routes do).
 */
export type EndpointRule =
  | 'public'
  | 'authenticated'
  | 'admin'
  | 'adminOrViewer'
  | { module: PermissionModule; action: PermissionAction; orViewer?: boolean };

/** Who may make a call: one rule, or a list of rules that must all pass (`allOf`). */
export type EndpointPermission = EndpointRule | readonly EndpointRule[];

/** One row of the endpoint table. */
export type EndpointSpec = {
  method: HttpMethod;
  /** Under /api; `:name` marks a path parameter. */
  path: string;
  payload: PayloadKind;
  permission: EndpointPermission;
  /** Whether a user whose centerId is not 1 only reaches its own center's records. */
  centerScoped: boolean;
  /** Whether the answer is a page (`?page=` and `pagination`). */
  paged?: boolean;
  /**
   * A call the spec does not list (DESIGN.md, The wire): one of our sync protocol, which
   * the client works without (a full pull and diff instead of a delta, no file preview),
   * or one of a record of ours the spec names without its calls (a beneficiary's documents).
   */
  extension?: true;
};

type Options = { scoped?: boolean; paged?: boolean; extension?: boolean };

const row =
  <M extends HttpMethod, K extends PayloadKind>(method: M, payload: K) =>
  <const P extends string, const Perm extends EndpointPermission>(
    path: P,
    permission: Perm,
    options: Options = {},
  ) => ({
    method,
    path,
    payload,
    permission,
    centerScoped: options.scoped ?? false,
    ...(options.paged ? { paged: true } : {}),
    ...(options.extension ? { extension: true as const } : {}),
  });

/** A read. */
export const get = row('GET', 'none');
/** A JSON create, update or query with a body. */
export const postJson = row('POST', 'json');
/** A multipart save (forms with files). */
export const postMultipart = row('POST', 'multipart');
/** A body-less write (status change, reopen). */
export const postNone = row('POST', 'none');
/** A delete by id. */
export const del = row('DELETE', 'none');

/** Shorthand for a module permission. */
export const perm = <const M extends PermissionModule, const A extends PermissionAction>(
  module: M,
  action: A,
  orViewer?: true,
) => (orViewer ? { module, action, orViewer } : { module, action });

/** Rules that must all pass. */
export const allOf = <const R extends readonly EndpointRule[]>(...rules: R): R => rules;

/*
 * What a read shows decides what it needs (spec part 1 section 6; sync/SPEC.md, R21), as
 * the part 1 reads already do: a read that names children (name, Aadhar, case numbers)
 * needs child_registration view; one that shows their history entries needs
 * child_tracking view too; non-registered beneficiaries and their documents need
 * child_tracking view, as their writes need child_tracking. Counts name no one.
 */
/** A read that names children. */
export const namesChildren = perm('child_registration', 'view');
/** A read that shows children's history entries (and names them). */
export const showsChildHistory = allOf(namesChildren, perm('child_tracking', 'view'));
/** A read of non-registered beneficiaries or their documents. */
export const showsBeneficiaries = perm('child_tracking', 'view');
