import 'fake-indexeddb/auto';
import { AppDb } from '../../../sync/db/app-db';
import type { EntityName } from '../../../sync/entities/registry';
import { SyncEngine } from '../../../sync/engine/engine';
import { createTransport } from '../../../sync/net/transport';
import { FaultyFetch, type ServerFetch } from './faulty-fetch';

let counter = 0;

/** A simulated device: its own IndexedDB, its own network, the engine the app uses. */
export class Device {
  readonly db: AppDb;
  readonly net: FaultyFetch;
  engine: SyncEngine;
  token: string;

  constructor(
    server: ServerFetch,
    token: string,
    readonly name = `device-${++counter}`,
    private readonly options: { collections?: EntityName[]; perPage?: number; timeoutMs?: number } = {},
  ) {
    this.db = new AppDb(`${name}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    this.net = new FaultyFetch(server);
    this.token = token;
    this.engine = this.newEngine();
  }

  private newEngine(): SyncEngine {
    const options = this.options;
    const transport = createTransport({
      baseUrl: () => 'http://ashray.test/api/',
      token: () => this.token,
      fetch: this.net.fetch,
    });
    return new SyncEngine({
      db: this.db,
      transport,
      collections: options.collections ?? ['children', 'history'],
      random: () => 0, // no backoff waits in tests; the order of faults is what is tested
      // Generous, so a busy machine never turns a slow answer into a fault nobody injected.
      timeoutMs: options.timeoutMs ?? 10_000,
      perPage: options.perPage,
      // The test drives every replay: one fired 400 ms after a write would race its faults
      // and steps, and under load it lands between other steps (an order no seed replays).
      replayAfterWrite: false,
      server: () => 'http://ashray.test/api/',
    });
  }

  /** From now on, answers are waited for `ms` (a new engine over the same database). */
  waitAnswersFor(ms: number): void {
    this.options.timeoutMs = ms;
    this.restart();
  }

  /** The tab dies: the old engine applies nothing more; a new one opens the same database. */
  restart(): void {
    this.engine.replayer.kill();
    this.engine = this.newEngine();
  }

  async close(): Promise<void> {
    this.engine.stop();
    this.db.close();
    await this.db.delete();
  }
}

/** A tiny valid PNG, for records that need a photo. */
export const pngBytes = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
export const photo = () => new Blob([pngBytes], { type: 'image/png' });
