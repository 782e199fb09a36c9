import { eq, isNull, sql } from 'drizzle-orm';
import { shortStayHomes, statusesWithExitType } from '../../sync/contract';
import type { Db } from './client';
import { addDays, createRandom, isoDay } from './random';
import { beneficiaries, childHistory, children, schemes } from './schema';

/*
 * Demo data of the part 2 lists on a fresh start: an entry for every exit/restoration
 * status the main seed leaves empty (so each list route shows rows), some short stay
 * registrations, the schemes the SPS action offers, non-registered beneficiaries, and
 * the seeded notifications given to each of their readers.
 */

export const DEMO_SCHEMES = [
  'Sponsorship Scheme',
  'Foster Care',
  'Aadhaar Enrolment',
  'Ayushman Bharat',
  'PM CARES for Children',
  'Scholarship',
];

const EXTRA_STATUSES = [
  'by_police',
  'by_sbt_staff',
  'by_third_party',
  'rehabilitation',
  'after_care',
  'higher_education',
  'restoration_follow_up',
  'short_stay',
  'other_ngo',
  'io_police',
  'transfer_to_home_state_CWC',
  'rescue',
  'other_cci',
];

export async function seedPart2Lists(db: Db, createdBy: number) {
  const rnd = createRandom(20_261_123);
  const today = new Date();
  await db
    .insert(schemes)
    .values([...DEMO_SCHEMES.map((name) => ({ name, status: 1 })), { name: 'Old Age Pension (closed)', status: 0 }]);

  const kids = await db
    .select({ id: children.id, centerId: children.centerdetailId })
    .from(children)
    .where(isNull(children.deleted_at))
    .orderBy(children.id);
  const rows: (typeof childHistory.$inferInsert)[] = [];
  kids.forEach((kid, i) => {
    if (i % 7 !== 3) return;
    const status = EXTRA_STATUSES[Math.floor(i / 7) % EXTRA_STATUSES.length];
    const when = addDays(today, -rnd.int(1, 400));
    rows.push({
      childregId: kid.id,
      centerId: kid.centerId,
      history_status: status,
      transfer_date: isoDay(when),
      history_date: isoDay(when),
      exit_type: statusesWithExitType.includes(status) ? 'exit' : null,
      comment: 'Recorded at the case review.',
      created_by: createdBy,
      created_at: today,
      updated_at: today,
    });
  });
  if (rows.length) await db.insert(childHistory).values(rows);

  const homes = shortStayHomes.map((h) => h.value);
  for (const kid of kids.filter((_, i) => i % 11 === 5)) {
    await db
      .update(children)
      .set({ short_stay_status: 'yes', short_stay: rnd.pick(homes) })
      .where(eq(children.id, kid.id));
  }

  const centerIds = [...new Set(kids.map((k) => k.centerId))];
  const names = [
    'Sunita',
    'Ramesh',
    'Pooja',
    'Imran',
    'Kavita',
    'Arjun',
    'Salma',
    'Deepak',
    'Meena',
    'Vikas',
    'Anjali',
    'Rahul',
  ];
  const served: (typeof beneficiaries.$inferInsert)[] = [];
  for (const service of ['education', 'medical', 'mhp'] as const) {
    for (const centerId of centerIds) {
      for (let n = 0; n < 3; n++) {
        served.push({
          name: `${rnd.pick(names)} ${rnd.pick(['Kumar', 'Devi', 'Khan', 'Singh'])}`,
          gender: rnd.pick(['Male', 'Female']),
          age: String(rnd.int(6, 17)),
          centerId,
          service,
          service_date: isoDay(addDays(today, -rnd.int(1, 200))),
          comment:
            service === 'medical'
              ? 'Medical camp at the contact point.'
              : service === 'education'
                ? 'School enrolment drive.'
                : 'Group counselling session.',
          created_by: createdBy,
        });
      }
    }
  }
  await db.insert(beneficiaries).values(served);

  // The main seed writes one notification per center; each reader gets its own copy.
  await db.execute(sql`
    insert into notifications (childreg_id, center_id, user_id, recipient_id, comment, read_at, created_at, updated_at)
    select n.childreg_id, n.center_id, n.user_id, u.id, n.comment, n.read_at, n.created_at, n.created_at
    from notifications n join users u on (u.center_id = n.center_id or u.center_id = 1) and u.id <> coalesce(n.user_id, 0) and u.deleted_at is null
    where n.recipient_id is null`);
  await db.execute(sql`delete from notifications where recipient_id is null`);
  return { extraHistory: rows.length, beneficiaries: served.length };
}
