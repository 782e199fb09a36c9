import { sql } from 'drizzle-orm';
import { exitStatuses } from '../../sync/contract';
import { selectRows, type Db } from '../db/client';

/*
 * Retention, as a report first (README, Privacy): a child who left care (its present status
 * an exit or a restoration, sync/contract/constants/history-groups.ts) more than
 * RETENTION_YEARS (default 7) before today is due: its personal data (name, photo, Aadhar,
 * phone, address, documents) to be anonymised and its access log entries removed by the
 * retention job. This issue builds the dry run only: it lists ids and counts, never a name,
 * and changes nothing.
 */

export const DEFAULT_RETENTION_YEARS = 7;

/** The statuses that mean the child has left care. */
export const leftCareStatuses: readonly string[] = [...exitStatuses, 'restoration'];

export type RetentionDue = {
  child_id: number;
  center_id: number | null;
  status: string;
  left_on: string;
  documents: number;
  access_entries: number;
};

/** The children due for anonymisation `years` after they left, as of `today` (yyyy-MM-dd), oldest exit first. */
export async function retentionDryRun(db: Db, years: number, today: string): Promise<RetentionDue[]> {
  const rows = await selectRows<RetentionDue & { left_on: string | Date }>(
    db,
    sql`
      with left_care as (
        select c.id as child_id, c.centerdetail_id as center_id, p.history_status as status,
          (select max(h.created_at) from child_history h where h.childreg_id = c.id and h.deleted_at is null) as left_at
        from children c join child_present_status p on p.childreg_id = c.id
        where p.history_status in (${sql.join(
          leftCareStatuses.map((s) => sql`${s}`),
          sql`, `,
        )})
      )
      select l.child_id, l.center_id, l.status, to_char(l.left_at, 'YYYY-MM-DD') as left_on,
        (select count(*)::int from child_documents d where d.childreg_id = l.child_id) as documents,
        (select count(*)::int from access_log a where a.child_ids @> array[l.child_id]::integer[]) as access_entries
      from left_care l
      where l.left_at < ${today}::date - make_interval(years => ${years})
      order by l.left_at, l.child_id`,
  );
  return rows.map((r) => ({ ...r, left_on: String(r.left_on) }));
}
