import { fileBlob, type AppDb, type LocalRow, type OutboxEntry } from '../db/app-db';
import { callOf, callParams, descriptorOf, entities, type EntityDescriptor } from '../entities/registry';
import { buildPath, payloadFields, type WireEndpointName } from '../contract';
import { isSyncError, SyncError } from '../net/errors';
import { isLocalFile, LOCAL_FILE_PREFIX } from './outbox';
import type { Fields } from './reconcile';
import { rebaseQueued } from './rebase';
import type { Transport } from '../net/transport';
import { withLock } from './web-lock';
import { LAST_SENT } from './marks';
import { applyBatchAnswer, markBatch } from './batch';
import { publishReplayNotices } from './replay-notices';
import { changedSince, documentedView, findCreated, lacksWriteProtocol, readCurrent } from './documented-checks';

export type ReplayDeps = {
  db: AppDb;
  transport: Transport;
  now?: () => number;
  random?: () => number;
  /** Per-request timeout of replay; a hung request counts as a network failure (R10). */
  timeoutMs?: number;
  /** The API base: whether it honours our If-Match and Idempotency-Key is remembered per server. */
  server?: () => string;
  /** Most requests in flight at once, each of another record (R6); {@link REPLAY_CONCURRENCY} by default. */
  concurrency?: number;
};

export type ReplayOutcome = 'done' | 'retry' | 'blocked' | 'paused';
/** `error`: what went wrong on this device when the drain ended early (its queue kept), else null. */
export type ReplaySummary = { sent: number; failed: number; paused: boolean; busy: boolean; error: string | null };

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * Requests of independent records in flight together (R6 keeps each record's entries, and
 * those of records waiting for its id, one after another). As many as the six connections
 * a browser opens to one host over HTTP/1.1: with fewer, a server that runs one request at
 * a time sat idle between them (about a tenth of a drain at four). A page's own read
 * waits at most for one of them to end; over HTTP/2 there is no such limit.
 */
export const REPLAY_CONCURRENCY = 6;

/**
 * Entries claimed ahead of the wire, in multiples of the concurrency: a claim and an
 * answer cost a few IndexedDB requests each, a transaction more than both, so a
 * transaction for several keeps the device's work under the server's.
 */
const CLAIM_AHEAD = 4;

/** Exponential backoff with full jitter (R10). */
export const backoffDelay = (attempts: number, random: () => number): number =>
  Math.floor(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1)));

type ServerRecord = Fields & { id: number; updated_at?: string };

type Effect = 'create' | 'update' | 'delete';

/** An entry ready to go on the wire: what `claim` read and built. */
type Prepared = {
  entry: OutboxEntry;
  descriptor: EntityDescriptor;
  call: ReturnType<typeof callOf>;
  row: LocalRow | undefined;
  payload: Fields;
  base: ServerRecord | null;
  headers: Record<string, string>;
  /** The entry went out before under its key (its answer may have been lost). */
  wasSent: boolean;
};

/** A success to apply: the entry, the server's record(s) and its message (R8, R9). */
type Answered = {
  entry: OutboxEntry;
  descriptor: EntityDescriptor;
  effect: Effect;
  reply: ServerRecord | ServerRecord[] | null;
  message?: string;
};

/** Where an entry of a drain's pass stands. */
type Stage = 'waiting' | 'sending' | 'done' | 'stuck';

/**
 * Sends the outbox to the server (R5-R13). One instance per device and database;
 * `kill()` simulates the tab dying mid-request: nothing it learns after that is applied.
 */
