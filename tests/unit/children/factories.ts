import Dexie from 'dexie';
import { restoreSession, sessionStore, type SessionUser } from '../../../sync';
import { currentDb } from '../../../sync/device/session';
import { serverCid } from '../../../sync/engine/pull';
import type { LocalChild } from '../../../sync/queries';

export const adminUser: SessionUser = {
  id: 1,
  token: 't-admin',
  name: 'Admin',
  email: 'admin@demo.test',
  role: { id: 2, name: 'admin', permissions: null },
  centerId: 1,
  image: null,
};
export const staffUser: SessionUser = {
  id: 7,
  token: 't-staff',
  name: 'Staff',
  email: 'staff@demo.test',
  role: { id: 4, name: 'caseworker', permissions: { child_registration: { create: 1, view: 1, edit: 1 } } },
  centerId: 3,
  image: null,
};
export const viewerUser: SessionUser = {
  id: 9,
  token: 't-viewer',
  name: 'Viewer',
  email: 'viewer@demo.test',
  role: { id: 3, name: 'viewer', permissions: null },
  centerId: 1,
  image: null,
};

/** A fresh device: no databases, `user` signed in from the saved session (no network). */
export async function freshDeviceSignedInAs(user: SessionUser): Promise<void> {
  localStorage.clear();
  sessionStore.setState({ status: 'signed-out', user: null });
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
  localStorage.setItem('user', JSON.stringify(user));
  await restoreSession();
}

/** A synced child as a pull stores it. */
export function makeChild(id: number, overrides: Partial<LocalChild> = {}): LocalChild {
  const day = String((id % 28) + 1).padStart(2, '0');
  const record = {
    id,
    name: `Child ${id}`,
    gender: id % 2 ? 'Male' : 'Female',
    dateofarrival: `2024-0${(id % 9) + 1}-${day}`,
    centerdetailId: (id % 3) + 2,
    uniqueId: `SBT-${id}`,
    cwccaseno: id % 4 === 0 ? `CWC/${id}` : null,
    ReferredBy: (['refer', 'produce', 'action_pending'] as const)[id % 3],
    case_type: id % 5 === 0 ? 'Missing' : 'Runaway',
    last_status: { history_status: id % 2 ? 'education' : null },
    updated_at: new Date(Date.UTC(2024, 0, 1, 0, 0, id)).toISOString(),
    ...overrides,
  };
  return { cid: serverCid(id), _base: record, _sync: 'synced', ...record } as LocalChild;
}

export async function seedChildren(rows: LocalChild[]): Promise<void> {
  await currentDb().entity('children').bulkPut(rows);
}
