import { describe, expect, it } from 'vitest';
import { missingWords, summarizeSync } from '../../../src/app/layout/sync-summary';
import { canReadCollection } from '../../../sync/entities/registry';
import { hindi } from '../../../sync/contract/i18n/hindi';
import { fillText, type TextKey } from '../../../sync/contract/i18n';

/** The screens' words in Hindi, as useT gives them once the Hindi tables are in. */
const inHindi = {
  t: (key: TextKey, values?: Record<string, string | number>) => fillText(hindi.texts, key, values),
  label: (english: string) => hindi.labels[english] ?? english,
  message: (text: string) => text,
};

const calm = { syncing: false, error: null, paused: false, refused: [] };

describe('the header sync summary', () => {
  it('offline is told calmly with the count of changes on the device', () => {
    const s = summarizeSync({ online: false, status: calm, pending: 3, attention: 0, lastAt: 1 });
    expect(s).toEqual({ tone: 'offline', short: 'Offline', sentence: 'Offline — 3 changes saved on this device' });
  });

  it('a network error while online is waiting, not red; a review item is red', () => {
    const waiting = summarizeSync({
      online: true,
      status: { ...calm, error: { reason: 'network', message: 'x' } },
      pending: 1,
      attention: 0,
      lastAt: 1,
    });
    expect(waiting.tone).toBe('offline');
    expect(summarizeSync({ online: true, status: calm, pending: 0, attention: 2, lastAt: 1 }).tone).toBe('attention');
  });

  it('a refused collection is a limited state naming it', () => {
    const s = summarizeSync({
      online: true,
      status: { ...calm, refused: ['history'] },
      pending: 0,
      attention: 0,
      lastAt: 1,
    });
    expect(s.tone).toBe('limited');
    expect(s.sentence).toBe(
      'Your role does not let this device read child history. Ask an administrator if you need it.',
    );
  });

  it('a server without a bulk extension says in plain words what it offers', () => {
    const s = summarizeSync({
      online: true,
      status: { ...calm, missing: ['history'] },
      pending: 0,
      attention: 0,
      lastAt: 1,
    });
    expect(s).toMatchObject({ tone: 'limited', short: 'Online' });
    expect(s.sentence).toBe(
      'This server does not send child history to keep on this device; what is read from it online is kept for offline.',
    );
  });

  it('names each missing collection once, in the words a person uses', () => {
    const s = summarizeSync({
      online: true,
      status: {
        ...calm,
        missing: ['history', 'historyActions', 'bulkUpdates', 'activityLogs', 'documents', 'meals', 'beneficiaries'],
      },
      pending: 0,
      attention: 0,
      lastAt: 1,
    });
    expect(s.sentence).toBe(
      'This server does not send child history, activity logs, child documents, meals and beneficiaries to keep on this device; what is read from it online is kept for offline.',
    );
    expect(missingWords(['beneficiaryDocuments', 'activityLogs'])).toBe("beneficiaries' documents and activity logs");
    // A collection added later without words still reads as words, not as a code.
    expect(missingWords(['cwcProduce', 'someNewList'])).toBe('CWC produce records and some new list');
  });

  it('a sync that timed out is a slow connection, told calmly, not an error to act on', () => {
    const s = summarizeSync({
      online: true,
      status: { ...calm, error: { reason: 'timeout', message: 'Server not responding. Please try again later.' } },
      pending: 2,
      attention: 0,
      lastAt: 1,
    });
    expect(s).toEqual({
      tone: 'offline',
      short: 'Slow connection',
      sentence:
        'The connection is too slow: the server did not answer in time — 2 changes saved on this device, sent when it answers',
    });
    const none = summarizeSync({
      online: true,
      status: { ...calm, error: { reason: 'timeout', message: '' } },
      pending: 0,
      attention: 0,
      lastAt: 1,
    });
    expect(none.sentence).toBe(
      'The connection is too slow: the server did not answer in time — your work is saved on this device, sent when it answers',
    );
  });
});

describe('the header sync summary in Hindi', () => {
  it('the chip, the offline sentence with its count, and the collections a server does not send, all in Hindi', () => {
    const offline = summarizeSync({ online: false, status: calm, pending: 1, attention: 0, lastAt: 1 }, inHindi);
    expect(offline).toEqual({
      tone: 'offline',
      short: hindi.texts['sync.short.offline'],
      sentence: 'ऑफ़लाइन — 1 बदलाव इस डिवाइस पर सेव है',
    });
    const missing = summarizeSync(
      {
        online: true,
        status: { ...calm, missing: ['history', 'activityLogs', 'meals'] },
        pending: 0,
        attention: 0,
        lastAt: 1,
      },
      inHindi,
    );
    expect(missing.sentence).toBe(
      'यह सर्वर बच्चों का इतिहास, गतिविधि लॉग और खाना इस डिवाइस पर रखने के लिए नहीं भेजता; ऑनलाइन पढ़ा गया हिस्सा ऑफ़लाइन के लिए रखा जाता है।',
    );
    // Not one Latin letter is left in what a Hindi device reads (CWC aside, a name in both).
    for (const tone of [offline, missing]) expect(`${tone.short} ${tone.sentence}`).not.toMatch(/[A-Za-z]/);
  });
});

describe('collections a role may read (the pull asks only for them)', () => {
  it('a registration-only role reads children but not history', () => {
    const user = {
      role: {
        name: 'field',
        permissions: {
          child_registration: { create: 1 as const, view: 1 as const },
          child_tracking: { view: 0 as const },
          cwc: { view: 0 as const },
        },
      },
      centerId: 2,
    };
    expect(canReadCollection(user, 'children')).toBe(true);
    expect(canReadCollection(user, 'history')).toBe(false);
    expect(canReadCollection(user, 'cwcProduce')).toBe(false);
  });
});