export class Replayer {
  private killed = false;
  private pausedForAuth = false;
  /** What the server said of this drain's accepted and refused entries (replay-notices.ts). */
  private notices: { accepted: string[]; refused: string[] } = { accepted: [], refused: [] };
  /** This drain's server ignores If-Match and Idempotency-Key (documented-checks.ts). */
  private documentedOnly = false;
  /** What went wrong on this device in this drain (not a server's answer); it ends the drain. */
  private failure: string | null = null;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly deps: ReplayDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
  }

  get paused(): boolean {
    return this.pausedForAuth;
  }

  /** After a new sign-in the queue may go again (R10: 401 pauses until then). */
  resume(): void {
    this.pausedForAuth = false;
  }

  kill(): void {
    this.killed = true;
  }

  /** Drains what can be sent now. Only one replayer per database runs at a time (R5). */
  async run(): Promise<ReplaySummary> {
    if (this.killed) return { sent: 0, failed: 0, paused: this.pausedForAuth, busy: false, error: null };
    return withLock(`ashray-replay-${this.deps.db.name}`, () => this.drain());
  }

  private async drain(): Promise<ReplaySummary> {
    const summary: ReplaySummary = { sent: 0, failed: 0, paused: false, busy: false, error: null };
    this.notices = { accepted: [], refused: [] };
    this.failure = null;
    try {
      this.documentedOnly = await lacksWriteProtocol(this.deps.db, this.deps.server?.());
      for (let pass = 0; pass < 1000 && !this.killed && !this.pausedForAuth && !this.failure; pass++) {
        const entries = await this.deps.db.outbox.orderBy('seq').toArray();
        if (!(await this.pass(entries, summary))) break;
      }
    } catch (error) {
      // The outbox could not be read: the queue stays as it is, the drain says why.
      this.failure ??= deviceFailure(error);
    }
    summary.paused = this.pausedForAuth;
    summary.error = this.failure;
    if (!this.killed) publishReplayNotices(this.notices.accepted, this.notices.refused);
    return summary;
  }

  /**
   * One pass over the outbox as it was read, in `seq` order (R6): an entry goes once the
   * entry before it of the same record, and the last entry of every record it waits for
   * (`dependsOn`), have been answered and applied; entries of other records go beside it,
   * up to `concurrency` requests at once. One transaction at a time writes what the pass
   * learnt and what it sends next: the answers that came back since the last one (R8, R9),
   * and the next entries claimed (built and marked sent, R3, R9). Entries are claimed up to
   * {@link CLAIM_AHEAD} times `concurrency` ahead of the wire, so a freed slot takes the next
   * claimed entry at once and a transaction carries the answers and claims of several
   * requests, not one; answers wait in memory until the claimed entries run low, an entry
   * needs their ids, or nothing is in flight. An entry whose predecessor failed or waits out
   * a backoff waits for the next drain. Nothing new goes out after a 401 (R10), a kill or a
   * failure on this device; what was claimed and not sent is then put back as it was. True
   * when something moved (sent, or rebased to be sent again).
   */
  private async pass(entries: OutboxEntry[], summary: ReplaySummary): Promise<boolean> {
    const limit = Math.max(1, this.deps.concurrency ?? REPLAY_CONCURRENCY);
    const ahead = limit * CLAIM_AHEAD;
    const stages: Stage[] = entries.map(() => 'waiting');
    const before = predecessors(entries);
    let progressed = false;
    let inFlight = 0; // requests on the wire
    let next = 0; // entries before this one have all left 'waiting'
    /** Successes whose answers wait for the next transaction. */
    const answered: Array<{ index: number; answer: Answered }> = [];
    /** Claimed entries waiting for a free slot, in `seq` order. */
    const claimedAhead: Array<{ index: number; ready: Prepared }> = [];
    let signalled = false;
    let waiter: (() => void) | null = null;
    const notify = () => {
      signalled = true;
      waiter?.();
    };
    /** Until something happened since the last look: an answer, a failure, a freed slot. */
    const nextEvent = async () => {
      if (!signalled) await new Promise<void>((resolve) => (waiter = resolve));
      signalled = false;
      waiter = null;
    };

    /** The entries that may go now, in `seq` order, marking the ones that must wait; `applying` count as done. */
    const pick = (room: number, applying: Set<number>): number[] => {
      const picked: number[] = [];
      for (let i = next; i < entries.length && picked.length < room; i++) {
        if (stages[i] !== 'waiting') continue;
        const entry = entries[i];
        const after = before[i].map((p) => (applying.has(p) ? 'done' : stages[p]));
        if (entry.status === 'rejected' || entry.nextAttemptAt > this.now() || after.includes('stuck')) {
          stages[i] = 'stuck';
          continue;
        }
        if (after.every((s) => s === 'done')) picked.push(i);
      }
      while (next < entries.length && stages[next] !== 'waiting') next++;
      return picked;
    };

    /** Where an entry that will not be applied in this pass ended. */
    const settle = (i: number, outcome: ReplayOutcome) => {
      if (outcome === 'retry') progressed = true;
      else summary.failed++;
      stages[i] = 'stuck';
    };

    /** A claimed entry on the wire; its success waits for a later transaction. */
    const dispatch = (i: number, ready: Prepared) => {
      inFlight++;
      void this.send(ready)
        .then(
          (result) => (typeof result === 'string' ? settle(i, result) : answered.push({ index: i, answer: result })),
          (error: unknown) => {
            // send() turns every failure into an outcome; this is a bug's last stop, not a path.
            this.failure ??= deviceFailure(error);
            stages[i] = 'stuck';
          },
        )
        .finally(() => {
          inFlight--;
          refill();
          notify();
        });
    };

    /** Free slots take claimed entries, also while a transaction runs. */
    const refill = () => {
      while (!this.killed && !this.pausedForAuth && this.failure === null && inFlight < limit && claimedAhead.length) {
        const { index, ready } = claimedAhead.shift()!;
        dispatch(index, ready);
      }
    };

    for (;;) {
      refill();
      const stopped = this.killed || this.pausedForAuth || this.failure !== null;
      // A killed replayer applies nothing it learns (R9): its entries stay as they were.
      if (this.killed) for (const { index } of answered.splice(0)) settle(index, 'blocked');
      // More entries are claimed once the claimed ones run low; the answers go with them,
      // as they must when a picked entry waits for one of them (pick counts them done).
      const low = claimedAhead.length < Math.ceil(ahead / 2);
      const room = stopped || !low ? 0 : limit + ahead - inFlight - claimedAhead.length;
      const picked = room > 0 ? pick(room, new Set(answered.map((a) => a.index))) : [];
      const apply =
        answered.length > 0 && (picked.length > 0 || inFlight === 0 || stopped || answered.length >= limit + ahead);
      if (!apply && picked.length === 0) {
        if (inFlight === 0) break;
        await nextEvent();
        continue;
      }
      const applying = apply ? answered.splice(0) : [];
      for (const i of picked) stages[i] = 'sending';
      let claimed: Array<Prepared | 'blocked'>;
      try {
        claimed = await this.commit(
          applying.map((a) => a.answer),
          picked.map((i) => entries[i]),
        );
      } catch (error) {
        // Nothing of it was written (one transaction): the answered entries stay `sending`,
        // sent again under their keys by a later drain (R7, R9); the picked ones as they were.
        this.failure ??= deviceFailure(error);
        for (const { index } of applying) stages[index] = 'stuck';
        for (const i of picked) stages[i] = 'stuck';
        continue;
      }
      for (const { index, answer } of applying) {
        summary.sent++;
        progressed = true;
        stages[index] = 'done';
        if (answer.message) this.notices.accepted.push(answer.message);
      }
      for (const [k, i] of picked.entries()) {
        const ready = claimed[k];
        if (ready === 'blocked') settle(i, 'blocked');
        else claimedAhead.push({ index: i, ready });
      }
    }
    // Claimed and never sent (the drain stopped): back as they were, for the next drain. A
    // killed replayer writes nothing: its claimed entries go out again under their keys (R9).
    if (claimedAhead.length > 0 && !this.killed) await this.unclaim(claimedAhead.map(({ ready }) => ready.entry));
    for (const { index } of claimedAhead) stages[index] = 'stuck';
    return progressed;
  }

  /** Entries claimed and not sent, as they were before the claim (their marks of R3 undone). */
  private async unclaim(entries: OutboxEntry[]): Promise<void> {
    const { db } = this.deps;
    try {
      await db.transaction('rw', db.outbox, async () => {
        for (const { seq, status, sent, sentAt } of entries) await db.outbox.update(seq!, { status, sent, sentAt });
      });
    } catch {
      // They stay marked sent: a later drain sends them under their keys, as after a lost answer (R9).
    }
  }

  /**
   * Sends one claimed entry: its answer to apply, or where it ended. A failure on this
   * device (its files could not be read to build the request) leaves the entry queued
   * with what went wrong and ends the drain.
   */
  private async send(ready: Prepared): Promise<ReplayOutcome | Answered> {
    const { entry, descriptor, call, row } = ready;
    let answer: ServerRecord | ServerRecord[] | null = null;
    let message: string | undefined;
    try {
      if (this.documentedOnly) {
        const checked = await this.checkByDocumentedReads(ready);
        if (checked) return checked;
      }
      ({ answer, message } = await this.request(ready));
    } catch (error) {
      if (this.killed) return 'blocked';
      if (error instanceof MissingPathParameter)
        return this.fail(entry, row, descriptor, new SyncError('rejected', error.message));
      if (!isSyncError(error)) return this.failOnDevice(entry, error);
      if (error.reason === 'not-found' && call.effect === 'delete') {
        // Already gone on the server: the user's intent holds, there is nothing to review.
        return { entry, descriptor, effect: 'delete', reply: null };
      }
      return this.fail(entry, row, descriptor, error);
    }
    if (this.killed) return 'blocked';
    return { entry, descriptor, effect: call.effect, reply: answer, message };
  }

  /**
   * The entry could not be sent for a reason of this device, not the server's (a Dexie
   * error reading its files): it goes back to `queued` with what went wrong, for the sync
   * screen, and the drain ends rather than meet the same error entry after entry. No attempt
   * is counted and no backoff set: the next sync tries again.
   */
  private async failOnDevice(entry: OutboxEntry, error: unknown): Promise<ReplayOutcome> {
    const failure = deviceFailure(error);
    this.failure ??= failure;
    try {
      await this.deps.db.outbox.update(entry.seq!, { status: 'queued', lastError: failure });
    } catch {
      // The database is failing: the entry stays `sending`, which a later drain sends again
      // under the same key (R9); the drain's summary still says what went wrong.
    }
    return 'blocked';
  }

  /**
   * The transaction of one step of a pass: the answers that came back applied (R8, R9),
   * then the entries that go next claimed (`claimEntries`), which sees what the answers
   * wrote (a child's new id for the history entry that waited for it, R6).
   */
  private async commit(answers: Answered[], listed: OutboxEntry[]): Promise<Array<Prepared | 'blocked'>> {
    const { db } = this.deps;
    const tables = new Set<EntityDescriptor['table']>();
    for (const { descriptor } of answers) {
      tables.add(descriptor.table);
      for (const d of referencingTables(descriptor.table)) tables.add(d.table);
    }
    const descriptors = listed.map((e) => descriptorOf(e.entity));
    for (const d of descriptors) {
      tables.add(d.table);
      for (const t of Object.values(d.refs)) tables.add(t);
    }
    const applying = answers.length > 0 ? [db.files, db.syncState] : [];
    return db.transaction('rw', [db.outbox, ...applying, ...[...tables].map((t) => db.entity(t))], async () => {
      if (answers.length > 0) await this.applyAnswers(answers);
      return this.claimEntries(listed, descriptors);
    });
  }

  /**
   * The build step of the picked entries, inside the caller's transaction: each entry read
   * again (an earlier answer may have remapped its cids (R8) or removed it), its record, its
   * payload with references resolved, and the entry marked sent. Reading and marking
   * together matter: an edit saved between the two would merge into the entry (outbox.ts
   * coalesce) and then be dropped with it when the answer to the payload read before it
   * came back (R3); saved after, it gets its own entry. 'blocked' while the record's create
   * or a referenced record waits (R6); such an entry is left as it was.
   */
  private async claimEntries(
    listed: OutboxEntry[],
    descriptors: EntityDescriptor[],
  ): Promise<Array<Prepared | 'blocked'>> {
    const { db } = this.deps;
    const stored = await entriesAt(
      db,
      listed.map((e) => e.seq!),
    );
    // Each entry is of another record (pick waits for a record's earlier entry): their rows at once.
    const rows = await rowsOf(
      db,
      stored.flatMap((entry, k) => (entry ? [{ table: descriptors[k].table, cid: entry.cid }] : [])),
    );
    const claimed: Array<Prepared | 'blocked'> = [];
    const marked: OutboxEntry[] = [];
    for (const [k, entry] of stored.entries()) {
      const descriptor = descriptors[k];
      if (!entry) {
        claimed.push('blocked');
        continue;
      }
      const row = rows.get(descriptor.table)?.get(entry.cid);
      // The record picks its call where its kind decides it (a history entry's /update_mhp).
      const call = callOf(descriptor, entry.op, row);
      // The record's create has not succeeded yet; it comes first (R6).
      const payload =
        call.effect !== 'create' && (row?.id === undefined || row?.id === null)
          ? null
          : await this.resolvePayload(descriptor, entry.payload);
      if (!payload) {
        claimed.push('blocked');
        continue;
      }
      const wasSent = entry.sent ?? entry.attempts > 0;
      marked.push({ ...entry, status: 'sending', sent: true, sentAt: entry.sentAt ?? this.now() });
      const headers: Record<string, string> = { 'Idempotency-Key': entry.mutationId };
      const base = (row?._base ?? null) as ServerRecord | null;
      if (call.effect !== 'create' && base?.updated_at) headers['If-Match'] = `"${base.updated_at}"`;
      claimed.push({ entry, descriptor, call, row, payload, base, headers, wasSent });
    }
    // The entries as read in this transaction, marked: the same as updating each.
    if (marked.length > 0) await db.outbox.bulkPut(marked);
    return claimed;
  }

  /**
   * R7 and R11 where the server ignores our headers (documented-checks.ts): a create that
   * went out before is looked up and, when found, applied as its answer; an update or
   * delete reads the record's documented view first, and a newer record is the 409 (R12,
   * R13), a missing one the 404. Null: send the request.
   */
  private async checkByDocumentedReads(ready: Prepared): Promise<ReplayOutcome | Answered | null> {
    const { entry, descriptor, call, row, base } = ready;
    const { db, transport } = this.deps;
    const timeoutMs = this.deps.timeoutMs ?? 30_000;
    if (call.effect === 'create') {
      if (!ready.wasSent || descriptor.batch) return null;
      const made = await findCreated(db, transport, entry, row, timeoutMs);
      if (!made || this.killed) return this.killed ? 'blocked' : null;
      return { entry, descriptor, effect: 'create', reply: made };
    }
    const view = documentedView(descriptor);
    const id = Number(row?.id);
    if (!view || !Number.isInteger(id)) return null;
    const current = await readCurrent(transport, view, id, timeoutMs);
    if (this.killed) return 'blocked';
    if (current === null && call.effect === 'delete') {
      return { entry, descriptor, effect: 'delete', reply: null };
    }
    if (current !== null && !changedSince(base, current)) return null;
    return this.conflict(entry, row, db.entity(descriptor.table), current);
  }

  /** The send and read step: the request on the wire, the record(s) its answer holds and its message. */
  private async request(
    ready: Prepared,
  ): Promise<{ answer: ServerRecord | ServerRecord[] | null; message: string | undefined }> {
    const { call, descriptor, row, base, payload, headers } = ready;
    // The request is the endpoint row's: path parameters from the record and payload,
    // and a body of only the fields the row's payload schema knows (DESIGN.md, The wire).
    const { path, body } = buildRequest(call, descriptor, row?.id, base, payload);
    const envelope = await this.deps.transport.request<ServerRecord | ServerRecord[]>(call.method, path, {
      ...(call.kind === 'multipart'
        ? { body: await this.toFormData(body) }
        : call.kind === 'json'
          ? { json: body }
          : {}),
      headers,
      timeoutMs: this.deps.timeoutMs ?? 30_000,
    });
    const data = envelope.data ?? null;
    const message = envelope.message;
    // A batch answers the list of records it made (R19); a call marked answer 'first' its one record.
    if (!Array.isArray(data)) return { answer: data, message };
    if (call.answer === 'first') return { answer: data[0] ?? null, message };
    return { answer: descriptor.batch ? data : null, message };
  }

  /** Replaces remaining cids of referenced records by their ids; null while one is missing. */
  private async resolvePayload(descriptor: EntityDescriptor, payload: Fields): Promise<Fields | null> {
    const resolved: Fields = { ...payload };
    for (const [field, refTable] of Object.entries(descriptor.refs)) {
      const value = resolved[field];
      if (typeof value !== 'string') continue;
      const parent = await this.deps.db.entity(refTable).get(value);
      if (parent?.id === undefined || parent?.id === null) return parent ? null : resolved;
      resolved[field] = parent.id;
    }
    return resolved;
  }

  private async toFormData(body: Fields): Promise<FormData> {
    const form = new FormData();
    const append = async (key: string, value: unknown): Promise<void> => {
      if (value === undefined || value === null) return;
      if (isLocalFile(value)) {
        const file = await this.deps.db.files.get(value.slice(LOCAL_FILE_PREFIX.length));
        if (file) form.append(key, fileBlob(file), file.name);
      } else if (value instanceof Blob) {
        form.append(key, value);
      } else if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) await append(`${key}[${i}]`, item);
      } else if (typeof value === 'object') {
        for (const [k, v] of Object.entries(value as Fields)) await append(`${key}[${k}]`, v);
      } else {
        form.append(key, String(value));
      }
    };
    for (const [key, value] of Object.entries(body)) await append(key, value);
    return form;
  }

  /** The answers of a batch applied in `seq` order, inside the transaction of `commit` (R8, R9). */
  private async applyAnswers(answers: Answered[]): Promise<void> {
    const { db } = this.deps;
    const ordered = [...answers].sort((a, b) => a.entry.seq! - b.entry.seq!);
    const created = new Map<string, number>();
    const createdIn = new Set<EntityDescriptor['table']>();
    // A batch call's answer rewrites rows of its own (batch.ts); the answers between two of
    // them are applied together.
    for (let from = 0; from < ordered.length;) {
      if (ordered[from].descriptor.batch) {
        const { entry, reply } = ordered[from++];
        await db.outbox.delete(entry.seq!);
        await applyBatchAnswer(db, entry.entity, entry.cid, reply);
        continue;
      }
      let to = from;
      while (to < ordered.length && !ordered[to].descriptor.batch) to++;
      const group = ordered.slice(from, to);
      from = to;
      for (const [cid, { id, table }] of await this.applyRecordAnswers(group)) {
        created.set(cid, id);
        createdIn.add(table);
      }
    }
    // The batch's new ids written back at once, after its answers (R8): what the
    // answers wrote kept any cid, so the end is the same as one record at a time.
    await remapCids(db, created, [...createdIn]);
    // Whichever replayer sent it (the page's, or Background Sync's in the service worker),
    // a sync running now knows to pull once more (engine.ts).
    await db.syncState.put({ collection: LAST_SENT, cursor: null, lastPullAt: this.now() });
  }

  /**
   * Answers of records (not batch calls), in `seq` order, inside the transaction of their
   * batch: what each would read one after another is read for all at once, each answer is
   * applied in turn to those rows in memory, and the rows it ends with are written at once.
   * The creates' new ids, to write back (R8).
   */
  private async applyRecordAnswers(
    answers: Answered[],
  ): Promise<Map<string, { id: number; table: EntityDescriptor['table'] }>> {
    const { db } = this.deps;
    // The entries still queued for these records, read before the answered ones go.
    const queued = await db.outbox
      .where('cid')
      .anyOf([...new Set(answers.map((a) => a.entry.cid))])
      .toArray();
    await removeEntries(
      db,
      answers.map((a) => a.entry.seq!),
    );
    const fileKeys = answers.flatMap((a) => a.entry.fileKeys);
    if (fileKeys.length > 0) await db.files.bulkDelete(fileKeys);
    const rows = new RecordRows(
      await rowsOf(
        db,
        answers.map(({ descriptor, entry }) => ({ table: descriptor.table, cid: entry.cid })),
      ),
    );
    // A pull may have brought a new record in while its answer was lost: one row stays.
    const pulled = await rowsWithIds(
      db,
      answers.flatMap(({ descriptor, effect, reply }) =>
        effect === 'create' && reply && !Array.isArray(reply) ? [{ table: descriptor.table, id: reply.id }] : [],
      ),
    );
    const created = new Map<string, { id: number; table: EntityDescriptor['table'] }>();
    const done = new Set<number>();
    for (const { entry, descriptor, effect, reply } of answers) {
      const { table } = descriptor;
      done.add(entry.seq!);
      const rest = queued.filter((e) => e.cid === entry.cid && !done.has(e.seq!));
      if (effect === 'delete') {
        rows.remove(table, entry.cid);
        continue;
      }
      const row = rows.get(table, entry.cid);
      if (!row) continue;
      const answer = Array.isArray(reply) ? null : reply;
      // A backend that answers a write without its record (part 1 section 7: a success "may
      // carry data"): the row keeps what was sent, synced once an edit has nothing else
      // queued (a create still lacks its id); when it was accepted stops an older full page
      // undoing it (pull.ts).
      if (!answer) {
        const settled = effect !== 'create' && rest.length === 0;
        rows.set(table, { ...row, _answeredAt: this.now(), ...(settled ? { _sync: 'synced' as const } : {}) });
        continue;
      }
      if (effect === 'create') {
        const other = pulled.get(table)?.get(answer.id);
        const now = other && rows.get(table, other.cid, other);
        if (now && now.id === answer.id && now.cid !== entry.cid) rows.remove(table, now.cid);
      }
      // Later queued changes stay visible on top of the server's record.
      const later = Object.assign({}, ...rest.map((e) => e.payload)) as Fields;
      rows.set(table, {
        ...row,
        ...answer,
        ...later,
        cid: entry.cid,
        _base: answer,
        _answeredAt: this.now(),
        _sync: rest.length ? row._sync : 'synced',
      });
      if (effect === 'create') created.set(entry.cid, { id: answer.id, table });
    }
    await rows.write(db);
    return created;
  }

  private async fail(
    entry: OutboxEntry,
    row: LocalRow | undefined,
    descriptor: EntityDescriptor,
    error: SyncError,
  ): Promise<ReplayOutcome> {
    const { db } = this.deps;
    const table = db.entity(descriptor.table);
    if (error.retryable || error.reason === 'unreadable') {
      const attempts = entry.attempts + 1;
      await db.outbox.update(entry.seq!, {
        status: 'queued',
        attempts,
        nextAttemptAt: this.now() + backoffDelay(attempts, this.random),
        lastError: error.message,
      });
      return 'blocked';
    }
    if (error.reason === 'unauthenticated') {
      this.pausedForAuth = true;
      await db.outbox.update(entry.seq!, { status: 'queued', lastError: error.message });
      return 'paused';
    }
    // A batch has no record of its own to merge: its refusals are for the user to fix.
    if (!descriptor.batch && (error.reason === 'conflict' || error.reason === 'not-found')) {
      const theirs =
        error.reason === 'conflict'
          ? (((error.body as { data?: ServerRecord })?.data ?? null) as ServerRecord | null)
          : null;
      return this.conflict(entry, row, table, theirs);
    }
    // 422 and every other refusal: the user fixes and resubmits it from the review queue.
    this.notices.refused.push(error.message);
    await db.transaction('rw', [table, db.outbox], async () => {
      await db.outbox.update(entry.seq!, {
        status: 'rejected',
        attempts: entry.attempts + 1,
        lastError: error.message,
      });
      if (row) await table.update(entry.cid, { _sync: 'rejected' });
      if (descriptor.batch) await markBatch(db, entry.entity, entry.cid, 'rejected');
    });
    return 'blocked';
  }

  /**
   * 409 or 404 on an update or delete (R12, R13). On a 409 of an update every queued
   * change of the record is rebased onto the server's version; only fields changed on
   * both sides go to review. Deletes and records gone from the server go to review whole.
   */
  private async conflict(
    entry: OutboxEntry,
    row: LocalRow | undefined,
    table: ReturnType<AppDb['entity']>,
    theirs: ServerRecord | null,
  ): Promise<ReplayOutcome> {
    const { db } = this.deps;
    const effect = callOf(descriptorOf(entry.entity), entry.op).effect;
    if (theirs && row && effect === 'update') {
      const result = await db.transaction('rw', [table, db.outbox, db.conflicts], () =>
        rebaseQueued(db, entry.entity, row, theirs, { inFlight: entry.seq, now: this.now() }),
      );
      return result.queued > 0 ? 'retry' : 'blocked';
    }
    await db.transaction('rw', [table, db.outbox, db.conflicts], async () => {
      await db.outbox.delete(entry.seq!);
      const mine = effect === 'delete' ? { _delete: true } : entry.payload;
      await db.conflicts.add({
        entity: entry.entity,
        cid: entry.cid,
        base: (row?._base ?? null) as Fields | null,
        mine,
        theirs,
        createdAt: this.now(),
      });
      // A refused delete did not happen: the record shows again while the user decides.
      if (row)
        await table.put({
          ...row,
          ...(theirs ?? {}),
          cid: entry.cid,
          _base: theirs ?? row._base,
          _deleted: 0,
          _sync: 'conflict',
        });
    });
    return 'blocked';
  }
}

