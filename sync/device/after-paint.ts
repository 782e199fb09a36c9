/**
 * Runs `run` once the next frame has been painted: the frame, then a task of its own after
 * it (or soon, where nothing paints: a worker, a test).
 */
export function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}
