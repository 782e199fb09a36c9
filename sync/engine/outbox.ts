import Dexie from 'dexie';
import type { AppDb, LocalRow, OutboxEntry } from '../db/app-db';
import { callOf, descriptorOf, type EntityName } from '../entities/registry';
import { messages } from '../contract/messages';
import { uploadLimits } from '../contract/constants';

/** A value stored in a row or payload in place of a file not yet uploaded. */
export const LOCAL_FILE_PREFIX = 'local-file:';
export const isLocalFile = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(LOCAL_FILE_PREFIX);

export type WriteResult =
  { ok: true; cid: string } | { ok: false; reason: 'quota' | 'invalid' | 'not-found'; message: string };

export type WriteRequest = {
  entity: EntityName;
  op: string;
  /** The record written; omitted for a create, which gets a fresh cid. */
  cid?: string;
  fields?: Record<string, unknown>;
  files?: Record<string, Blob>;
};

export const QUOTA_MESSAGE =
  'This device has run out of storage space, so this was not saved. Everything saved before is safe: free some space, then save again.';

const newId = () => crypto.randomUUID();

/**
 * Writes a record and its outbox entry in one transaction (R1), storing files first
 * checked against the limits (R2), coalescing with a never-sent entry of the same
 * record (R3). Failures come back as values (R4).
 */
/**
 * The bytes of the files of `requests`, read before their transaction: it would end while a
 * Blob is read, and a file is stored sealed with its bytes (db/seal.ts).
 */
async function fileBytes(requests: readonly WriteRequest[]): Promise<Map<Blob, Uint8Array>> {
  const bytes = new Map<Blob, Uint8Array>();
  for (const request of requests) {
    for (const blob of Object.values(request.files ?? {})) bytes.set(blob, new Uint8Array(await blob.arrayBuffer()));
  }
  return bytes;
}

export async function writeLocal(db: AppDb, request: WriteRequest, read?: Map<Blob, Uint8Array>): Promise<WriteResult> {
  const descriptor = descriptorOf(request.entity);
  const call = callOf(descriptor, request.op);
  for (const blob of Object.values(request.files ?? {})) {
    if (blob.size > uploadLimits.maxBytes) return { ok: false, reason: 'invalid', message: messages.fileTooLarge };
  }
  const table = db.entity(descriptor.table);
  const refTables = [...new Set(Object.values(descriptor.refs))].map((t) => db.entity(t));
  const cid = request.cid ?? newId();
  const bytes = read ?? (await fileBytes([request]));
  try {
    return await db.transaction('rw', [table, db.outbox, db.files, ...refTables], async () => {
      const existing = await table.get(cid);
      if (call.effect !== 'create' && !existing)
        return {
          ok: false as const,
          reason: 'not-found' as const,
          message: 'This record is no longer on this device.',
        };

      const fields: Record<string, unknown> = { ...(request.fields ?? {}) };
      const fileKeys: string[] = [];
      for (const [field, blob] of Object.entries(request.files ?? {})) {
        const key = `${cid}:${field}:${newId()}`;
        await db.files.put({
          key,
          bytes: bytes.get(blob),
          name: fileName(blob, field),
          type: blob.type,
          createdAt: Date.now(),
        });
        fields[field] = `${LOCAL_FILE_PREFIX}${key}`;
        fileKeys.push(key);
      }

      // References to records not yet on the server wait for them (R6); known ids are used at once.
      const dependsOn: string[] = [];
      for (const [field, refTable] of Object.entries(descriptor.refs)) {
        const value = fields[field];
        if (typeof value !== 'string') continue;
        const parent = await db.entity(refTable).get(value);
        if (parent?.id !== undefined && parent.id !== null) fields[field] = parent.id;
        else if (parent) dependsOn.push(value);
      }

      const written: LocalRow =
        call.effect === 'create'
          ? ({ ...fields, cid, _sync: 'pending', _base: null } as LocalRow)
          : call.effect === 'delete'
            ? { ...existing!, _deleted: 1, _sync: 'pending' }
            : { ...existing!, ...fields, _sync: 'pending' };
      await table.put(written);

      const coalesced = await coalesce(db, table, cid, request.op, call.effect, fields, fileKeys, dependsOn);
      await descriptor.afterLocalWrite?.(db, written, call.effect);
      if (!coalesced) {
        await db.outbox.add({
          mutationId: newId(),
          entity: request.entity,
          op: request.op,
          cid,
          payload: fields,
          fileKeys,
          baseUpdatedAt: (existing?._base?.updated_at as string | undefined) ?? null,
          dependsOn,
          attempts: 0,
          nextAttemptAt: 0,
          lastError: null,
          status: 'queued',
        });
      }
      return { ok: true as const, cid };
    });
  } catch (error) {
    if (isQuotaError(error)) return { ok: false, reason: 'quota', message: QUOTA_MESSAGE };
    throw error;
  }
}

