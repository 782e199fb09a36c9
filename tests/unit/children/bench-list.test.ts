import { describe, expect, it } from 'vitest';
import { listChildren } from '../../../sync/queries';
import { adminUser, freshDeviceSignedInAs, makeChild, seedChildren } from './factories';

// Ad hoc: BENCH=1 npx vitest run --project unit tests/unit/children/bench-list.test.ts
describe.runIf(process.env.BENCH)('listChildren with 20,000 children (fake-indexeddb)', () => {
  it('open, filter, page', async () => {
    await freshDeviceSignedInAs(adminUser);
    await seedChildren(Array.from({ length: 20_000 }, (_, i) => makeChild(i + 1, { address: 'x'.repeat(200), f_name: 'Father', comments: 'y'.repeat(300) })));
    const time = async (label: string, run: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < Number(process.env.BENCH_RUNS ?? 5); i++) {
        const t = performance.now();
        await run();
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      console.log(`${label}: median ${samples[Math.floor(samples.length / 2)]!.toFixed(1)} ms`);
    };
    await time('open (page 1)', () => listChildren({ page: 1 }));
    await time('last page', () => listChildren({ page: 2000 }));
    await time('filter by center', () => listChildren({ filter: { centerId: 3 }, page: 5 }));
    await time('filter by name', () => listChildren({ filter: { name: 'child 19' }, page: 2 }));
    expect((await listChildren({ page: 1 })).pagination.total).toBe(20_000);
  }, 120_000);
});
