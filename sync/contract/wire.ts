import { API_PREFIX, matchWireEndpoint, wireEndpoints, type PayloadKind, type WireEndpointName } from './endpoints';
import { payloadFields } from './endpoints/payloads';

/*
 * The wire rule (DESIGN.md, The wire): every request the client sends is a row of the
 * endpoint table (method and path pattern) and carries only fields the row's payload
 * schema knows. The e2e and integration suites record every request and check it here.
 */

/** A request as seen on the wire: method, path (with or without /api), body kind and top-level fields. */
export type WireRequest = { method: string; path: string; kind: PayloadKind; fields: readonly string[] };

export type WireVerdict = { ok: true; endpoint: WireEndpointName } | { ok: false; problem: string };

/** The top-level field of a multipart key: `documents[0][tagId]` is `documents`. */
export const topField = (key: string): string => key.split('[')[0];

/** Whether a request matches a row and sends only fields the row's payload schema knows. */
export function checkWireRequest(request: WireRequest): WireVerdict {
  const path = request.path.startsWith(`${API_PREFIX}/`) ? request.path.slice(API_PREFIX.length) : request.path;
  const described = `${request.method.toUpperCase()} ${path}`;
  const endpoint = matchWireEndpoint(request.method, path);
  if (!endpoint) return { ok: false, problem: `${described} matches no endpoint row` };
  const row = wireEndpoints[endpoint];
  const fields = [...new Set(request.fields.map(topField))];
  if (row.payload === 'none') {
    if (request.kind !== 'none' || fields.length > 0)
      return {
        ok: false,
        problem: `${described} (${endpoint}) takes no body but sent ${fields.join(', ') || request.kind}`,
      };
    return { ok: true, endpoint };
  }
  if (request.kind !== 'none' && request.kind !== row.payload)
    return { ok: false, problem: `${described} (${endpoint}) is ${row.payload} but sent ${request.kind}` };
  const known = payloadFields(endpoint);
  if (!known) return { ok: false, problem: `${described} (${endpoint}) has no payload schema` };
  const unknown = fields.filter((f) => !known.has(f));
  if (unknown.length > 0)
    return {
      ok: false,
      problem: `${described} (${endpoint}) sent fields its payload schema does not know: ${unknown.join(', ')}`,
    };
  return { ok: true, endpoint };
}
