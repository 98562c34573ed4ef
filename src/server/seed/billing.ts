import type { Db } from '../db/index.js';
import { issueInvoice, scheduleRenewal } from '../services/billing/service.js';

const PLATFORM_STATE = process.env.PLATFORM_STATE || 'Karnataka';

/** The demo salon owner is on the Professional plan with two months of paid invoices. */
export async function seedBilling(db: Db): Promise<void> {
  const owner = await db
    .selectFrom('accounts as a')
    .innerJoin('merchants as m', 'm.id', 'a.id')
    .select(['a.id', 'm.state'])
    .where('a.email', '=', 'merchant@demo.in')
    .executeTakeFirst();
  if (!owner) return;
  // The current period started 25 days ago; the one before it a month earlier.
  const current = new Date(Date.now() - 25 * 86_400_000);
  const shift = (d: Date, months: number) => {
    const x = new Date(d);
    x.setUTCMonth(x.getUTCMonth() + months);
    return x.toISOString().slice(0, 10);
  };
  await db.transaction().execute(async (trx) => {
    for (const months of [-1, 0]) {
      const periodStart = shift(current, months);
      await issueInvoice(trx, {
        merchantId: owner.id,
        plan: 'professional',
        periodStart,
        merchantState: owner.state || PLATFORM_STATE,
        platformState: PLATFORM_STATE,
        gateway: 'test',
        reference: `test_pay_demo_${periodStart}`,
        at: new Date(`${periodStart}T05:00:00Z`),
      });
    }
    // The approved test card, saved so the plan renews by itself (expiry two years ahead).
    const expYear = new Date().getUTCFullYear() + 2;
    await trx
      .insertInto('subscriptions')
      .values({
        merchant_id: owner.id,
        plan: 'professional',
        status: 'active',
        current_period_start: shift(current, 0),
        current_period_end: shift(current, 1),
        card_last4: '1111',
        card_exp_month: 12,
        card_exp_year: expYear,
        payment_token: `test_tok_1111_12${expYear}`,
      })
      .execute();
    await scheduleRenewal(trx, owner.id, shift(current, 1));
  });
}
