import { describe, expect, it } from 'vitest';
import { ChildListIndex, sortKey } from '../../../sync/db/child-index';

const row = (cid: string, name: string) => ({ cid, id: Number(cid), name, uniqueId: `SBT-${cid}` });

describe('the child list finds and sorts Devanagari names', () => {
  it('a name is found by its first two letters as typed, whatever Unicode form it was stored in', async () => {
    // 'क़' stored decomposed (क + nukta), typed precomposed: one form (NFC) on both sides.
    const stored = [row('1', 'राधिका'), row('2', 'रमेश'), row('3', 'Radha'), row('4', 'क\u093Cमर')];
    const index = new ChildListIndex(async () => stored);
    await index.ready();
    expect([...index.find('रा').keys()]).toEqual(['1']);
    expect([...index.find('र').keys()].sort()).toEqual(['1', '2']);
    expect([...index.find('\u0958म').keys()]).toEqual(['4']);
    expect([...index.find('ra').keys()]).toEqual(['3']);
  });

  it('vowel signs are letters of a Devanagari name when sorting; Latin accents are still ignored', () => {
    expect(sortKey('राम')).not.toBe(sortKey('रम'));
    expect(sortKey('Élise')).toBe(sortKey('elise'));
    expect([sortKey('खुशी'), sortKey('अमन'), sortKey('गीता')].sort()).toEqual([
      sortKey('अमन'),
      sortKey('खुशी'),
      sortKey('गीता'),
    ]);
  });
});
