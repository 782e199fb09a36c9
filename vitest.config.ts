import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
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
          fileParallelism: false,
          // A real browser against a real server on a shared 2-core box: a test that fails
          // is run again (twice at most) before the run is red. Assertions are unchanged.
          retry: 2,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
