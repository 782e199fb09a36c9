import { collectionLabels, type SyncStatus } from '../../../sync';
import { fillText, texts, type TextKey } from '../../../sync/shell';

/**
 * What the header says about sync, in one place. Offline and an unreachable server are
 * the everyday state of a field worker, not errors: they are told plainly and calmly;
 * red is kept for what needs the user (changes to review, signing in again, an error
 * trying again will not fix).
 */
export type SyncTone = 'synced' | 'working' | 'offline' | 'limited' | 'attention';

export type SyncSummary = {
  tone: SyncTone;
  /** The chip's few words, readable at 390 px. */
  short: string;
  /** The full sentence, shown under the header when it matters and on /sync. */
  sentence: string | null;
};

type Input = {
  online: boolean;
  status: Pick<SyncStatus, 'syncing' | 'error' | 'paused' | 'refused'> & { missing?: string[] };
  pending: number;
  attention: number;
  /** The last finished sync, or null before the first. */
  lastAt: number | null;
};

/**
 * What a person calls the collections a server may not send (our extension lists, DESIGN.md,
 * The wire): the three calls over child history are one thing to the user.
 */
export const missingLabels: Record<string, string> = {
  history: 'child history',
  historyActions: 'child history',
  bulkUpdates: 'child history',
  activityLogs: 'activity logs',
  documents: 'child documents',
  beneficiaries: 'beneficiaries',
  beneficiaryDocuments: "beneficiaries' documents",
  meals: 'meals',
  previousBalances: 'previous balances',
  schemes: 'schemes',
  notifications: 'notifications',
};

/** The words of the screens, in the language shown: useT's, or the catalogue's English. */
export type Say = {
  t: (key: TextKey, values?: Record<string, string | number>) => string;
  label: (english: string) => string;
  message: (text: string) => string;
};

const english: Say = {
  t: (key, values) => fillText(texts, key, values),
  label: (words) => words,
  message: (text) => text,
};

/** A counted text's key in the right number (the catalogue's `_one` and `_other`). */
const counted = <K extends string>(key: K, n: number) => `${key}_${n === 1 ? 'one' : 'other'}` as const;

/** "child history, activity logs and meals": each missing collection once, in words. */
export function missingWords(missing: readonly string[], say: Say = english): string {
  const words = [
    ...new Set(
      missing.map(
        (c) => missingLabels[c] ?? collectionLabels[c] ?? c.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
      ),
    ),
  ].map(say.label);
  return words.length > 1
    ? say.t('sync.words.list', { most: words.slice(0, -1).join(', '), last: words.at(-1)! })
    : (words[0] ?? '');
}

const retryable = new Set(['network', 'timeout', 'busy', 'rate-limited', 'server']);

/** What the header says about sync, worded by `say` (the catalogue's English by default). */
export function summarizeSync({ online, status, pending, attention, lastAt }: Input, say: Say = english): SyncSummary {
  const chip = (key: TextKey, count?: number) => ({ short: say.t(key, { count: count ?? 0 }) });
  if (attention > 0) {
    return {
      tone: 'attention',
      ...chip('sync.short.review', attention),
      sentence: say.t(counted('sync.sentence.review', attention), { count: attention }),
    };
  }
  if (status.paused)
    return { tone: 'attention', ...chip('sync.short.signIn'), sentence: say.t('sync.sentence.signIn') };
  if (!online) {
    return {
      tone: 'offline',
      ...chip('sync.short.offline'),
      sentence:
        pending > 0
          ? say.t(counted('sync.sentence.offline', pending), { count: pending })
          : say.t('sync.sentence.offlineSaved'),
    };
  }
  if (status.error?.reason === 'timeout') {
    return {
      tone: 'offline',
      ...chip('sync.short.slow'),
      sentence:
        pending > 0
          ? say.t(counted('sync.sentence.slow', pending), { count: pending })
          : say.t('sync.sentence.slowSaved'),
    };
  }
  if (status.error && retryable.has(status.error.reason)) {
    return {
      tone: 'offline',
      ...chip('sync.short.waiting'),
      sentence: say.t(counted('sync.sentence.waiting', pending), { count: pending }),
    };
  }
  if (status.error)
    return { tone: 'attention', ...chip('sync.short.error'), sentence: say.message(status.error.message) };
  if (status.refused.length > 0) {
    const what = status.refused.map((c) => say.label(collectionLabels[c] ?? c)).join(', ');
    return { tone: 'limited', ...chip('sync.short.limited'), sentence: say.t('sync.sentence.limited', { what }) };
  }
  if (status.missing?.length) {
    return {
      tone: 'limited',
      ...chip('sync.short.online'),
      sentence: say.t('sync.sentence.missing', { what: missingWords(status.missing, say) }),
    };
  }
  if (status.syncing || lastAt === null) return { tone: 'working', ...chip('sync.short.syncing'), sentence: null };
  if (pending > 0) return { tone: 'working', ...chip('sync.short.online'), sentence: null };
  return { tone: 'synced', ...chip('sync.short.online'), sentence: null };
}
