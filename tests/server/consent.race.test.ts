import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { DAILY_MESSAGE_LIMIT, indiaDay } from '../../src/shared/consent.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, pinIndiaClock, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * The daily message limit under concurrency: on PostgreSQL these requests really run at once (a
 * pool of 20 connections), as parallel calls and as the calls of tRPC batches, and the limit must
 * hold exactly: every message queued was counted, and no more were queued than the limit allows.
 */
let rt: TestRuntime;
let base: string;
let customer: Actor;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
  pinIndiaClock(rt, '12:00');
  base = await rt.listen();
  customer = await createCustomer(rt, { firstName: 'Meera' });
  await rt.deps.db
    .updateTable('accounts')
    .set({ notification_prefs: JSON.stringify({ marketing: true }) })
    .where('id', '=', customer.id)
    .execute();
});
afterAll(async () => {
  await rt.close();
});

/** A salon whose customer has an upcoming booking, with `left` one-to-one messages left today. */
async function salonWithLeft(left: number): Promise<{ salon: SalonFixture; bookingId: string }> {
  const salon = await createSalon(rt);
  const staffId = await createStaff(rt, salon.id);
  const bookingId = await insertBookingRow(rt, {
    merchantId: salon.id,
    userId: customer.id,
    staffId,
    startsAt: new Date(Date.now() + 2 * 86_400_000),
  });
  await rt.deps.db
    .insertInto('merchant_message_counts')
    .values({ merchant_id: salon.id, day: indiaDay(rt.deps.now()), sent: DAILY_MESSAGE_LIMIT - left })
    .execute();
  return { salon, bookingId };
}

async function figures(merchantId: string) {
  const count = await rt.deps.db
    .selectFrom('merchant_message_counts')
    .select('sent')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const queued = await rt.deps.db
    .selectFrom('outbox_messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return { counted: count.sent, queued: Number(queued.n) };
}

describe(`the daily message limit under concurrency (${DB_KIND})`, () => {
  it('30 parallel sends with 25 left: exactly 25 are queued, 5 × 429, and the count stops at the limit', async () => {
    const { salon, bookingId } = await salonWithLeft(25);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        rt.caller(salon.owner).merchants.sendCustomerMessage({
          customerId: customer.id,
          category: 'transactional',
          bookingId,
          channels: ['email'],
          subject: 'Hi',
          message: `Message ${i}`,
        }),
      ),
    );
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.length - refused.length).toBe(25);
    for (const r of refused)
      expect(r.reason).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringContaining(`${DAILY_MESSAGE_LIMIT} messages to customers per day`),
      });
    expect(await figures(salon.id)).toEqual({ counted: DAILY_MESSAGE_LIMIT, queued: 25 });
  });

  it('tRPC batches sent at once (4 × 10 calls, two channels each, 25 left): 12 sends queue 24 messages, the rest are 429s', async () => {
    const { salon, bookingId } = await salonWithLeft(25);
    const token = await rt.deps.tokens.sign({ sub: salon.owner.id, role: 'merchant', ver: 0 });
    const batch = (n: number, from: number) =>
      fetch(`${base}/trpc/${Array(n).fill('merchants.sendCustomerMessage').join(',')}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(
          Object.fromEntries(
            Array.from({ length: n }, (_, i) => [
              String(i),
              {
                customerId: customer.id,
                category: 'transactional',
                bookingId,
                channels: ['email', 'whatsapp'],
                subject: 'Hi',
                message: `Batch message ${from + i}`,
              },
            ]),
          ),
        ),
      }).then(async (res) => (await res.json()) as Array<{ result?: unknown; error?: { data?: { httpStatus?: number } } }>);
    await rt.deps.db.updateTable('accounts').set({ phone: '9000000031' }).where('id', '=', customer.id).execute();
    const answers = (await Promise.all([batch(10, 0), batch(10, 10), batch(10, 20), batch(10, 30)])).flat();
    expect(answers).toHaveLength(40);
    const ok = answers.filter((a) => a.result);
    expect(ok).toHaveLength(12);
    expect(answers.filter((a) => a.error?.data?.httpStatus === 429)).toHaveLength(28);
    // 12 sends of two messages: 24 counted; the 25th message alone would not make a send of two.
    expect(await figures(salon.id)).toEqual({ counted: DAILY_MESSAGE_LIMIT - 1, queued: 24 });
  });
});
