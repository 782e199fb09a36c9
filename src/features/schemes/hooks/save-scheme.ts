import { useEffect } from 'react';
import { useLiveQuery } from '../../../lib/use-live-query';
import { listSchemes, messages, mutations, pullSchemes, schemeFormSchema, firstIssue } from '../../../../sync';

export type SchemeValues = { name: string; status: string };
/** A refusal names the field it is about, when it is one (marked on the form). */
export type Outcome = { ok: true } | { ok: false; message: string; field?: string | null };

/** 'Scheme name is required.' or the checked fields. */
export function checkScheme(values: SchemeValues) {
  const parsed = schemeFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false as const, ...firstIssue(parsed.error) };
  return { ok: true as const, fields: { name: parsed.data.name, status: parsed.data.status } };
}

/** Add a scheme, or update the scheme `cid`, on the device; the outbox sends it (addSps / updateSps). */
export async function saveScheme(values: SchemeValues, cid?: string): Promise<Outcome> {
  const checked = checkScheme(values);
  if (!checked.ok) return checked;
  const result = cid
    ? await mutations.schemes.update(cid, checked.fields)
    : await mutations.schemes.create(checked.fields);
  return result.ok ? { ok: true } : { ok: false, message: result.message || messages.somethingWentWrong };
}

export const useSchemesPage = (page: number) => useLiveQuery(() => listSchemes(page), [page], null);

/** Brings the device's schemes up to date when the screen opens. */
export function usePullSchemes() {
  useEffect(() => {
    void pullSchemes();
  }, []);
}
