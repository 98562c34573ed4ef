import { sql } from 'kysely';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/constants.js';
import type { Executor } from '../executor.js';

/** A booking held for its online payment (pending) is reminded once paid: the sweep's look-back still finds it then. */
const REMINDED = ACTIVE_BOOKING_STATUSES.filter((s) => s !== 'pending');

/** A reminder the sweep has just recorded as sent, with what its messages need. */
export interface DueReminder {
  booking_id: string;
  hours_before: number;
  user_id: string;
  booking_date: string;
  booking_time: string;
  shop_name: string;
  address: string | null;
  email: string;
  first_name: string;
  notification_prefs: unknown;
}

/**
 * Records as sent, and returns, the reminders due at `now`: for each active booking of a customer
 * and each of `hoursBefore`, the moment `hours` before its start has come (within the last
 * `lookbackMinutes`, so a sweep after an outage does not remind of long-past moments) and came after
 * the booking was made (a booking made 10 hours ahead gets no 24-hour reminder). A reminder already
 * recorded for that start is not returned: the insert's ON CONFLICT DO NOTHING waits for a
 * concurrent sweep's insert of the same reminder and then skips it, so two sweeps at once send each
 * reminder once. Call it in the transaction that writes the reminders' messages.
 */
export async function claimDueReminders(
  trx: Executor,
  now: Date,
  hoursBefore: readonly number[],
  lookbackMinutes: number,
): Promise<DueReminder[]> {
  const { rows } = await sql<DueReminder>`
    with due as (
      select b.id as booking_id, h.hours as hours_before, b.starts_at
      from unnest(${[...hoursBefore]}::int[]) h(hours)
      join bookings b
        on b.starts_at > ${now}::timestamptz
       and b.starts_at <= ${now}::timestamptz + h.hours * interval '1 hour'
       and b.starts_at > ${now}::timestamptz + h.hours * interval '1 hour' - ${lookbackMinutes} * interval '1 minute'
       and b.starts_at - h.hours * interval '1 hour' > b.created_at
      where b.status = any(${REMINDED}::text[]) and b.user_id is not null
      order by b.starts_at, b.id, h.hours
    ), sent as (
      insert into booking_reminders (booking_id, hours_before, starts_at)
      select booking_id, hours_before, starts_at from due
      on conflict do nothing
      returning booking_id, hours_before
    )
    select s.booking_id, s.hours_before, b.user_id, b.booking_date, b.booking_time,
           m.shop_name, m.address, a.email, a.first_name, a.notification_prefs
    from sent s
    join bookings b on b.id = s.booking_id
    join merchants m on m.id = b.merchant_id
    join accounts a on a.id = b.user_id
    order by b.starts_at, s.booking_id, s.hours_before`.execute(trx);
  return rows;
}

/** The reminders recorded for a booking (tests, the admin): which hours before, for which start. */
export function remindersOf(db: Executor, bookingId: string) {
  return db
    .selectFrom('booking_reminders')
    .select(['hours_before', 'starts_at', 'sent_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('sent_at')
    .orderBy('hours_before', 'desc')
    .execute();
}
