import { collectionLabels, type SyncStatus } from '../../../sync';
import { countOf } from '../../lib/words';
import { texts, type TextKey } from '../../../sync/shell';

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

const changes = (n: number) => countOf(n, 'change');
const saved = (n: number) => (n > 0 ? `${changes(n)} saved on this device` : 'your work is saved on this device');

/**
 * What a person calls the collections a server may not send (our extension lists, DESIGN.md,
 * The wire): the three calls over child history are one thing to the user.
 */
const missingLabels: Record<string, string> = {
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

/** "child history, activity logs and meals": each missing collection once, in words. */
export function missingWords(missing: readonly string[]): string {
  const words = [
    ...new Set(
      missing.map(
        (c) => missingLabels[c] ?? collectionLabels[c] ?? c.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
      ),
    ),
  ];
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}
/** The chip's words in English, the catalogue's (sync/contract/i18n/texts.ts). */
const chip = (key: TextKey, count?: number) => ({ short: texts[key].replace('{{count}}', String(count)) });

const chipKeys = new Map(
  (Object.entries(texts) as [TextKey, string][])
    .filter(([key]) => key.startsWith('sync.short.'))
    .map(([key, words]) => [new RegExp(`^${words.replace('{{count}}', '(\\d+)')}$`), key] as const),
);

/** The catalogue key of the chip's words and the count in them, for the screen to show them in its language. */
export function chipKeyOf(short: string): { key: TextKey; count: number } | null {
  for (const [pattern, key] of chipKeys) {
    const match = pattern.exec(short);
    if (match) return { key, count: Number(match[1] ?? 0) };
  }
  return null;
}

const retryable = new Set(['network', 'timeout', 'busy', 'rate-limited', 'server']);

export function summarizeSync({ online, status, pending, attention, lastAt }: Input): SyncSummary {
  if (attention > 0) {
    return {
      tone: 'attention',
      ...chip('sync.short.review', attention),
      sentence: `${changes(attention)} need${attention === 1 ? 's' : ''} your decision on the Sync page.`,
    };
  }
  if (status.paused)
    return {
      tone: 'attention',
      ...chip('sync.short.signIn'),
      sentence: 'Sign in again to send your changes. They are kept on this device.',
    };
  if (!online) {
    return {
      tone: 'offline',
      ...chip('sync.short.offline'),
      sentence:
        pending > 0
          ? `Offline — ${changes(pending)} saved on this device`
          : 'Offline — your work is saved on this device',
    };
  }
  if (status.error?.reason === 'timeout') {
    return {
      tone: 'offline',
      ...chip('sync.short.slow'),
      sentence: `The connection is too slow: the server did not answer in time — ${saved(pending)}, sent when it answers`,
    };
  }
  if (status.error && retryable.has(status.error.reason)) {
    return {
      tone: 'offline',
      ...chip('sync.short.waiting'),
      sentence: `The server is not answering — ${changes(pending)} saved on this device, sent when it answers`,
    };
  }
  if (status.error) return { tone: 'attention', ...chip('sync.short.error'), sentence: status.error.message };
  if (status.refused.length > 0) {
    const what = status.refused.map((c) => collectionLabels[c] ?? c).join(', ');
    return {
      tone: 'limited',
      ...chip('sync.short.limited'),
      sentence: `Your role does not let this device read ${what}. Ask an administrator if you need it.`,
    };
  }
  if (status.missing?.length) {
    return {
      tone: 'limited',
      ...chip('sync.short.online'),
      sentence: `This server does not send ${missingWords(status.missing)} to keep on this device; what is read from it online is kept for offline.`,
    };
  }
  if (status.syncing || lastAt === null) return { tone: 'working', ...chip('sync.short.syncing'), sentence: null };
  if (pending > 0) return { tone: 'working', ...chip('sync.short.online'), sentence: null };
  return { tone: 'synced', ...chip('sync.short.online'), sentence: null };
}
