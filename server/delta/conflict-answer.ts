import type { Context } from 'hono';
import { messages } from '../../sync/contract';
import type { AppEnv } from '../core/context';
import { fail } from '../core/http';
import { serverMessages } from '../core/messages';

/** 409 with the current record (R11), or 404 when it is gone meanwhile. */
export async function conflictAnswer(c: Context<AppEnv>, current: unknown) {
  if (!current) return fail(c, 404, messages.notFound);
  return c.json({ success: false, message: serverMessages.changedElsewhere, data: current }, 409);
}
