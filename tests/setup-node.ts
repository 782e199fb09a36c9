// Setup of the 'server' vitest project (node environment). The server suites build
// their own databases through tests/server/harness.ts. The integration suites' devices
// record every request they send (tests/wire.ts); each file ends checking them.
import { afterAll, expect } from 'vitest';
import { wire, wireSummary } from './wire';

afterAll(async () => {
  await Promise.all(wire.pending);
  if (wire.checked === 0) return;
  console.log(wireSummary());
  expect(wire.problems, 'requests off the endpoint table').toEqual([]);
});
