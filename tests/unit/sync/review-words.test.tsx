import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  connectivityStore,
  entityFieldOf,
  entityLabelOf,
  checkCorrection,
  review,
  type ReviewItem,
} from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { setFetch } from '../../../sync/net/transport';
import type { OutboxEntry } from '../../../sync/db/app-db';
import { RejectedCard } from '../../../src/features/sync/components/rejected-card';
import { ConflictCard } from '../../../src/features/sync/components/conflict-card';
import { adminUser, freshDeviceSignedInAs, makeChild } from '../children/factories';
import { render } from '../../render';

/*
 * The review queue (sync/SPEC.md R10, R14) reads in words: each entity by its module's
 * label, each field by its own form's label, ids by the names they point at, and Edit and
 * resubmit with the form's inputs and checks.
 */

const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
  mutationId: crypto.randomUUID(),
  entity: 'meals',
  op: 'create',
  cid: 'meal-1',
  payload: {},
  fileKeys: [],
  baseUpdatedAt: null,
  dependsOn: [],
  attempts: 1,
  nextAttemptAt: 0,
  lastError: 'The given data was invalid.',
  status: 'rejected',
  ...over,
});

const rejected = async (): Promise<Extract<ReviewItem, { kind: 'rejected' }>> => {
  const items = await review.items();
  const item = items.find((i) => i.kind === 'rejected');
  if (!item || item.kind !== 'rejected') throw new Error('no rejected entry');
  return item;
};

const mealPayload = { center_id: 5, meal_date: '2026-03-04', meal_type: 2, child_count: 30 };

beforeEach(async () => {
  await freshDeviceSignedInAs(adminUser);
  connectivityStore.setState({ online: false });
  setFetch(async () => {
    throw new TypeError('Failed to fetch');
  });
  await currentDb().lookups.put({
    key: 'centers_list',
    data: [
      { id: 5, name: 'Howrah Shelter' },
      { id: 6, name: 'Sealdah Contact Point' },
    ],
    pulledAt: Date.now(),
  });
});
afterEach(() => {
  setFetch(undefined);
  connectivityStore.setState({ online: true });
});

