import { describe, expect, it } from 'vitest';
import { wireEndpoints } from '../../../sync/contract/endpoints';
import { entities, entityNames, labelOf } from '../../../sync/entities/registry';
import type { Call, EntityDescriptor } from '../../../sync/entities/types';
import { requests } from '../../../sync/entities/writes';
import { entityTables } from '../../../sync/db/app-db';

/** Every call a descriptor names: its operations', its view's and its list's. */
const callsOf = (d: EntityDescriptor): Array<[string, Call]> => [
  ...Object.entries(d.ops),
  ['view', d.view],
  ['list', d.list],
];

describe('the entity registry (STYLE habit 17: each fact once, in its entity module)', () => {
  it('every call of every descriptor is a row of the endpoint table', () => {
    for (const name of entityNames)
      for (const [op, call] of callsOf(entities[name]))
        expect(Object.hasOwn(wireEndpoints, call.endpoint), `${name}.${op} → ${call.endpoint}`).toBe(true);
  });

  it('every entity has a label for people and a Dexie table of its own kind', () => {
    for (const name of entityNames) {
      expect(labelOf(name).trim(), name).not.toBe('');
      expect(labelOf(name), name).not.toBe(name);
      expect(entityTables, name).toContain(entities[name].table);
    }
    expect(labelOf('children')).toBe('Child');
    expect(labelOf('meals')).toBe('Meal');
    expect(labelOf('history')).toBe('History entry');
  });

  it('mutations and requests offer exactly the operations each descriptor names', () => {
    for (const name of entityNames)
      expect(Object.keys(requests[name]).sort(), name).toEqual(Object.keys(entities[name].ops).sort());
    const status = requests.centers.status('c-1', { status: 0 });
    expect(status).toEqual({ entity: 'centers', op: 'status', cid: 'c-1', fields: { status: 0 }, files: undefined });
    expect(requests.tags.delete('c-2')).toEqual({ entity: 'tags', op: 'delete', cid: 'c-2' });
  });

  it('an entity that shapes its own call takes the checked form and makes the fields and files (no screen shapes wire data)', () => {
    const photo = new Blob(['x'], { type: 'image/png' });
    const user = requests.users.create({
      name: 'Asha',
      email: 'asha@demo.test',
      password: '',
      status: 1,
      mobile_number: '9876543210',
      comment: 'New',
      centertypeId: 2,
      role_id: 3,
      join_date: null,
      image: photo,
    } as never);
    // The form's Center travels as the spec's centertypeId and as the user's centerId; a blank password stays out.
    expect(user.fields).toMatchObject({ centertypeId: 2, centerId: 2, join_date: null });
    expect(user.fields && 'password' in user.fields).toBe(false);
    expect(user.files).toEqual({ image: photo });

    const file = new Blob(['%PDF'], { type: 'application/pdf' });
    const doc = requests.beneficiaryDocuments.create({
      beneficiary: { cid: 'c-9' },
      row: { tagId: 4, doc_date: '2026-11-01', comment: undefined },
      file,
    });
    // A beneficiary created offline is named by its cid until its create is answered (R6, R8).
    expect(doc).toMatchObject({
      entity: 'beneficiaryDocuments',
      op: 'create',
      fields: { beneficiaryId: 'c-9', tagId: 4, doc_date: '2026-11-01', comment: null },
      files: { filename: file },
    });
  });
});
