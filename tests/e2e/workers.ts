/**
 * How many e2e files run at once (E2E_WORKERS, 2 by default): each worker drives its own
 * Chromium against its own pair of servers (global-setup.ts), so files never share data.
 * Two at once took the e2e run of a clean-clone CI on the 2-core box from 814 s to 569 s.
 * E2E_WORKERS=1 runs one file at a time.
 */
export const e2eWorkers = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 1);
