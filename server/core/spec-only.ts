import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  API_PREFIX,
  matchWireEndpoint,
  wireEndpointNames,
  wireEndpoints,
  type WireEndpointName,
} from '../../sync/contract';
import type { AppEnv } from './context';

/*
 * SPEC_ONLY=1: the reference server plays a backend that answers only the documented
 * calls (spec part 1 section 7, part 2 section 7), as the trust's Laravel backend does,
 * so the client's fallbacks (DESIGN.md, The wire) are tested against something real.
 * Everything it changes is here, in one middleware over the endpoint table:
 *
 * - an extension row answers 404 with Laravel's body for an unknown route, before the
 *   bearer check, exactly as a path that does not exist;
 * - the delta parameters (`updated_since`, `after_id`, `after_change`) are dropped from the query before
 *   any handler reads it, so a list answers its Laravel page and never a `sync` block;
 * - the headers of our write protocol, `If-Match` (sync/SPEC.md R11) and `Idempotency-Key`
 *   (R7), are dropped before any handler reads them: DESIGN.md (The wire) names them our
 *   extensions, so a stale write overwrites and a repeated create creates again, as on
 *   Laravel; the client detects conflicts and lost creates through documented reads;
 * - the fields our reports add to the spec's answers (part 2 section 3), and the
 *   unique_centerId our center names add to theirs (id and name), are left out.
 *
 * Kept: the stored files a documented answer points to. Child and user answers carry
 * `image_path` (part 1 section 7: login, /users, /child-registrations, /child_view with
 * `img_profile` and `img_documents`), and the app shows `image_path` + the file name;
 * our `image_path` is the extension route, so those rows stay served, still only with a
 * bearer token. A beneficiary's document files are named only by /beneficiary_documents,
 * itself an extension, so they go with it.
 */

/** Extension rows a documented answer points to (its image_path or documents): served in SPEC_ONLY too. */
export const specOnlyServedFileRows: ReadonlySet<WireEndpointName> = new Set<WireEndpointName>([
  'childImageFile',
  'userImageFile',
  'documentFile',
]);

/** The extension rows that answer 404 in SPEC_ONLY: every one but the files above. */
export const specOnlyHiddenRows: readonly WireEndpointName[] = wireEndpointNames.filter(
  (name) => 'extension' in wireEndpoints[name] && !specOnlyServedFileRows.has(name),
);

/** The query parameters of our delta pulls (sync/SPEC.md R15), unknown to the spec's backend. */
export const DELTA_PARAMS = ['updated_since', 'after_id', 'after_change'] as const;

/**
 * Fields of `data` (or of each of its rows) our server adds to a documented answer
 * (buildReport, buildGroupReport; centersList): part 2 section 3 and part 1's "center
 * names (id, name)" list the rest, which stay.
 */
export const specOnlyAddedFields: Partial<Record<WireEndpointName, readonly string[]>> = {
  reports: ['till_to', 'categories'],
  groupReport2: ['categories'],
  centersList: ['unique_centerId'],
};

const hidden = new Set(specOnlyHiddenRows);

/**
 * What Laravel answers for a route it does not have (NotFoundHttpException rendered as
 * JSON without debug): 404 and `{ message: 'The route api/... could not be found.' }`.
 */
export function laravelNotFound(c: Context) {
  const path = new URL(c.req.url).pathname.replace(/^\/+|\/+$/g, '');
  return c.json({ message: `The route ${path} could not be found.` }, 404);
}

/** The request headers of our write protocol (R7, R11), unknown to the spec's backend. */
export const PROTOCOL_HEADERS = ['if-match', 'idempotency-key'] as const;

/** The same request without the delta parameters and protocol headers; null when it has none. */
function withoutExtensions(raw: Request): Request | null {
  const url = new URL(raw.url);
  const hasParams = DELTA_PARAMS.some((param) => url.searchParams.has(param));
  const hasHeaders = PROTOCOL_HEADERS.some((header) => raw.headers.has(header));
  if (!hasParams && !hasHeaders) return null;
  for (const param of DELTA_PARAMS) url.searchParams.delete(param);
  const headers = new Headers(raw.headers);
  for (const header of PROTOCOL_HEADERS) headers.delete(header);
  // As hono's bodyLimit does: a new Request over the same (unread) body stream.
  return new Request(url, {
    method: raw.method,
    headers,
    body: raw.body,
    signal: raw.signal,
    duplex: 'half',
  } as RequestInit);
}

async function withoutAddedFields(response: Response, fields: readonly string[]): Promise<Response> {
  if (response.status !== 200 || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response.json()) as { data?: unknown };
  const records = Array.isArray(body.data) ? (body.data as unknown[]) : [body.data];
  for (const data of records)
    if (data && typeof data === 'object') for (const field of fields) delete (data as Record<string, unknown>)[field];
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/** The SPEC_ONLY middleware of the API (a no-op unless `deps.specOnly`). */
export const specOnlyMode = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('deps').specOnly) return next();
  const local = c.req.path.startsWith(API_PREFIX) ? c.req.path.slice(API_PREFIX.length) || '/' : c.req.path;
  const row = matchWireEndpoint(c.req.method, local);
  if (row && hidden.has(row)) return laravelNotFound(c);
  const stripped = withoutExtensions(c.req.raw);
  if (stripped) c.req.raw = stripped;
  await next();
  const added = row && specOnlyAddedFields[row];
  if (added) c.res = await withoutAddedFields(c.res, added);
});