describe('the review queue reads in words', () => {
  it('entity labels come from the registry; fields from the form, else words, never a raw key', () => {
    expect(entityLabelOf('meals')).toBe('Meal');
    expect(entityLabelOf('children')).toBe('Child');
    expect(entityLabelOf('cwcProduce')).toBe('CWC produce');
    expect(entityLabelOf('oldThings')).toBe('Old Things');
    expect(entityFieldOf('meals', 'center_id')).toMatchObject({ label: 'Center Name', input: 'center' });
    expect(entityFieldOf('meals', 'meal_type')).toMatchObject({ label: 'Meal Provided in a day', input: 'choice' });
    expect(entityFieldOf('children', 'centerdetailId')).toMatchObject({ label: 'Center Name', input: 'center' });
    expect(entityFieldOf('children', 'dateofarrival')).toMatchObject({ label: 'Date of Arrival', input: 'date' });
    expect(entityFieldOf('history', 'childregId')).toMatchObject({ label: 'Child', input: 'child' });
    expect(entityFieldOf('history', 'history_status').input).toBe('choice');
    expect(entityFieldOf('schemes', 'center_id').label).toBe('Center');
    expect(entityFieldOf('schemes', 'scheme_type').label).toBe('Scheme type');
  });

  it('a refused meal: "New · Meal", its fields by the form\'s labels, the center by its name, the date as a date', async () => {
    await currentDb().outbox.add(entry({ payload: mealPayload }));
    render(<RejectedCard item={await rejected()} />);
    const card = await screen.findByTestId('rejected-card');
    expect(within(card).getByText('New · Meal')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('Howrah Shelter')).toBeInTheDocument());
    const rows = within(card)
      .getAllByTestId('rejected-field')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Center NameHowrah Shelter',
      'Date04-03-2026',
      'Meal Provided in a day2',
      'Children Count30',
    ]);
    expect(card.textContent).not.toMatch(/center_id|meal_type|meals/);
  });

  it("Edit and resubmit: the meal form's inputs and its checks; the correction is sent as the form sends it", async () => {
    const seq = await currentDb().outbox.add(entry({ payload: mealPayload }));
    render(<RejectedCard item={await rejected()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit and resubmit' }));
    const center = screen.getByRole('textbox', { name: 'Center Name' });
    await waitFor(() => expect(center).toHaveValue('Howrah Shelter'));
    expect(screen.getByRole('textbox', { name: 'Meal Provided in a day' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('04-03-2026');
    expect(screen.queryByLabelText('center_id')).toBeNull();

    const count = screen.getByRole('textbox', { name: 'Children Count' });
    fireEvent.change(count, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    expect(await screen.findByText('Children Count is required')).toBeInTheDocument();
    expect((await currentDb().outbox.get(seq))?.status).toBe('rejected');

    fireEvent.change(count, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    await waitFor(async () => expect((await currentDb().outbox.get(seq))?.status).toBe('queued'));
    expect((await currentDb().outbox.get(seq))?.payload).toMatchObject({ ...mealPayload, child_count: 12 });
  });

  it('a refused history entry names its child, its status and date in words', async () => {
    await currentDb()
      .entity('children')
      .put(makeChild(40, { name: 'Asha Kumari' }));
    await currentDb().outbox.add(
      entry({
        entity: 'historyActions',
        cid: 'h-1',
        payload: { childregId: 40, history_status: 'by_police', transfer_date: '2026-02-01', centerId: 6 },
      }),
    );
    render(<RejectedCard item={await rejected()} />);
    const card = await screen.findByTestId('rejected-card');
    expect(within(card).getByText('New · History entry')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('Asha Kumari')).toBeInTheDocument());
    const rows = within(card)
      .getAllByTestId('rejected-field')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ChildAsha Kumari',
      'StatusEscort by Police',
      'Date01-02-2026',
      'CenterSealdah Contact Point',
    ]);
  });

  it("the conflict card names a child's center field by its form label and each value by the center's name", async () => {
    await currentDb()
      .entity('children')
      .put(makeChild(41, { cid: 'c-41', name: 'Ravi' }));
    await currentDb().conflicts.add({
      entity: 'children',
      cid: 'c-41',
      base: { centerdetailId: 5, dateofarrival: '2024-01-02' },
      mine: { centerdetailId: 6, dateofarrival: '2024-01-03' },
      theirs: { centerdetailId: 5, dateofarrival: '2024-01-04', updated_at: '2026-01-01T10:00:00Z' },
      createdAt: Date.now(),
    });
    const items = await review.items();
    const item = items.find((i) => i.kind === 'conflict');
    if (!item || item.kind !== 'conflict') throw new Error('no conflict');
    render(<ConflictCard item={item} />);
    const rows = await screen.findAllByTestId('conflict-field');
    await waitFor(() => expect(rows[0]).toHaveTextContent('Sealdah Contact Point'));
    expect(rows[0]).toHaveTextContent('Center Name');
    expect(rows[0]).toHaveTextContent('Before: Howrah Shelter');
    expect(rows[1]).toHaveTextContent('Date of Arrival');
    expect(rows[1]).toHaveTextContent('03-01-2024');
    expect(screen.getByRole('radiogroup', { name: 'Keep which Center Name' })).toBeInTheDocument();
  });

  it("a refused Medical entry reads its date by the Medical form's label and is checked by that form", async () => {
    await currentDb()
      .entity('children')
      .put(makeChild(42, { name: 'Mina' }));
    const seq = await currentDb().outbox.add(
      entry({
        entity: 'historyActions',
        op: 'medical',
        cid: 'h-2',
        payload: { childregId: 42, transfer_date: '2026-02-03', comment: 'Fever' },
      }),
    );
    render(<RejectedCard item={await rejected()} />);
    const card = await screen.findByTestId('rejected-card');
    await waitFor(() => expect(within(card).getByText('Mina')).toBeInTheDocument());
    expect(
      within(card)
        .getAllByTestId('rejected-field')
        .map((row) => row.textContent),
    ).toEqual(['ChildMina', 'Medical Test Date03-02-2026', 'CommentFever']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit and resubmit' }));
    expect(screen.getByRole('textbox', { name: 'Child' })).toHaveValue('Mina');
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    expect(await screen.findByText('The comment field is required.')).toBeInTheDocument();
    expect((await currentDb().outbox.get(seq))?.status).toBe('rejected');
  });

  it('a CWC refer correction is checked by the Refer form', () => {
    expect(checkCorrection('cwcRefer', { centerId: 5, transfer_date: '2026-01-01' }, { cwccaseno: '' })).toMatchObject({
      ok: false,
      field: 'cwccaseno',
      message: 'The CWC Case No. field is required.',
    });
    expect(checkCorrection('cwcRefer', { centerId: 5 }, { centerId: '6', cwccaseno: 'CWC/9' })).toEqual({
      ok: true,
      fields: { centerId: 6, cwccaseno: 'CWC/9' },
    });
  });

  it('checkCorrection: the meal schema checks the corrected fields and types them as the form does', () => {
    expect(checkCorrection('meals', mealPayload, { child_count: '7', center_id: '6' })).toEqual({
      ok: true,
      fields: { child_count: 7, center_id: 6 },
    });
    expect(checkCorrection('meals', mealPayload, { meal_type: '' })).toEqual({
      ok: false,
      field: 'meal_type',
      message: 'Meal Provided in a day is required',
    });
  });
});