/** `key` of each item, grouped by the item's table. */
function groupByTable<T extends { table: EntityDescriptor['table'] }, K>(
  items: T[],
  key: (item: T) => K,
): Map<EntityDescriptor['table'], K[]> {
  const groups = new Map<EntityDescriptor['table'], K[]>();
  for (const item of items) {
    const group = groups.get(item.table);
    if (group) group.push(key(item));
    else groups.set(item.table, [key(item)]);
  }
  return groups;
}

/** The rows of these records, by table and cid, read a table at a time. */
async function rowsOf(
  db: AppDb,
  wanted: Array<{ table: EntityDescriptor['table']; cid: string }>,
): Promise<Map<EntityDescriptor['table'], Map<string, LocalRow | undefined>>> {
  const found = new Map<EntityDescriptor['table'], Map<string, LocalRow | undefined>>();
  for (const [table, cids] of groupByTable(wanted, (w) => w.cid)) {
    const unique = [...new Set(cids)];
    const rows = await db.entity(table).bulkGet(unique);
    found.set(table, new Map(unique.map((cid, i) => [cid, rows[i]])));
  }
  return found;
}

/**
 * The outbox entries at `seqs`, in their order. Entries claimed together are mostly
 * neighbours: when they fill most of the range they span it is read whole, one request
 * where bulkGet makes one for each.
 */
