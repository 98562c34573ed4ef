import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createSalon, createService, createStaff, insertBookingRow, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 43.10: the calendar's Move refuses a time that was occupied all along with "already taken"
 * (the field is the time), and says "just taken" only for a true race: the time was free when the
 * move read the day, and another booking took it before the move was written (the exclusion
 * constraint's refusal). The race is made certain here: a trigger on the moved booking's row
 * writes another booking into the target time as the move writes it, after its free-time check.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

async function setup() {
  const salon = await createSalon(rt);
  const cut = await createService(rt, salon.id, { name: 'Haircut', duration: 60, price: 800 });
  const asha = await createStaff(rt, salon.id, { name: 'Asha' });
  const customer = await createCustomer(rt);
  const booked = await rt.caller(customer).users.createBooking({
    merchantId: salon.id,
    serviceIds: [cut],
    staffId: asha,
    bookingDate: localDate(2),
    bookingTime: '10:00 AM',
  });
  return { salon, asha, customer, id: booked.data.booking._id };
}

describe(`moving a booking on the calendar: taken all along or just taken (${DB_KIND})`, () => {
  it('says a time another booking held before the move was asked for is already taken, naming the time field', async () => {
    const { salon, asha, id } = await setup();
    const other = await createCustomer(rt);
    await insertBookingRow(rt, {
      userId: other.id,
      merchantId: salon.id,
      staffId: asha,
      startsAt: new Date(`${localDate(2)}T08:30:00Z`),
      bookingDate: localDate(2),
      bookingTime: '2:00 PM',
      minutes: 60,
    });
    const refusal = await rt
      .caller(salon.owner)
      .merchants.moveBooking({ bookingId: id, staffId: asha, bookingDate: localDate(2), bookingTime: '14:00' })
      .catch((e: unknown) => e);
    expect(refusal).toMatchObject({ code: 'CONFLICT', cause: { field: 'bookingTime' } });
    const message = (refusal as Error).message;
    expect(message).toMatch(/^bookingTime: 2:00 PM on .+ is already taken/);
    expect(message).not.toMatch(/just taken/);
    expect(message).toContain('the booking stays at 10:00 AM');
  });

  it('says "just taken" when the time was free as the move read it and another booking got there first', async () => {
    const { salon, asha, id } = await setup();
    const other = await createCustomer(rt);
    const fn = `race_${id.replaceAll('-', '')}`;
    await sql
      .raw(`
        create function ${fn}() returns trigger language plpgsql as $$
        begin
          insert into bookings (user_id, merchant_id, staff_id, starts_at, ends_at, booking_date, booking_time, status, subtotal, total_price, total_duration)
          values ('${other.id}', new.merchant_id, new.staff_id, new.starts_at, new.ends_at, new.booking_date, new.booking_time, 'upcoming', 500, 500, 60);
          return new;
        end $$`)
      .execute(rt.deps.db);
    // One statement per call: PGlite's extended protocol takes no more.
    await sql
      .raw(`
        create trigger ${fn} before update on bookings for each row
          when (new.id = '${id}' and new.starts_at is distinct from old.starts_at) execute function ${fn}()`)
      .execute(rt.deps.db);
    await expect(
      rt.caller(salon.owner).merchants.moveBooking({ bookingId: id, staffId: asha, bookingDate: localDate(2), bookingTime: '16:00' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/^This time was just taken \(another booking or blocked time\); the booking stays at 10:00 AM on /),
    });
    await sql.raw(`drop trigger ${fn} on bookings`).execute(rt.deps.db);
    await sql.raw(`drop function ${fn}()`).execute(rt.deps.db);
    // Refused whole: the booking is where it was, and the racing write went with the move's transaction.
    const row = await rt.deps.db.selectFrom('bookings').select(['booking_time', 'staff_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ booking_time: '10:00 AM', staff_id: asha });
  });
});
