import { useLiveQuery } from '../../../lib/use-live-query';
import {
  can,
  getCwcRecord,
  listCwcRecords,
  mutations,
  type CwcKind,
  type CwcListFilter,
  type LocalCwc,
} from '../../../../sync';
import { useUser } from '../../../lib/use-store';

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

export const entityOf = (kind: CwcKind) => (kind === 'produce' ? ('cwcProduce' as const) : ('cwcRefer' as const));

export const removeCwc = (kind: CwcKind, cid: string) => mutations[entityOf(kind)].delete(cid);
