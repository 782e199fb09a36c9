/**
 * One holder at a time per name (R5): a Web Lock where the platform has them (tabs
 * and the service worker share it), otherwise a lock within this process. Callers
 * queue behind the holder, so a replay asked for while another runs still happens.
 */
const tails = new Map<string, Promise<unknown>>();

type LockManagerLike = {
  request<T>(name: string, options: object, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

export async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (locks) return locks.request(name, {}, () => task());
  const previous = tails.get(name) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(task);
  tails.set(name, next);
  try {
    return await next;
  } finally {
    if (tails.get(name) === next) tails.delete(name);
  }
}
