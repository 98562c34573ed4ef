import type { z } from 'zod';
import type { deskBookingInput, deskSlotsInput } from '../../../shared/schemas/bookings.js';
import { badRequest } from '../../errors.js';
import { findAccountByEmail, nameColumns, type Executor } from '../../db/repositories/accounts.js';
import type { Actor, AppDeps } from '../../trpc/context.js';
import { shopOf } from '../scope.js';
import { getAvailableSlots } from './availability.js';
import { createBooking } from './create.js';

/*
 * The desk's own bookings (merchants/getSlots, merchants/createSlot): a salon books a slot for a
 * customer on the phone or at the counter, through the same rules and the same exclusion
 * constraint as a customer's own booking.
 */

/** Free start times of a day as the desk sees them; without services, for the salon's shortest active one. */
export async function deskSlots(deps: AppDeps, actor: Actor, input: z.output<typeof deskSlotsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  let serviceIds = input.serviceIds;
  if (!serviceIds) {
    const shortest = await deps.db
      .selectFrom('services')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('active', '=', true)
      .orderBy('duration_min')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!shortest) throw badRequest('serviceIds: the salon has no active service yet', 'serviceIds');
    serviceIds = [shortest.id];
  }
  return getAvailableSlots(deps.db, actor, { merchantId, date: input.date, serviceIds, staffId: input.staffId });
}

/**
 * The customer a desk booking is for: the customer account with this e-mail, or a new one (no
 * password; they can sign in with a code sent to the e-mail). A salon or admin e-mail is refused.
 */
async function deskCustomer(db: Executor, input: { name: string; mobile: string; email: string }): Promise<string> {
  const email = input.email.toLowerCase();
  const inserted = await db
    .insertInto('accounts')
    .values({ email, role: 'customer', ...nameColumns(input.name), password_hash: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const account = await findAccountByEmail(db, email);
  if (!account) throw new Error(`The account of ${email} vanished while it was being booked for`);
  if (account.role !== 'customer') throw badRequest('email: this e-mail belongs to a salon or admin account; enter the customer’s own', 'email');
  if (account.is_blocked) throw badRequest('email: this customer’s account is blocked', 'email');
  return account.id;
}

/** Books a slot for a customer from the desk: 201 with the booking, 409 when the time was just taken. */
export async function deskBooking(deps: AppDeps, actor: Actor, input: z.output<typeof deskBookingInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const customerId = await deskCustomer(deps.db, input);
  return createBooking(
    deps,
    actor,
    { merchantId, serviceIds: input.serviceIds, staffId: input.staffId, bookingDate: input.bookingDate, bookingTime: input.bookingTime },
    { customerId },
  );
}
