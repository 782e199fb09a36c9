/*
 * A start's first screen comes before the work that can wait: the sync, the service worker's
 * registration, the persistent-storage request and the shell's refresh start once the first
 * screen has shown its content and the browser has painted it, so a cold start on a cheap
 * tablet spends its first second on the screen, not beside it (DESIGN.md, who uses it). A
 * screen that never says it has shown does not hold them back for longer than WAIT_MS.
 */
const WAIT_MS = 10_000;

import { useSyncExternalStore } from 'react';
import { afterPaint } from '../../sync/shell';

let state: 'waiting' | 'shown' | 'done' = 'waiting';
const listeners = new Set<() => void>();
let fallback: ReturnType<typeof setTimeout> | null = null;
const queued = new Set<() => void>();

function runQueued(): void {
  state = 'done';
  if (fallback) clearTimeout(fallback);
  const runs = [...queued];
  queued.clear();
  for (const run of runs) run();
  for (const listener of listeners) listener();
}

/** The first screen has shown its content: what waits for it runs after the next paint. */
export function firstScreenShown(): void {
  if (state !== 'waiting') return;
  state = 'shown';
  // The frame that paints the screen first, then a task of its own for what waited.
  afterPaint(runQueued);
}

/** Runs `run` once the first screen has shown (at once if it has); the returned function cancels it. */
export function afterFirstScreen(run: () => void): () => void {
  if (state === 'done') {
    run();
    return () => undefined;
  }
  queued.add(run);
  fallback ??= setTimeout(runQueued, WAIT_MS);
  return () => queued.delete(run);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the first screen has shown: parts of the shell that can wait render once it is true. */
export const useFirstScreenDone = (): boolean => useSyncExternalStore(subscribe, () => state === 'done');
