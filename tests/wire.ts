import { checkWireRequest, type WireRequest } from '../sync/contract/wire';
import { wireEndpointNames, wireEndpoints, type WireEndpointName } from '../sync/contract/endpoints';
import { describeRequest } from '../sync/contract/wire-record';

/*
 * The wire test (DESIGN.md, The wire): the integration suites record every request the
 * client sends and fail when one matches no endpoint row or sends a field the row's
 * payload schema does not know. The e2e suite does the same from the server's log.
 */
export const wire = {
  checked: 0,
  byEndpoint: new Map<string, number>(),
  problems: [] as string[],
  pending: [] as Promise<void>[],
};

export function checkRecorded(described: WireRequest): void {
  const verdict = checkWireRequest(described);
  wire.checked++;
  if (verdict.ok) wire.byEndpoint.set(verdict.endpoint, (wire.byEndpoint.get(verdict.endpoint) ?? 0) + 1);
  else wire.problems.push(verdict.problem);
}

/**
 * Records one request from a copy, without holding the original up. A body the client
 * gave up on (aborted mid-send) is checked by its method and path alone.
 */
export function recordWire(request: Request): void {
  const bare = { method: request.method, path: new URL(request.url).pathname, kind: 'none' as const, fields: [] };
  wire.pending.push(
    describeRequest(request).then(checkRecorded, () => {
      const verdict = checkWireRequest(bare);
      // Only the row is known; an unknown path still fails.
      wire.checked++;
      if (!verdict.ok && !verdict.problem.includes('takes no body')) wire.problems.push(verdict.problem);
    }),
  );
}

export function wireSummary(): string {
  return `wire: ${wire.checked} requests checked over ${wire.byEndpoint.size} endpoint rows, ${wire.problems.length} off the table`;
}

/**
 * Documented rows (not marked `extension`) that the client may leave unsent in the e2e
 * journeys, each with why. Every other documented row must be sent by some journey.
 */
export const unsentReasons: Partial<Record<WireEndpointName, string>> = {};

/** The documented rows no recorded request used, with the reason given for each (or none). */
export function unsentDocumentedRows(): { endpoint: WireEndpointName; reason: string | undefined }[] {
  return wireEndpointNames
    .filter((name) => !wireEndpoints[name].extension && !wire.byEndpoint.has(name))
    .map((endpoint) => ({ endpoint, reason: unsentReasons[endpoint] }));
}

/** The coverage line and the list of documented rows no journey sent. */
export function wireCoverage(): string {
  const documented = wireEndpointNames.filter((name) => !wireEndpoints[name].extension);
  const unsent = unsentDocumentedRows();
  const lines = unsent.map(
    ({ endpoint, reason }) =>
      `  ${wireEndpoints[endpoint].method} ${wireEndpoints[endpoint].path} (${endpoint}): ${reason ?? 'no journey sends it'}`,
  );
  return [
    `wire coverage: ${documented.length - unsent.length} of ${documented.length} documented rows sent`,
    ...lines,
  ].join('\n');
}
