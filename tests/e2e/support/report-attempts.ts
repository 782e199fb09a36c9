import { beforeEach, onTestFailed } from 'vitest';

/*
 * A test that fails and then passes on its retry shows only as "(retry x1)" in the report;
 * its first failure is lost. Each failed attempt's error is printed here, so a flaky test
 * can be found from a CI log.
 */
beforeEach(() => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    const errors = (task.result?.errors ?? []).map((e) => e.stack ?? e.message).join('\n');
    console.error(`[e2e attempt ${attempt} failed] ${task.name}\n${errors}`);
  });
});