async function entriesAt(db: AppDb, seqs: number[]): Promise<(OutboxEntry | undefined)[]> {
  const [low, high] = [Math.min(...seqs), Math.max(...seqs)];
  if (seqs.length < 2 || high - low + 1 > seqs.length * 2) return db.outbox.bulkGet(seqs);
  const held = await db.outbox.where(':id').between(low, high, true, true).toArray();
  const bySeq = new Map(held.map((entry) => [entry.seq!, entry]));
  return seqs.map((seq) => bySeq.get(seq));
}

/** Removes the entries at `seqs`: as one range when they are every key of it, else one by one. */
async function removeEntries(db: AppDb, seqs: number[]): Promise<void> {
  const [low, high] = [Math.min(...seqs), Math.max(...seqs)];
  if (seqs.length > 1 && high - low + 1 === new Set(seqs).size)
    await db.outbox.where(':id').between(low, high, true, true).delete();
  else await db.outbox.bulkDelete(seqs);
}

/** The rows holding these server ids, by table and id. */
async function rowsWithIds(
  db: AppDb,
  wanted: Array<{ table: EntityDescriptor['table']; id: number }>,
): Promise<Map<EntityDescriptor['table'], Map<unknown, LocalRow>>> {
  const found = new Map<EntityDescriptor['table'], Map<unknown, LocalRow>>();
  for (const [table, ids] of groupByTable(wanted, (w) => w.id)) {
    // New ids are mostly neighbours, and mostly not pulled yet: one count over their range
    // says so, where anyOf steps a cursor through each. (A backend's ids as text are asked
    // as they are: IndexedDB keeps a number and a text apart.)
    const numbers = ids.every((id) => typeof id === 'number');
    const [low, high] = numbers ? [Math.min(...ids), Math.max(...ids)] : [0, Infinity];
    const near = numbers && ids.length > 1 && high - low < ids.length * 4;
    if (near && (await db.entity(table).where('id').between(low, high, true, true).count()) === 0) {
      found.set(table, new Map());
      continue;
    }
    const rows = await db.entity(table).where('id').anyOf(ids).toArray();
    found.set(table, new Map(rows.map((row) => [row.id, row])));
  }
  return found;
}

