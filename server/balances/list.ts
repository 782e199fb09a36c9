import type { Context } from 'hono';
import { previousBalanceFilterSchema } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { listed, readListQuery } from '../delta/delta';
import { readBody } from '../core/http';
import { invalid } from '../core/validation';
import { listBalances } from './records';

/** POST /previous_balance (getPreviousBalance): the filter in the body; ?page or delta. */
export async function previousBalanceList(c: Context<AppEnv>) {
  const read = readListQuery(c.req.query());
  if ('error' in read) return invalid(c, [{ path: read.error.field, message: read.error.message }]);
  const filter = previousBalanceFilterSchema.safeParse(await readBody(c));
  if (!filter.success)
    return invalid(
      c,
      filter.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'body', message: i.message })),
    );
  return listed(c, await listBalances(c.get('deps').db, c.get('user'), filter.data, read.query));
}
