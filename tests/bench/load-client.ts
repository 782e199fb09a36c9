/*
 * The head office's clients, in a process of their own (tests/bench/server-load.ts forks it):
 * `connections` kept-alive connections, each sending its next request as soon as the last one
 * is answered, for `seconds`; prints one JSON line with the latencies and the rate. Plain
 * node:http, so the clients cost the shared CPU as little as they can.
 */
import http from 'node:http';

/** One request a client sends: its method, path, headers and body. */
export type LoadRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

/** What the parent asks: where, who, how many clients for how long, and which scenario. */
export type LoadJob = {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  /** Sent and not measured first: the server's first requests compile its code and fill its caches. */
  warmupSeconds: number;
  scenario: Scenario;
  /** The bench children's ids (a view asks for one of them) and the centers they are in. */
  firstId: number;
  lastId: number;
  centers: number[];
  stateId: number;
  districtId: number;
};

export type Scenario = 'list' | 'view' | 'create';

export type LoadResult = {
  scenario: string;
  requests: number;
  /** Every request answered, the warm-up's included: what the server's CPU time was spent on. */
  answered: number;
  errors: number;
  /** The first error's status and body, to say why. */
  firstError: string | null;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** Runs `make` from `connections` clients at once for `seconds` after `warmupSeconds`; latencies in ms. */
export async function runLoad(
  job: Pick<LoadJob, 'url' | 'token' | 'connections' | 'seconds' | 'warmupSeconds'>,
  scenario: string,
  make: (i: number) => LoadRequest,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const base = new URL(job.url);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let counter = 0;
  let answered = 0;
  const send = (request: LoadRequest) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          hostname: base.hostname,
          port: base.port,
          method: request.method,
          path: request.path,
          // As the app's clients ask: compressed answers (server/core/compress.ts) are part of the cost.
          headers: { authorization: `Bearer ${job.token}`, 'accept-encoding': 'br, gzip', ...request.headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(request.body);
    });
  const warmedUp = performance.now() + job.warmupSeconds * 1000;
  const until = warmedUp + job.seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const request = make(counter++);
      const t = performance.now();
      try {
        const { status, text } = await send(request);
        answered++;
        // A request sent during the warm-up is not timed, even if answered after it.
        if (t >= warmedUp) latencies.push(performance.now() - t);
        if (status >= 400) {
          errors++;
          firstError ??= `${status} ${text.slice(0, 200)}`;
        }
      } catch (error) {
        errors++;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, client));
  const elapsed = performance.now() - warmedUp;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    scenario,
    requests: sorted.length,
    answered,
    errors,
    firstError,
    perSecond: (sorted.length / elapsed) * 1000,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/*
 * The child list as head office uses it (spec part 1 section 3, 'Search User Details
 * Filters'): a page of 10, unfiltered at different pages, by center, by name, by gender and
 * arrival dates, by Present Status; in turn, so every client sends each of them.
 */
function listRequest(job: LoadJob, i: number): LoadRequest {
  const center = job.centers[i % job.centers.length];
  const bodies: Record<string, unknown>[] = [
    {},
    { centerId: center },
    { name: `Child ${(i % 97) + 1}` },
    { centerId: center, gender: 'Female', from_date: '2024-03-01', to_date: '2024-09-30' },
    { history_status: 'medical_issue' },
  ];
  const page = 1 + (i % 5);
  return {
    method: 'POST',
    path: `/api/child-registrations?page=${page}&per_page=10`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bodies[i % bodies.length]),
  };
}

const viewRequest = (job: LoadJob, i: number): LoadRequest => ({
  method: 'GET',
  path: `/api/child_view/${job.firstId + ((i * 7919) % (job.lastId - job.firstId + 1))}`,
});

/** A Quick Add as the app sends it: multipart, with its own Idempotency-Key. */
function createRequest(job: LoadJob, i: number): LoadRequest {
  const boundary = `bench${process.pid}x${i}`;
  const fields = {
    name: `Load Child ${process.pid}-${i}`,
    gender: i % 2 ? 'Female' : 'Male',
    dateofarrival: '2026-11-01',
    ReferredBy: 'produce',
    short_stay_status: 'no',
    address: 'Bench address',
    countryId: '101',
    stateId: String(job.stateId),
    district: String(job.districtId),
    reference_type: 'Self',
    centerdetailId: String(job.centers[i % job.centers.length]),
  };
  const body =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return {
    method: 'POST',
    path: '/api/child_add',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': `${process.pid}-${i}-${Date.now()}`,
    },
    body,
  };
}

const makers = { list: listRequest, view: viewRequest, create: createRequest };

// Forked by server-load.ts with the job as its argument: one scenario, one JSON line.
if (process.argv[2]) {
  const job = JSON.parse(process.argv[2]) as LoadJob;
  const result = await runLoad(job, job.scenario, (i) => makers[job.scenario](job, i));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
