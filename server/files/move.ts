import type { FileStore } from './store';

/** A copied file read back different: the start stops and the original is left where it was. */
export class FileMoveError extends Error {
  constructor(from: FileStore['kind'], to: FileStore['kind']) {
    super(`A file copied from the ${from} store into the ${to} store read back different; it was left in place`);
    this.name = 'FileMoveError';
  }
}

/**
 * Moves every file of `from` into `to`, losing none: each is copied, read back and compared,
 * and only then removed from `from`. A move cut short (a crash, a stop) leaves each file in
 * `from`, in both, or in `to` alone, never in neither, so the next start finishes it; a file
 * in both is copied again, which `put` allows. Several processes may run it at once: a file
 * another one already moved is skipped. Answers how many files this call moved.
 */
export async function moveFiles(from: FileStore, to: FileStore): Promise<number> {
  let moved = 0;
  for (const key of await from.list()) {
    const bytes = await from.get(key);
    if (!bytes) continue;
    await to.put(key, bytes);
    const copy = await to.get(key);
    if (!copy || !Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength).equals(bytes))
      throw new FileMoveError(from.kind, to.kind);
    await from.remove(key);
    moved += 1;
  }
  return moved;
}
