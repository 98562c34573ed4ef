import { addDays, instantToZoned } from '../../shared/slots.js';
import type { Db } from '../db/index.js';

/**
 * The demo salon's waitlist: three demo customers (not customer@demo.in, whose screens other demos
 * show) waiting for tomorrow and the day after, so the calendar day lists them and a cancellation
 * at the desk offers the freed time to the first in line.
 */
export async function seedWaitlist(db: Db, now: Date = new Date()): Promise<void> {
  const salon = await db
    .selectFrom('merchants as m')
    .innerJoin('accounts as a', 'a.id', 'm.id')
    .select(['m.id', 'm.time_zone'])
    .where('a.email', '=', 'merchant@demo.in')
    .executeTakeFirst();
  if (!salon) return;
  const services = await db
    .selectFrom('services')
    .select(['id', 'name'])
    .where('merchant_id', '=', salon.id)
    .where('active', '=', true)
    .orderBy('name')
    .execute();
  const haircut = services.find((s) => /haircut/i.test(s.name)) ?? services[0];
  const facial = services.find((s) => /facial/i.test(s.name)) ?? haircut;
  const customers = await db
    .selectFrom('accounts')
    .select('id')
    .where('role', '=', 'customer')
    .where('email', '<>', 'customer@demo.in')
    .orderBy('email')
    .limit(3)
    .execute();
  if (!haircut || customers.length < 3) return;
  const today = instantToZoned(now, salon.time_zone).date;
  const wants = [
    { user: customers[0].id, service: haircut.id, date: addDays(today, 1), from: 10 * 60, to: 14 * 60 },
    { user: customers[1].id, service: facial.id, date: addDays(today, 1), from: 15 * 60, to: 19 * 60 },
    { user: customers[2].id, service: haircut.id, date: addDays(today, 2), from: 11 * 60, to: 17 * 60 },
  ];
  // Joined in this order over the last hours: the order freed times go out in.
  for (const [i, w] of wants.entries()) {
    await db
      .insertInto('waitlist_entries')
      .values({
        user_id: w.user,
        merchant_id: salon.id,
        service_ids: [w.service],
        wait_date: w.date,
        window_start: w.from,
        window_end: w.to,
        created_at: new Date(now.getTime() - (3 - i) * 3_600_000),
      })
      .execute();
  }
}
