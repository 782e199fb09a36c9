import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import {
  isAdministrator,
  listPreviousBalances,
  mutations,
  previousBalanceFormSchema,
  pullPart2Lists,
  type LocalPreviousBalance,
  type PreviousBalanceFilter,
  firstIssue,
} from '../../../../sync';
import { useOnline, useUser } from '../../../lib/use-store';

export type { LocalPreviousBalance };
/** A refusal names the field it is about, when it is one (marked on the form). */
export type Outcome = { ok: true } | { ok: false; message: string; field?: string | null };

/** Pulls the previous balances onto the device when the screen opens online. */
export function usePullBalances() {
  const online = useOnline();
  useEffect(() => {
    if (online) void pullPart2Lists(['previousBalances']);
  }, [online]);
}

export const useBalancePage = (filter: Partial<PreviousBalanceFilter>, page: number) =>
  useLiveQuery(() => listPreviousBalances(filter, page), [JSON.stringify(filter), page], null);

/** Add and edit are the administrators' (the viewer reads). */
export const useCanEditBalances = () => isAdministrator(useUser());

export type BalanceValues = {
  centerId: string | null;
  activity_date: string | null;
  comment: string;
  male: string | number;
  female: string | number;
};

/** Add or update a previous balance on the device, checked by the contract; the outbox sends it. */
export async function saveBalance(values: BalanceValues, cid?: string): Promise<Outcome> {
  const parsed = previousBalanceFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false, ...firstIssue(parsed.error) };
  const { id: _id, ...fields } = parsed.data;
  const row = { ...fields, total_balance: fields.male + fields.female };
  const result = cid ? await mutations.previousBalances.update(cid, row) : await mutations.previousBalances.create(row);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}
