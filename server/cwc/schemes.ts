import { asc, isNotNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../core/context';
import { childHistory } from '../db/schema';

/*
 * GET /sps_all: the names the Social Protection Scheme action offers. The schemes
 * themselves are administered by part 2's /sps-management; until its table exists this
 * answers the common Indian child-welfare schemes plus any name already recorded.
 */
const DEFAULT_SCHEMES = ['Sponsorship Scheme', 'Foster Care', 'Aadhaar Enrolment', 'Ayushman Bharat', 'PM CARES for Children', 'Scholarship'];

export async function listSchemeNames(c: Context<AppEnv>) {
  const rows = await c
    .get('deps')
    .db.selectDistinct({ name: childHistory.social_protection_scheme })
    .from(childHistory)
    .where(isNotNull(childHistory.social_protection_scheme))
    .orderBy(asc(childHistory.social_protection_scheme));
  const names = [...new Set([...DEFAULT_SCHEMES, ...rows.map((r) => r.name ?? '').filter(Boolean)])];
  return c.json({ success: true, data: names.map((name, i) => ({ id: i + 1, name, status: 1 })) });
}