/**
 * Rows of a batch of answers as each answer leaves them: read once, changed in memory one
 * answer after another, and written once, each row as it ended (put or deleted).
 */
class RecordRows {
  private readonly changed = new Map<EntityDescriptor['table'], Map<string, LocalRow | null>>();

  constructor(private readonly read: Map<EntityDescriptor['table'], Map<string, LocalRow | undefined>>) {}

  /** The row as the answers so far left it; `stored` for a row not read with the batch. */
  get(table: EntityDescriptor['table'], cid: string, stored?: LocalRow): LocalRow | undefined {
    const mine = this.changed.get(table);
    if (mine?.has(cid)) return mine.get(cid) ?? undefined;
    return this.read.get(table)?.has(cid) ? this.read.get(table)!.get(cid) : stored;
  }

  set(table: EntityDescriptor['table'], row: LocalRow): void {
    this.changedIn(table).set(row.cid, row);
  }

  remove(table: EntityDescriptor['table'], cid: string): void {
    this.changedIn(table).set(cid, null);
  }

  async write(db: AppDb): Promise<void> {
    for (const [table, rows] of this.changed) {
      const gone = [...rows].filter(([, row]) => row === null).map(([cid]) => cid);
      const kept = [...rows.values()].filter((row): row is LocalRow => row !== null);
      if (gone.length > 0) await db.entity(table).bulkDelete(gone);
      if (kept.length > 0) await db.entity(table).bulkPut(kept);
    }
  }

