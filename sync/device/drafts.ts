import { currentDb } from './session';

/**
 * Form drafts on the device, in the signed-in user's database (so they go with it at
 * sign-out). Values are what the form held, without files: a picked photo is chosen again.
 */
const withoutFiles = (value: unknown): unknown => {
  if (typeof Blob !== 'undefined' && value instanceof Blob) return null;
  if (Array.isArray(value)) return value.map(withoutFiles);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutFiles(v)]));
  return value;
};

export async function saveDraft(key: string, values: Record<string, unknown>): Promise<void> {
  await currentDb().drafts.put({
    key,
    values: withoutFiles(values) as Record<string, unknown>,
    savedAt: Date.now(),
  });
}

export async function readDraft(key: string): Promise<Record<string, unknown> | null> {
  return (await currentDb().drafts.get(key))?.values ?? null;
}

export async function discardDraft(key: string): Promise<void> {
  await currentDb().drafts.delete(key);
}
