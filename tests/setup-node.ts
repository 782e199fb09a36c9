// Setup of the 'server' vitest project (node environment). The server suites build
// their own databases through tests/server/harness.ts. The integration suites' devices
// record every request they send (tests/wire.ts); each file ends checking them.
// IndexedDB for the integration suites' devices, before any file's import of Dexie (which
// looks for it once, when it loads).
import 'fake-indexeddb/auto';
import { afterAll, beforeEach, expect } from 'vitest';
import { setDataKey } from '../sync/db/seal';
import { wire, wireSummary } from './wire';

// The integration suites' devices seal their rows as an unlocked app does (sync/db/seal.ts),
// under the same test key as the unit project's (tests/setup.ts).
beforeEach(() => setDataKey(new Uint8Array(32).fill(7)));

afterAll(async () => {
  await Promise.all(wire.pending);
  if (wire.checked === 0) return;
  console.log(wireSummary());
  expect(wire.problems, 'requests off the endpoint table').toEqual([]);
});