  private changedIn(table: EntityDescriptor['table']): Map<string, LocalRow | null> {
    let rows = this.changed.get(table);
    if (!rows) this.changed.set(table, (rows = new Map()));
    return rows;
  }
}

class MissingPathParameter extends Error {}

/**
 * The path and body of an entry's request, from its call's endpoint row. An update
 * sends the record (see {@link editableFields}); a body-less row sends nothing; fields
 * the row's payload schema does not know (local bookkeeping, a path parameter) stay home.
 */
function buildRequest(
  call: ReturnType<typeof callOf>,
  descriptor: EntityDescriptor,
  recordId: unknown,
  base: ServerRecord | null,
  payload: Fields,
): { path: string; body: Fields } {
  let filled: ReturnType<typeof callParams>;
  try {
    filled = callParams(call, recordId, payload);
  } catch (error) {
    throw new MissingPathParameter((error as Error).message);
  }
  const path = buildPath(call.endpoint, filled.params as never);
  if (call.kind === 'none') return { path, body: {} };
  const whole =
    call.effect === 'update' ? { ...editableFields(base, descriptor), ...cleared(payload), id: recordId } : payload;
  const shaped = call.body ? call.body(whole) : whole;
  const known = payloadFields(call.endpoint as WireEndpointName);
  const body = Object.fromEntries(
    Object.entries(shaped).filter(([key]) => !filled.used.includes(key) && (!known || known.has(key))),
  );
  return { path, body };
}

