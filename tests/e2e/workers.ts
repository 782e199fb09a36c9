/**
 * How many e2e files run at once (E2E_WORKERS, 2 by default): each worker drives its own
 * Chromium against its own pair of servers (global-setup.ts), so files never share data.
 * A file's journeys wait on the app and the server far more than they compute, so two at
 * once on the 2-core CI box roughly halve the e2e run. E2E_WORKERS=1 runs one file at a time.
 */
export const e2eWorkers = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 1);
