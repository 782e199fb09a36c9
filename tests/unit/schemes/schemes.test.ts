import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../sync/contract';
import { activeSchemeNames, listSchemes, schemesLookup } from '../../../sync/queries';
import { currentDb } from '../../../sync/device/session';
import { checkScheme, saveScheme } from '../../../src/features/schemes/hooks/save-scheme';
import { adminUser } from '../children/factories';
import { offlineDevice, teardownDevice } from '../children/helpers';

describe('social protection schemes on the device', () => {
  beforeEach(async () => {
    await offlineDevice(adminUser);
    await currentDb().lookups.put({
      key: schemesLookup.key,
      data: [
        { id: 1, name: 'Foster Care', status: 1 },
        { id: 2, name: 'Scholarship', status: 1 },
      ],
      pulledAt: Date.now(),
    });
  });

  afterEach(teardownDevice);

  it("a blank name answers 'Scheme name is required.'; status is 1 unless 0 is chosen", () => {
    expect(checkScheme({ name: '   ', status: '1' })).toEqual({
      ok: false,
      field: 'name',
      message: messages.schemeRequired,
    });
    expect(checkScheme({ name: 'Kanyashree', status: '' })).toEqual({
      ok: true,
      fields: { name: 'Kanyashree', status: 1 },
    });
    expect(checkScheme({ name: 'Kanyashree', status: '0' })).toEqual({
      ok: true,
      fields: { name: 'Kanyashree', status: 0 },
    });
  });

  it('a scheme added offline is listed pending at once and offered to the SPS action; an inactive one is not', async () => {
    expect(await saveScheme({ name: 'Kanyashree', status: '1' })).toEqual({ ok: true });
    expect(await saveScheme({ name: 'Closed One', status: '0' })).toEqual({ ok: true });
    const page = await listSchemes();
    expect(page.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Kanyashree', 'Closed One']));
    expect(page.rows.every((r) => r._sync === 'pending')).toBe(true);
    expect(await activeSchemeNames()).toEqual(['Foster Care', 'Kanyashree', 'Scholarship']);
    expect(
      await currentDb()
        .outbox.filter((e) => e.entity === 'schemes')
        .count(),
    ).toBe(2);
  });

  it('a scheme made inactive on this device leaves the choices, by id', async () => {
    await currentDb().entity('schemes').put({ cid: 's2', id: 2, name: 'Scholarship', status: 0, _sync: 'pending' });
    expect(await activeSchemeNames()).toEqual(['Foster Care']);
  });
});
