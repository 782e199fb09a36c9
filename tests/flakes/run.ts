/*
 * npm run flakes -- <files...> [--times N] [--stress] [--out DIR]
 *
 * Runs the given test files again and again and tells which ones failed at least once, with
 * the first error of each. A file under tests/unit runs in the unit project, tests/server and
 * tests/integration in the server project, tests/e2e in the e2e project (with no retry, so a
 * test that would pass only on its retry counts as a failure). Without files, every file of
 * every project is run. --stress runs `stress-ng --cpu <cores>` beside the runs (Debian's
 * stress-ng: `apt-get install -y stress-ng`), as a busy CI box would be.
 *
 * Each round is one vitest run of all the files, so an e2e round starts the server once.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

type Options = { files: string[]; times: number; stress: boolean; out: string };

function parseArgs(argv: string[]): Options {
  const files: string[] = [];
  let times = 20;
  let stress = false;
  let out = '';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--times') times = Number(argv[(i += 1)]);
    else if (arg === '--stress') stress = true;
    else if (arg === '--out') out = argv[(i += 1)];
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else files.push(arg);
  }
  if (!Number.isInteger(times) || times < 1) throw new Error('--times takes a whole number of rounds, 1 or more');
  return { files, times, stress, out: out || mkdtempSync(path.join(tmpdir(), 'ashray-flakes-')) };
}

const projectOf = (file: string): string => {
  const normal = `${file.replaceAll('\\', '/')}/`;
  if (normal.includes('tests/unit/')) return 'unit';
  if (normal.includes('tests/server/') || normal.includes('tests/integration/')) return 'server';
  if (normal.includes('tests/e2e/')) return 'e2e';
  throw new Error(`${file} is not under tests/unit, tests/server, tests/integration or tests/e2e (a file or a folder)`);
};

/** vitest's JSON report, as far as this script reads it. */
type JsonReport = {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
};

type Failure = { round: number; test: string; error: string };
type FileTally = { rounds: number; failures: Failure[] };

const firstLine = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0)
    ?.slice(0, 200) ?? '';

function runRound(options: Options, round: number): Promise<JsonReport | null> {
  const projects = options.files.length ? [...new Set(options.files.map(projectOf))] : ['unit', 'server', 'e2e'];
  const report = path.join(options.out, `round-${round}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...options.files];
  args.push('--reporter=dot', '--reporter=json', `--outputFile.json=${report}`);
  const log = openSync(path.join(options.out, `round-${round}.log`), 'w');
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
      stdio: ['ignore', log, log],
      env: { ...process.env, E2E_RETRIES: '0' },
    });
    child.on('exit', () => {
      closeSync(log);
      resolve(existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as JsonReport) : null);
    });
  });
}

function startStress(): ChildProcess {
  const found = spawnSync('stress-ng', ['--version'], { stdio: 'ignore' });
  if (found.error) throw new Error('--stress needs stress-ng: apt-get install -y stress-ng');
  return spawn('stress-ng', ['--cpu', String(availableParallelism()), '--quiet'], { stdio: 'ignore' });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  mkdirSync(options.out, { recursive: true });
  const stress = options.stress ? startStress() : null;
  const tally = new Map<string, FileTally>();
  const root = process.cwd() + path.sep;
  try {
    for (let round = 1; round <= options.times; round += 1) {
      const started = Date.now();
      const report = await runRound(options, round);
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!report) {
        console.log(`round ${round}: vitest wrote no report (see round-${round}.log)`);
        continue;
      }
      let failed = 0;
      for (const file of report.testResults) {
        const name = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
        const entry = tally.get(name) ?? { rounds: 0, failures: [] };
        entry.rounds += 1;
        const tests = file.assertionResults.filter((t) => t.status === 'failed');
        for (const t of tests)
          entry.failures.push({ round, test: t.fullName, error: firstLine(t.failureMessages[0] ?? '') });
        if (file.status === 'failed' && tests.length === 0)
          entry.failures.push({ round, test: '(the file)', error: firstLine(file.message ?? '') });
        if (file.status === 'failed') failed += 1;
        tally.set(name, entry);
      }
      console.log(
        `round ${round}/${options.times}: ${failed} of ${report.testResults.length} files failed (${seconds} s)`,
      );
    }
  } finally {
    stress?.kill('SIGTERM');
  }

  const rows = [...tally.entries()].sort(([a], [b]) => a.localeCompare(b));
  console.log(`\n| file | rounds | rounds failed | first failing test | its first error |`);
  console.log(`|---|---|---|---|---|`);
  for (const [file, entry] of rows) {
    const rounds = new Set(entry.failures.map((f) => f.round)).size;
    const first = entry.failures[0];
    const cell = (text: string) => text.replaceAll('|', '\\|');
    console.log(
      `| ${file} | ${entry.rounds} | ${rounds} | ${first ? cell(first.test) : ''} | ${first ? cell(first.error) : ''} |`,
    );
  }
  const flaky = rows.filter(([, e]) => e.failures.length > 0).length;
  console.log(`\n${flaky} of ${rows.length} files failed at least once; reports and logs in ${options.out}`);
  process.exitCode = flaky > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