export type WriteAllResult = { ok: true; cids: string[] } | Extract<WriteResult, { ok: false }>;

/** Carries a refused write out of the transaction, which then rolls back. */
class Refused extends Error {
  constructor(readonly result: Extract<WriteResult, { ok: false }>) {
    super(result.message);
  }
}

/**
 * Several writes that stand or fall together (R1): a child registered with its document
 * rows is saved whole or not at all, so pressing Finish again after a failure can never
 * register the child twice. A create may name its cid up front so later writes of the
 * same call can refer to it. Each write is queued exactly as alone (ordering, R6).
 */
export async function writeLocalAll(db: AppDb, requests: readonly WriteRequest[]): Promise<WriteAllResult> {
  const names = new Set<string>(['children']);
  for (const request of requests) {
    const descriptor = descriptorOf(request.entity);
    names.add(descriptor.table);
    for (const table of Object.values(descriptor.refs)) names.add(table);
  }
  const bytes = await fileBytes(requests);
  try {
    return await db.transaction(
      'rw',
      [...[...names].map((t) => db.entity(t as Parameters<AppDb['entity']>[0])), db.outbox, db.files],
      async () => {
        const cids: string[] = [];
        for (const request of requests) {
          const result = await writeLocal(db, request, bytes);
          if (!result.ok) throw new Refused(result);
          cids.push(result.cid);
        }
        return { ok: true as const, cids };
      },
    );
  } catch (error) {
    if (error instanceof Refused) return error.result;
    if (isQuotaError(error)) return { ok: false, reason: 'quota', message: QUOTA_MESSAGE };
    throw error;
  }
}

/** Merges a new write into the record's last never-sent entry (R3); true when merged. */
async function coalesce(
  db: AppDb,
  table: Dexie.Table<LocalRow, string>,
  cid: string,
  op: string,
  effect: 'create' | 'update' | 'delete',
  fields: Record<string, unknown>,
  fileKeys: string[],
  dependsOn: string[],
): Promise<boolean> {
  const entries = await db.outbox.where('cid').equals(cid).sortBy('seq');
  const last = entries.at(-1);
  if (!last || last.status !== 'queued' || last.attempts > 0 || last.sent) return false;
  const lastEffect = callOf(descriptorOf(last.entity), last.op).effect;
  if (lastEffect === 'delete' || effect === 'create') return false;

  if (effect === 'delete') {
    if (lastEffect === 'create' && entries.length === 1) {
      // Never reached the server: the record and its queued create vanish together.
      await db.outbox.delete(last.seq!);
      await db.files.bulkDelete(last.fileKeys);
      await table.delete(cid);
      return true;
    }
    if (lastEffect === 'update' && last.op === 'update') {
      await db.outbox.update(last.seq!, {
        op,
        payload: {},
        fileKeys: [],
        dependsOn: [],
      } satisfies Partial<OutboxEntry>);
      await db.files.bulkDelete(last.fileKeys);
      return true;
    }
    return false;
  }
  // Only plain updates merge, and only into a create or a plain update: a named operation
  // (a status toggle, Set Permission) is its own call and keeps its own entry.
  if (op !== 'update' || (lastEffect === 'update' && last.op !== 'update')) return false;
  await db.outbox.update(last.seq!, {
    payload: { ...last.payload, ...fields },
    fileKeys: [...last.fileKeys, ...fileKeys],
    dependsOn: [...new Set([...last.dependsOn, ...dependsOn])],
  });
  return true;
}

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
};

/** The uploaded name: the picked file's, or the field with the extension of its type. */
function fileName(blob: Blob, field: string): string {
  const name = (blob as Partial<File>).name;
  if (name) return name;
  const ext = extensions[blob.type];
  return ext ? `${field}.${ext}` : field;
}

export function isQuotaError(error: unknown): boolean {
  const names = [(error as { name?: string })?.name, (error as { inner?: { name?: string } })?.inner?.name];
  return names.includes('QuotaExceededError');
}
