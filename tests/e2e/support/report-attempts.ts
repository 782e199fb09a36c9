import { beforeEach, onTestFailed } from 'vitest';
import { pagesOnScreen } from './browser';

/*
 * A test that fails and then passes on its retry shows only as "(retry x1)" in the report;
 * its first failure is lost. Each failed attempt's error is printed here, with what every
 * open page showed when it failed (a timed-out wait names only what it waited for), so a
 * flaky test can be found from a CI log.
 */
beforeEach(() => {
  onTestFailed(async ({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    const errors = (task.result?.errors ?? []).map((e) => e.stack ?? e.message).join('\n');
    const screens = await pagesOnScreen().catch((error: unknown) => `  (pages unreadable: ${String(error)})`);
    console.error(`[e2e attempt ${attempt} failed] ${task.name}\n${errors}\non screen:\n${screens}`);
  });
});
