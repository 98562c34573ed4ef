import type { Db } from '../db/index.js';
import { toJsonb } from '../db/json.js';
import { recordJobFailure } from '../db/repositories/admin/system.js';
import { bossOn } from '../jobs/boss.js';
import { bossDb } from '../jobs/bossDb.js';
import { DELIVER_MESSAGE } from '../messaging/index.js';

const HOUR = 3_600_000;

/** Two places pinned to the top of the home page's popular locations, as an admin would set them. */
export const DEMO_FEATURED_LOCATIONS = [
  { name: 'Pune', city: 'Pune', state: 'Maharashtra', kind: 'city' as const, lat: 18.5204, lng: 73.8567, sort_order: 0 },
  { name: 'Bandra West', city: 'Mumbai', state: 'Maharashtra', kind: 'locality' as const, lat: 19.0596, lng: 72.8295, sort_order: 1 },
];

/** The e-mail whose delivery gave up: the System screen's failed job, for an admin to retry. */
export const DEMO_FAILED_MAIL = { to: 'rohan.mehta@demo.in', subject: 'Your GlowBook receipt' };

/**
 * What an admin finds waiting on a fresh demo: an open support ticket from the demo salon owner,
 * a contact message from a visitor, featured locations, and one e-mail delivery that failed three
 * days ago (old enough not to mark the platform degraded today).
 */
export async function seedAdminDemo(db: Db, now: Date = new Date()): Promise<void> {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const admin = await db.selectFrom('accounts').select('id').where('role', '=', 'admin').orderBy('created_at').executeTakeFirst();
  const owner = await db
    .selectFrom('accounts as a')
    .innerJoin('merchants as m', 'm.id', 'a.id')
    .select(['a.id', 'a.email', 'a.first_name', 'a.last_name', 'm.shop_name'])
    .where('a.email', '=', 'merchant@demo.in')
    .executeTakeFirst();
  const customer = await db.selectFrom('accounts').select(['id', 'first_name']).where('email', '=', DEMO_FAILED_MAIL.to).executeTakeFirst();

  await db.transaction().execute(async (trx) => {
    if (owner) {
      await trx
        .insertInto('support_messages')
        .values({
          account_id: owner.id,
          merchant_id: owner.id,
          kind: 'ticket',
          type: 'Merchant Support',
          name: `${owner.first_name} ${owner.last_name}`.trim(),
          email: owner.email,
          subject: 'GSTIN missing on my last invoice',
          message: `Hello, the latest subscription invoice for ${owner.shop_name} does not show our GSTIN, and our accountant needs it to claim the input credit. Could you reissue it with the GSTIN on it?`,
          category: 'billing',
          priority: 'high',
          created_at: at(26),
          updated_at: at(26),
        })
        .execute();
    }
    await trx
      .insertInto('support_messages')
      .values({
        kind: 'contact',
        type: 'Partner with us',
        name: 'Kavya Nair',
        email: 'kavya.nair@example.com',
        subject: 'Listing our spa in Kochi',
        message:
          'We run a two-room Ayurvedic spa in Kochi and would like to be listed. Do you support salons in Kerala yet, and what does it cost?',
        created_at: at(5),
        updated_at: at(5),
      })
      .execute();

    await trx
      .insertInto('featured_locations')
      .values(DEMO_FEATURED_LOCATIONS.map((l) => ({ ...l, created_by: admin?.id ?? null })))
      .execute();

    if (customer) {
      const sentAt = at(72);
      const message = await trx
        .insertInto('outbox_messages')
        .values({
          channel: 'email',
          recipient: DEMO_FAILED_MAIL.to,
          subject: DEMO_FAILED_MAIL.subject,
          body: `Hi ${customer.first_name},\n\nThank you for visiting. Your receipt is in the app under My Bookings.\n\nGlowBook`,
          status: 'failed',
          provider: 'pending',
          account_id: customer.id,
          attempts: 5,
          last_error: 'connect ETIMEDOUT: the mail relay did not answer',
          meta: toJsonb({ purpose: 'receipt' }),
          created_at: sentAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Its delivery job, failed through pg-boss's API (sent with no retries left, then failed),
      // and on the admin's list of failed jobs as the runner would have put it.
      const error = 'connect ETIMEDOUT: the mail relay did not answer';
      const on = { db: bossDb(trx) };
      const boss = bossOn(trx);
      const jobId = await boss.send(
        DELIVER_MESSAGE,
        { messageId: message.id },
        { ...on, singletonKey: `message:${message.id}`, retryLimit: 0 },
      );
      if (jobId) {
        await boss.fail(DELIVER_MESSAGE, jobId, { message: error }, on);
        await recordJobFailure(trx, { jobId, kind: DELIVER_MESSAGE, attempts: 5, lastError: error, failedAt: at(70) });
      }
    }
  });
}
