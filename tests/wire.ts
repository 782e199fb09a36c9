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

/** Checks one recorded request and counts it under its row; answers the row, or undefined when off the table. */
export function checkRecorded(described: WireRequest): string | undefined {
  const verdict = checkWireRequest(described);
  wire.checked++;
  if (!verdict.ok) {
    wire.problems.push(verdict.problem);
    return undefined;
  }
  wire.byEndpoint.set(verdict.endpoint, (wire.byEndpoint.get(verdict.endpoint) ?? 0) + 1);
  return verdict.endpoint;
}

/**
 * Records one request from a copy, without holding the original up. A body the client
 * gave up on (aborted mid-send) is checked by its method and path alone.
 */
export function recordWire(request: Request): void {
  const bare = { method: request.method, path: new URL(request.url).pathname, kind: 'none' as const, fields: [] };
  wire.pending.push(
    describeRequest(request).then(
      (described) => void checkRecorded(described),
      () => {
        const verdict = checkWireRequest(bare);
        // Only the row is known; an unknown path still fails.
        wire.checked++;
        if (!verdict.ok && !verdict.problem.includes('takes no body')) wire.problems.push(verdict.problem);
      },
    ),
  );
}

export function wireSummary(): string {
  return `wire: ${wire.checked} requests checked over ${wire.byEndpoint.size} endpoint rows, ${wire.problems.length} off the table`;
}

/** What a journey sent: the rows it used (a map of counts or a set of names). */
type Sent = ReadonlyMap<string, number> | ReadonlySet<string>;

const variantsWithoutScreen =
  'part 1 section 7 names the education, medical and MHP "save, update, list and delete variants" ' +
  "but no screen that sends /add_* or /save_*: the profile's Add sends the bare action save " +
  '(/education, /medical_consent, /mhp), one of the "multipart action saves with childregId" of ' +
  'the same table, and part 2 gives /education, /medical and /mhp as child lists whose payloads ' +
  'are "not shown" (sync/entities/child-records.ts)';
const noEntryEdit =
  "no screen edits a history entry: the profile's history tables offer only the delete of the " +
  "newest entry (part 1 section 4), so the entry's kind update is never sent from a screen";

/**
 * Documented rows (not marked `extension`) that the client may leave unsent in the e2e
 * journeys, each with why. Every other documented row must be sent by some journey.
 */
export const unsentReasons: Partial<Record<WireEndpointName, string>> = {
  addEducation: variantsWithoutScreen,
  saveEducation: variantsWithoutScreen,
  addMedical: variantsWithoutScreen,
  saveMedical: variantsWithoutScreen,
  addMhp: variantsWithoutScreen,
  saveMhp: variantsWithoutScreen,
  updateEducation: noEntryEdit,
  updateMedical: noEntryEdit,
  updateMhp: noEntryEdit,
  centersDetails:
    "Center Details' stat tiles are counted on the device from the synced centers " +
    '(sync/queries/admin.ts centersDetails), so they open offline and count centers saved here ' +
    'and not yet sent; the call is never made',
  getMealList:
    "Our Services reads the device's meals, pulled through the documented POST /meals " +
    '(getMealData); /meal_list is the fallback for a device without them, and the pull never ' +
    'marks meals missing since /meals is no extension (sync/queries/online-lists.ts deviceHoldsMeals)',
};

/** The documented rows `sent` did not use, with the reason given for each (or none). */
export function unsentDocumentedRows(
  sent: Sent = wire.byEndpoint,
): { endpoint: WireEndpointName; reason: string | undefined }[] {
  return wireEndpointNames
    .filter((name) => !wireEndpoints[name].extension && !sent.has(name))
    .map((endpoint) => ({ endpoint, reason: unsentReasons[endpoint] }));
}

/** Documented rows that no journey sent (over every `sent`) and that have no reason. */
export function unexplainedRows(...sent: Sent[]): WireEndpointName[] {
  return unsentDocumentedRows(new Set(sent.flatMap((s) => [...s.keys()])))
    .filter(({ reason }) => reason === undefined)
    .map(({ endpoint }) => endpoint);
}

/** The coverage line of `label` (a server mode) and the list of documented rows its journeys did not send. */
export function wireCoverage(sent: Sent = wire.byEndpoint, label = 'wire coverage'): string {
  const documented = wireEndpointNames.filter((name) => !wireEndpoints[name].extension);
  const unsent = unsentDocumentedRows(sent);
  const lines = unsent.map(
    ({ endpoint, reason }) =>
      `  ${wireEndpoints[endpoint].method} ${wireEndpoints[endpoint].path} (${endpoint}): ${reason ?? 'no journey sends it'}`,
  );
  return [`${label}: ${documented.length - unsent.length} of ${documented.length} documented rows sent`, ...lines].join(
    '\n',
  );
}
