import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { e2eWorkers } from './tests/e2e/workers';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI
    // box, where the test files then run one after another (unit + server 870 s; 543 s with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          css: false,
          // Screen tests type and click through whole forms; on a busy 2-core CI box that
          // can take longer than vitest's 5 s default. This bounds a hang, it times nothing.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          setupFiles: ['tests/setup-node.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/support/report-attempts.ts'],
          // Each worker has its own Chromium and its own pair of servers (tests/e2e/workers.ts).
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
          // A real browser against a real server on a shared 2-core box: a test that fails
          // is run again once before the run is red, and each failed attempt is printed
          // (support/report-attempts.ts). `npm run flakes` sets E2E_RETRIES=0 to see every one.
          retry: Number(process.env.E2E_RETRIES ?? 1),
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits for what a person waits for on screen; vitest's 1 s default is
          // shorter than one render of a busy box (a Center Name preset read 1 s after
          // sign-in failed at load 20), while every page wait (locator.waitFor) allows 30 s.
          expect: { poll: { timeout: 15_000 } },
          // A failed attempt prints what it found whole (the text a card held, the findings
          // of an audit), not cut at 40 characters: a flake seen once must be traceable.
          chaiConfig: { truncateThreshold: 0 },
        },
      },
    ],
  },
});
