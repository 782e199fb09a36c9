/**
 * One holder at a time per name (R5): a Web Lock where the platform has them (tabs
 * and the service worker share it), otherwise a lock within this process.
 * Returns undefined when someone else holds it.
 */
const held = new Set<string>();

type LockManagerLike = {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

export async function withLock<T>(name: string, task: () => Promise<T>): Promise<T | undefined> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks) {
    return locks.request(name, { ifAvailable: true }, async (lock) => (lock ? task() : undefined));
  }
  if (held.has(name)) return undefined;
  held.add(name);
  try {
    return await task();
  } finally {
    held.delete(name);
  }
}
