import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { databaseStore } from '../../server/files/database-store';
import { s3Store } from '../../server/files/s3-store';
import type { FileStore } from '../../server/files/store';
import { startServer, type RunningServer } from '../../server/server';
import { freshPostgres } from '../fresh-postgres';
import { localS3 } from '../local-s3';
import { createHarness, databaseKinds, DEMO_PASSWORD, type DatabaseKind, type Harness } from './harness';
import { jpg, JPEG_BYTES, multipart, png, PNG_BYTES, validChild } from './uploads';

/*
 * Files every process can serve: a child's photo saved through one API process is served by
 * another with its own DATA_DIR on the same database, from the database's `files` table or
 * from an S3 bucket. On PostgreSQL these are two real servers (startServer, HTTP); PGlite is
 * one process's database, so there the two are two apps on one database, each with its own
 * store object.
 */

type Process = { request: (url: string, init?: RequestInit) => Promise<Response> };
type Pair = { a: Process; b: Process; dataDirs: string[]; close: () => Promise<void> };

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ashray-shared-'));
/** The files under a data folder's uploads/ (none when there is no such folder). */
const filesLeft = (dataDir: string) =>
  existsSync(path.join(dataDir, 'uploads'))
    ? readdirSync(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    : [];

async function twoProcesses(kind: DatabaseKind, store: 'database' | 's3'): Promise<Pair> {
  const s3 = store === 's3' ? await localS3() : null;
  if (kind === 'pglite') {
    const h: Harness = await createHarness('pglite', {}, { fileStore: 'database' });
    const storeOf = (): FileStore => (s3 ? s3Store(s3.config) : databaseStore(h.db));
    const stores = [storeOf(), storeOf()];
    const [a, b] = stores.map((fileStore) => createApp({ db: h.db, fileStore, logError: () => {} }));
    return {
      a: { request: async (url, init) => a.request(url, init) },
      b: { request: async (url, init) => b.request(url, init) },
      dataDirs: [],
      close: async () => {
        for (const s of stores) await s.close();
        await h.close();
        await s3?.stop();
      },
    };
  }
  const pg = await freshPostgres();
  const dataDirs = [tempDir(), tempDir()];
  const servers: RunningServer[] = [];
  for (const dataDir of dataDirs)
    servers.push(
      await startServer({
        dataDir,
        databaseUrl: pg.url,
        port: 0,
        host: '127.0.0.1',
        quiet: true,
        files: s3 ? { s3: s3.config } : undefined,
      }),
    );
  const over = (server: RunningServer): Process => ({ request: (url, init) => fetch(server.url + url, init) });
  return {
    a: over(servers[0]),
    b: over(servers[1]),
    dataDirs,
    close: async () => {
      for (const server of servers) await server.close();
      await pg.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await s3?.stop();
    },
  };
}

const cases = databaseKinds.flatMap((kind) => (['database', 's3'] as const).map((store) => [kind, store] as const));

describe.each(cases)('a photo saved through one process is served by another (%s, %s store)', (kind, store) => {
  let pair: Pair;
  let token: string;
  beforeAll(async () => {
    pair = await twoProcesses(kind, store);
    const login = await pair.a.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailId: 'admin@demo.test', password: DEMO_PASSWORD }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
  });
  afterAll(() => pair?.close());

  const send = (p: Process, url: string, fields: Record<string, string | number | File>) =>
    p.request(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: multipart(fields) });
  const photo = async (p: Process, name: string) => {
    const response = await p.request(`/api/files/children/${name}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  it('saves through A, serves through B; a photo replaced through B is gone from A too', async () => {
    const centers = await pair.a.request('/api/centers_list', { headers: { authorization: `Bearer ${token}` } });
    const center = ((await centers.json()) as { data: { id: number }[] }).data[0].id;
    const added = await send(pair.a, '/api/child_add', { ...validChild, centerdetailId: center, image: png() });
    expect(added.status).toBe(200);
    const saved = ((await added.json()) as { data: { id: number; image: string } }).data;

    const served = await photo(pair.b, saved.image);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(PNG_BYTES);
    // Neither process kept it in its own folder.
    for (const dir of pair.dataDirs) expect(filesLeft(dir)).toEqual([]);

    const replaced = await send(pair.b, '/api/child_update', { id: saved.id, image: jpg() });
    expect(replaced.status).toBe(200);
    const image = ((await replaced.json()) as { data: { image: string } }).data.image;
    expect((await photo(pair.a, image)).bytes).toEqual(JPEG_BYTES);
    expect((await photo(pair.a, saved.image)).status).toBe(404);
  });
});

const hex = () => randomBytes(16).toString('hex');

/** Files as a deployment started before uploads moved out of DATA_DIR left them. */
function oldUploads(dataDir: string) {
  const files = new Map([
    [`children/${hex()}.png`, PNG_BYTES],
    [`documents/${hex()}.mp3`, Uint8Array.from(Buffer.from('ID3 an old recording'))],
    [`users/${hex()}.jpg`, JPEG_BYTES],
  ]);
  for (const [key, bytes] of files) {
    mkdirSync(path.join(dataDir, 'uploads', path.dirname(key)), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', key), bytes);
  }
  return files;
}

describe.each(databaseKinds)('a start moves the files a folder still holds into the database (%s)', (kind) => {
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    dataDir = tempDir();
    if (kind === 'postgres') ({ url: databaseUrl, drop } = await freshPostgres());
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // PGlite keeps the folder by default; asked for the database store, it moves the same way
  // (and, two starts of an embedded database being slow on a busy box, without the demo).
  const start = () =>
    startServer({
      dataDir,
      databaseUrl,
      port: 0,
      host: '127.0.0.1',
      quiet: true,
      ...(kind === 'pglite' ? { files: { kind: 'database' }, seedDemo: false, adminPassword: 'moved-files-9' } : {}),
    });

  it('moves every file, serves it, and a second start finds nothing left to move', { timeout: 240_000 }, async () => {
    const files = oldUploads(dataDir);
    let server = await start();
    expect(filesLeft(dataDir)).toEqual([]);
    const photo = [...files.keys()][0].split('/')[1];
    if (kind === 'postgres') {
      // Served through the API once a child names it (as its row did before the move).
      const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
      await sql`update children set image = ${photo} where id = (select min(id) from children)`;
      await sql.end();
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailId: 'admin@demo.test', password: DEMO_PASSWORD }),
      });
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      const served = await fetch(`${server.url}/api/files/children/${photo}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);
    }
    await server.close();
    server = await start();
    await server.close();
    expect(filesLeft(dataDir)).toEqual([]);
    // Every byte is in the database.
    const database = await openDatabase({ dataDir, databaseUrl });
    const store = databaseStore(database.db);
    try {
      for (const [key, bytes] of files) expect(await store.get(key), key).toEqual(bytes);
    } finally {
      await database.close();
    }
  });
});
