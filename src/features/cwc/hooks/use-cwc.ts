import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  can,
  centerOptions,
  ensureLookup,
  getCwcRecord,
  listCwcRecords,
  mutations,
  tagOptions,
  tagsLookup,
  type CwcKind,
  type CwcListFilter,
  type LocalCwc,
} from '../../../../sync';
import { useOnline, useUser } from '../../../lib/use-store';

export type { CwcKind, LocalCwc };

/** What the signed-in user may do on the CWC screens (cwc module, spec section 6). */
export function useCwcPermissions() {
  const user = useUser();
  return {
    canCreate: can(user, 'create', 'cwc'),
    canEdit: can(user, 'edit', 'cwc'),
    canDelete: can(user, 'delete', 'cwc'),
  };
}

export const useCwcPage = (kind: CwcKind, filter: Partial<CwcListFilter>, page: number) =>
  useLiveQuery(() => listCwcRecords(kind, { filter, page }), [kind, JSON.stringify(filter), page], null);

export const useCwcRecord = (kind: CwcKind, cid: string | undefined) =>
  useLiveQuery(() => (cid ? getCwcRecord(kind, cid) : undefined), [kind, cid]);

type Option = { value: string; label: string };

export const useCenterSelect = (): Option[] =>
  useLiveQuery(() => centerOptions(), [], []).map((c) => ({ value: String(c.id), label: c.name }));

/** Tags for the Add Documents rows, from the device, fetched when online. */
export function useTagSelect(): Option[] {
  const online = useOnline();
  useEffect(() => {
    if (online) void ensureLookup(tagsLookup.key, tagsLookup.path);
  }, [online]);
  return useLiveQuery(() => tagOptions(), [], []).map((t) => ({ value: String(t.id), label: t.name }));
}

export const entityOf = (kind: CwcKind) => (kind === 'produce' ? 'cwcProduce' : 'cwcRefer');

export const removeCwc = (kind: CwcKind, cid: string) => mutations.remove(entityOf(kind), cid);
