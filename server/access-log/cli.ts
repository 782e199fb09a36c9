/*
 * `npm run access-log -- check`: walks the access log's hash chain (chain.ts) and prints
 * its head, or the first broken row; exits 1 when broken.
 * `npm run access-log -- retention [--years N]`: the retention dry run (retention.ts), one
 * line per child due, ids and counts only; changes nothing.
 * The database is the server's: DATABASE_URL, else PGlite in DATA_DIR (default ./data).
 */
import path from 'node:path';
import { openDatabase } from '../db/client';
import { checkChain } from './chain';
import { DEFAULT_RETENTION_YEARS, retentionDryRun } from './retention';

const [command, ...rest] = process.argv.slice(2);
const yearsAt = rest.indexOf('--years');
const years = yearsAt >= 0 ? Number(rest[yearsAt + 1]) : Number(process.env.RETENTION_YEARS || DEFAULT_RETENTION_YEARS);

if (command !== 'check' && command !== 'retention') {
  console.error('Usage: npm run access-log -- check | retention [--years N]');
  process.exit(2);
}
if (!Number.isInteger(years) || years < 1) {
  console.error('The retention period is a whole number of years, 1 or more.');
  process.exit(2);
}

const database = await openDatabase({
  dataDir: path.resolve(process.env.DATA_DIR || './data'),
  databaseUrl: process.env.DATABASE_URL || undefined,
});
let code = 0;
try {
  await database.migrate();
  if (command === 'check') {
    const report = await checkChain(database.db);
    if (report.ok) console.log(`Access log intact: ${report.rows} entries, head ${report.head}`);
    else {
      console.log(`Access log broken at entry ${report.brokenAt} (${report.reason}) after ${report.rows} good entries`);
      code = 1;
    }
  } else {
    const today = new Date().toISOString().slice(0, 10);
    const due = await retentionDryRun(database.db, years, today);
    console.log(
      `Dry run: ${due.length} children left care more than ${years} years before ${today}; nothing is changed.`,
    );
    for (const d of due)
      console.log(
        `child ${d.child_id} center ${d.center_id ?? '-'} ${d.status} on ${d.left_on}: ${d.documents} documents, ${d.access_entries} access entries`,
      );
  }
} finally {
  await database.close();
}
process.exit(code);
