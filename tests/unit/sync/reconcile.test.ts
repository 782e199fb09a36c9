import { describe, expect, it } from 'vitest';
import { changedFields, pickFields, threeWayMerge } from '../../../sync/engine/reconcile';

const base = { id: 1, name: 'Ravi', gender: 'Male', comments: 'new', updated_at: 't1' };

describe('three-way merge (R12, R17)', () => {
  it('R12: different fields changed on each side merge without asking', () => {
    const theirs = { ...base, comments: 'met family', updated_at: 't2' };
    expect(threeWayMerge(base, { name: 'Ravi Kumar' }, theirs)).toEqual({
      kind: 'merged',
      payload: { name: 'Ravi Kumar' },
    });
  });

  it('R12: the same field changed to different values is a conflict', () => {
    const theirs = { ...base, name: 'Ravi K.', updated_at: 't2' };
    expect(threeWayMerge(base, { name: 'Ravi Kumar', gender: 'Male' }, theirs)).toEqual({
      kind: 'conflict',
      fields: ['name'],
    });
  });

  it('R12: the same new value on both sides is no conflict and nothing left to send', () => {
    const theirs = { ...base, name: 'Ravi Kumar', updated_at: 't2' };
    expect(threeWayMerge(base, { name: 'Ravi Kumar' }, theirs)).toEqual({ kind: 'merged', payload: {} });
  });

  it('bookkeeping fields never count as changes; null and empty text are the same', () => {
    expect(changedFields(base, { ...base, updated_at: 't9', comments: 'new' })).toEqual([]);
    expect(changedFields({ pincode: null }, { pincode: '' })).toEqual([]);
  });

  it('R14: per-field choice keeps only the fields chosen as mine', () => {
    expect(pickFields({ name: 'A', gender: 'Female' }, { name: 'mine', gender: 'theirs' })).toEqual({ name: 'A' });
    expect(pickFields({ name: 'A' }, 'theirs')).toEqual({});
    expect(pickFields({ name: 'A' }, 'mine')).toEqual({ name: 'A' });
  });
});
