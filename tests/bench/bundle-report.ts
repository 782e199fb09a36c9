/*
 * npm run bundle-report: builds the app, then prints the first load of /login (JS + CSS,
 * gzip; goal ≤ 200 KB) and every chunk with its size, largest first.
 */
import { bundleReport, kb, sum, type BuiltFile } from './bundle';

const FIRST_LOAD_GOAL = 200 * 1024;

const row = (f: BuiltFile) =>
  `${f.file.padEnd(56)} ${kb(f.bytes).padStart(10)} ${kb(f.gzip).padStart(10)} ${(f.brotli === null ? '-' : kb(f.brotli)).padStart(10)}`;
const header = `${'file'.padEnd(56)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`;

const { firstLoad, chunks } = bundleReport(process.argv[2] ?? 'dist');
const firstGzip = sum(firstLoad, 'gzip');
console.log(`/login first load: ${firstLoad.length} files`);
console.log(header);
for (const f of firstLoad) console.log(row(f));
console.log(
  `total: ${kb(sum(firstLoad, 'bytes'))} raw, ${kb(firstGzip)} gzip, ${kb(sum(firstLoad, 'brotli'))} brotli (goal ≤ ${kb(FIRST_LOAD_GOAL)} gzip: ${firstGzip <= FIRST_LOAD_GOAL ? 'met' : 'missed'})`,
);
console.log(`\nevery chunk (${chunks.length}), largest first:`);
console.log(header);
for (const f of chunks) console.log(row(f));
console.log(`total: ${kb(sum(chunks, 'bytes'))} raw, ${kb(sum(chunks, 'gzip'))} gzip`);