/**
 * An update sends the whole record: the server's version it was made against with the
 * user's changes on top (the precondition makes that safe). Embedded relations and
 * bookkeeping are not fields; a file already on the server travels as `old_<field>`.
 */
function editableFields(base: Fields | null, descriptor: EntityDescriptor): Fields {
  const fields: Fields = {};
  for (const [key, value] of Object.entries(base ?? {})) {
    if (key === 'id' || key.startsWith('_') || ['created_at', 'updated_at', 'deleted_at'].includes(key)) continue;
    if (value === null || value === undefined) continue;
    if (typeof value === 'object' && !Array.isArray(value)) continue;
    if (descriptor.fileFields.includes(key)) {
      if (value) fields[`old_${key}`] = value;
      continue;
    }
    fields[key] = value;
  }
  return fields;
}

/** A field the user emptied travels as '' (multipart has no null), so the server clears it. */
const cleared = (payload: Fields): Fields =>
  Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, v === null ? '' : v]));

/** Tables whose fields reference `table`, with the fields. */
export function referencingTables(table: string): Array<{ table: EntityDescriptor['table']; fields: string[] }> {
  return Object.values(entities as Record<string, EntityDescriptor>)
    .map((d) => ({
      table: d.table,
      fields: Object.entries(d.refs)
        .filter(([, t]) => t === table)
        .map(([f]) => f),
    }))
    .filter((d) => d.fields.length > 0);
}

