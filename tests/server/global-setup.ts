import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seedDatabase } from '../../server/db/seed';
import { DEMO_PASSWORD } from './harness';

declare module 'vitest' {
  // Vitest's provide/inject typing is declared by interface merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A PGlite database migrated and seeded as the harness seeds by default, dumped to this file. */
    seededPglite: string;
  }
}

/**
 * Migrates and seeds one in-memory PGlite for the whole server run and dumps it: every
 * suite on PGlite with the default seed starts from a copy (harness.ts) instead of running
 * initdb, the migrations and the demo seed's password hashing again, which took each
 * suite seconds of the 2-core CI box.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoPassword: DEMO_PASSWORD });
  await database.analyzeStale();
  const dump = await database.dumpDataDir!();
  await database.close();
  const folder = mkdtempSync(path.join(tmpdir(), 'ashray-seeded-'));
  const file = path.join(folder, 'seeded.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('seededPglite', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
