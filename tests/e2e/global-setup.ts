import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { WireRequest } from '../../sync/contract/wire';
import { freshPostgres } from '../fresh-postgres';
import { checkRecorded, unexplainedRows, wire, wireCoverage, wireSummary } from '../wire';
import { e2eWorkers } from './workers';

declare module 'vitest' {
  // Vitest's provide/inject typing is declared by interface merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /**
     * One pair of servers per e2e worker (`e2eWorkers`): the normal one and the one started
     * with SPEC_ONLY=1 (only the documented calls). Files that run at once never share a pair.
     */
    servers: { baseUrl: string; specOnlyBaseUrl: string }[];
    demoPassword: string;
  }
}

const root = join(import.meta.dirname, '..', '..');
const demoPassword = 'demo1234';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/centers_points`);
      if (response.status === 401 || response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start in time:\n${log()}`);
}

type ServerProcess = {
  baseUrl: string;
  /** Stops the server, drops its database and answers the lines of its wire log. */
  stop: () => Promise<string[]>;
};

/**
 * Starts the app exactly as `npm start` serves it (the built PWA and the API in one
 * process) on a random port with a temporary data folder. Its database is PGlite in that
 * folder; with DATABASE_URL set, a fresh PostgreSQL database created for the run and
 * dropped after it, as the server suites do (tests/fresh-postgres.ts). `env` adds to the
 * environment (SPEC_ONLY).
 */
async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ashray-e2e-'));
  // The wire test: the server logs every API request (fields, never values) to this file.
  const wireLog = join(dataDir, 'wire.jsonl');
  const pg = process.env.DATABASE_URL ? await freshPostgres() : null;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: demoPassword,
      SEED_DEMO: '1',
      DATABASE_URL: pg?.url ?? '',
      WIRE_LOG: wireLog,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    const logged = existsSync(wireLog) ? readFileSync(wireLog, 'utf8').split('\n').filter(Boolean) : [];
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
    return logged;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * Every request the browser (page or service worker) sent must be a row of the endpoint
 * table with fields its payload schema knows; the tests' own API helpers are not the client.
 * Answers the problems and the rows this server's journeys used, with how often.
 */
function checkWireLog(label: string, logged: string[]): { problems: string[]; sent: Map<string, number> } {
  const before = { checked: wire.checked, problems: wire.problems.length };
  const sent = new Map<string, number>();
  for (const line of logged) {
    const request = JSON.parse(line) as WireRequest & { browser: boolean };
    if (!request.browser) continue;
    const endpoint = checkRecorded(request);
    if (endpoint) sent.set(endpoint, (sent.get(endpoint) ?? 0) + 1);
  }
  const problems = wire.problems.slice(before.problems);
  console.log(`e2e ${label}: ${wire.checked - before.checked} requests checked, ${problems.length} off the table`);
  return { problems: problems.map((problem) => `${label}: ${problem}`), sent };
}

/**
 * WIRE_COVERAGE_STRICT=1 fails the run when a documented row was sent in neither server
 * mode and has no reason in `unsentReasons` (tests/wire.ts). `npm run test:e2e` (and so
 * `npm test` and CI) sets it, as it runs every journey; a run of a few files leaves it unset
 * and only prints the coverage.
 */
const strictCoverage = process.env.WIRE_COVERAGE_STRICT === '1';

/**
 * The e2e servers, started together so the start-up is not doubled: for each worker
 * (`e2eWorkers`, tests/e2e/workers.ts) the normal one and one with SPEC_ONLY=1, which answers
 * only the documented calls as the trust's backend does (server/core/spec-only.ts). Each has
 * its own port, data folder or database and wire log, the same demo seed and password, so
 * two files running at once never see each other's writes.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    // As `npm run build` builds it: vitest runs with NODE_ENV=test, which a child vite would
    // inherit and so build React's development bundle without the service worker's registration.
    const build = spawnSync('npx', ['vite', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const starting = Array.from({ length: e2eWorkers }, () => [
    startServerProcess(),
    startServerProcess({ SPEC_ONLY: '1' }),
  ]).flat();
  const started = await Promise.allSettled(starting);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    for (const result of started) if (result.status === 'fulfilled') await result.value.stop();
    throw failed.reason;
  }
  const servers = started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value);
  const normals = servers.filter((_, i) => i % 2 === 0);
  const specOnlys = servers.filter((_, i) => i % 2 === 1);
  console.log(
    `e2e servers (${e2eWorkers} × normal and SPEC_ONLY) on ${process.env.DATABASE_URL ? 'PostgreSQL (a database each for this run)' : 'PGlite'}`,
  );
  project.provide(
    'servers',
    normals.map((normal, i) => ({ baseUrl: normal.baseUrl, specOnlyBaseUrl: specOnlys[i]!.baseUrl })),
  );
  project.provide('demoPassword', demoPassword);

  return async () => {
    const logs = await Promise.all(servers.map((server) => server.stop()));
    const normal = checkWireLog('servers', logs.filter((_, i) => i % 2 === 0).flat());
    const specOnlyChecked = checkWireLog('SPEC_ONLY servers', logs.filter((_, i) => i % 2 === 1).flat());
    const problems = [...normal.problems, ...specOnlyChecked.problems];
    console.log(`e2e ${wireSummary()}`);
    // Coverage per server mode, then over both (a row sent in either mode counts). The
    // unsent rows go to a file and only the counts to the console: printed last, the
    // whole lists pushed a failed run's test summary out of the log's tail.
    const coverage = [
      wireCoverage(normal.sent, 'wire coverage, normal server'),
      wireCoverage(specOnlyChecked.sent, 'wire coverage, SPEC_ONLY server'),
      wireCoverage(wire.byEndpoint, 'wire coverage, both modes'),
    ];
    const coverageFile = join(root, '.tmp', 'wire-coverage.txt');
    mkdirSync(join(root, '.tmp'), { recursive: true });
    writeFileSync(coverageFile, `${coverage.join('\n')}\n`);
    for (const report of coverage) console.log(report.split('\n')[0]);
    console.log(`the documented rows no journey sent, with their reasons: ${coverageFile}`);
    if (problems.length > 0) throw new Error(`Requests off the endpoint table:\n${[...new Set(problems)].join('\n')}`);
    const unexplained = unexplainedRows(normal.sent, specOnlyChecked.sent);
    if (strictCoverage && unexplained.length > 0)
      throw new Error(
        `Documented rows sent in neither server mode and without a reason (tests/wire.ts unsentReasons):\n${unexplained.join('\n')}`,
      );
  };
}