/** R8: every local row and queued entry that referenced one of `ids`' cids gets its server id. */
async function remapCids(db: AppDb, ids: Map<string, number>, tables: EntityDescriptor['table'][]): Promise<void> {
  if (ids.size === 0) return;
  const cids = [...ids.keys()];
  const done = new Set<string>();
  const remaps: Array<Promise<unknown>> = [];
  for (const { table, fields } of tables.flatMap((t) => referencingTables(t))) {
    for (const field of fields) {
      // Two descriptors may share a table (history): each field of a table once.
      if (done.has(`${table}.${field}`)) continue;
      done.add(`${table}.${field}`);
      const referencing = () => db.entity(table).where(field).anyOf(cids);
      // Most created records are referenced by no row: their keys alone say so, one request
      // where modify() reads the rows too. The tables are asked side by side.
      remaps.push(
        referencing()
          .primaryKeys()
          .then(async (keys) => {
            if (keys.length === 0) return;
            await referencing().modify((row) => {
              row[field] = ids.get(row[field] as string) ?? row[field];
            });
          }),
      );
    }
  }
  // Every entry that names a record not yet created also waits for it (R6), so the
  // dependsOn index finds all of them without reading the whole outbox.
  const waiting = () => db.outbox.where('dependsOn').anyOf(cids).distinct();
  remaps.push(
    waiting()
      .primaryKeys()
      .then(async (keys) => {
        if (keys.length === 0) return;
        await waiting().modify((e) => {
          for (const [cid, id] of ids) {
            if (!e.dependsOn.includes(cid)) continue;
            e.dependsOn = e.dependsOn.filter((c) => c !== cid);
            for (const [field, value] of Object.entries(e.payload)) e.payload[field] = swapCid(value, cid, id);
          }
        });
      }),
  );
  await Promise.all(remaps);
}

/** `value` with `cid` replaced by `id`, also inside lists and objects (a bulk update's children). */
function swapCid(value: unknown, cid: string, id: number): unknown {
  if (value === cid) return id;
  if (Array.isArray(value)) return value.map((v) => swapCid(v, cid, id));
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value as Fields).map(([k, v]) => [k, swapCid(v, cid, id)]));
  }
  return value;
}

/**
 * For each entry of a pass, the entries it waits for (R6): the one before it of the same
 * record, and the last one before it of each record it depends on.
 */
function predecessors(entries: OutboxEntry[]): number[][] {
  const last = new Map<string, number>();
  return entries.map((entry, i) => {
    const waits = [entry.cid, ...entry.dependsOn]
      .map((cid) => last.get(cid))
      .filter((p): p is number => p !== undefined);
    last.set(entry.cid, i);
    return [...new Set(waits)];
  });
}

/**
 * What the sync screen says of a failure on this device (IndexedDB could not read or write
 * the queue or its files), not an answer of the server: the queue is kept either way.
 */
function deviceFailure(error: unknown): string {
  console.error('[ashray] replay stopped', error);
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return `Sending stopped: this device could not read or write its queued changes${detail}. They are kept and sent at the next sync.`;
}
