import { createHarness, type DatabaseKind, type Harness } from '../../server/harness';

/** The real server in-process (PGlite in memory, or a fresh PostgreSQL database), and what the sync tests need of it. */
export type TestServer = Harness & {
  fetch: (request: Request) => Promise<Response>;
  /** A child payload the server accepts (every required field of the registration). */
  validChild: (name: string) => Record<string, unknown>;
  /** Server-side rows of children whose name starts with `prefix`. */
  childrenNamed: (prefix: string, token: string) => Promise<Array<Record<string, unknown>>>;
};

/**
 * `specOnly`: the server as SPEC_ONLY=1 runs it, a backend of the documented calls only.
 * `kind`: 'postgres' runs it on a throw-away PostgreSQL database (DATABASE_URL) with its pool.
 */
export async function startTestServer(options: { specOnly?: boolean; kind?: DatabaseKind } = {}): Promise<TestServer> {
  const harness = await createHarness(options.kind ?? 'pglite', undefined, { specOnly: options.specOnly });
  const fetch = async (request: Request) => harness.app.fetch(request);
  const token = await harness.login('admin@demo.test');
  const get = async (path: string) =>
    ((await (await harness.request(path, { token })).json()) as { data: Array<{ id: number }> }).data;
  const stateId = (await get('/api/state/101'))[0].id;
  const districtId = (await get(`/api/districts/${stateId}`))[0].id;

  const validChild = (name: string) => ({
    name,
    dateofarrival: '2026-11-01',
    gender: 'Male',
    ReferredBy: 'produce',
    short_stay_status: 'no',
    address: 'Platform 4, New Delhi Railway Station',
    countryId: 101,
    stateId,
    district: districtId,
    reference_type: 'Self',
    centerdetailId: 2,
  });

  const childrenNamed = async (prefix: string, bearer: string) => {
    // Filtered by name on the server: after a few hundred runs the table holds more
    // children than one page, and the newest would fall off the end of it.
    const response = await harness.request(
      '/api/child-registrations?per_page=1000&updated_since=1970-01-01T00:00:00.000Z',
      {
        method: 'POST',
        token: bearer,
        json: { name: prefix },
      },
    );
    const body = (await response.json()) as { data: Array<Record<string, unknown>> };
    return body.data.filter((c) => String(c.name).startsWith(prefix));
  };

  return { ...harness, fetch, validChild, childrenNamed };
}
