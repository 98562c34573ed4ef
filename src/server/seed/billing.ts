import { sql } from 'kysely';
import { addMonth } from '../../shared/gst.js';
import { gstinCheckChar, gstStateCode } from '../../shared/gstin.js';
import { PLANS, type PlanId } from '../../shared/plans.js';
import { platformToday } from '../../shared/platform.js';
import { addDays } from '../../shared/slots.js';
import type { Db } from '../db/index.js';
import { loadEnv, platformGst } from '../env.js';
import { issueInvoice, scheduleRenewal } from '../services/billing/index.js';

/**
 * Every published demo salon pays for the plan its shop needs (a sponsored listing: Enterprise;
 * its own coupons or a team above Basic's: Professional; else Basic), with this period's invoice
 * and the approved test card saved so the plan renews by itself. The demo owner (merchant@demo.in,
 * a sponsored listing) has been on Enterprise for two months; salons of three professionals are on Basic. The unpublished draft stays on Free. The demo owner has
 * no GSTIN on file (the seeded support ticket asks about it); two other salons have one.
 */
export async function seedBilling(db: Db): Promise<void> {
  const platform = platformGst(loadEnv());
  const salons = await db
    .selectFrom('merchants as m')
    .innerJoin('accounts as a', 'a.id', 'm.id')
    .select([
      'm.id',
      'm.state',
      'm.shop_name',
      'm.is_sponsored',
      'a.email',
      sql<number>`(select count(*)::int from staff s where s.merchant_id = m.id and s.archived_at is null and s.status <> 'Inactive')`.as(
        'team',
      ),
      sql<boolean>`exists (select 1 from coupons c where c.merchant_id = m.id and c.owner_account_id is null)`.as('has_coupons'),
    ])
    .where('m.is_published', '=', true)
    .orderBy('m.shop_name')
    .execute();
  if (salons.length === 0) return;
  // Two salons registered for GST (a demo PAN, a valid GSTIN of the salon's state).
  const registered = ['Sukoon Spa & Wellness', 'The Mane Room'];
  const day = (daysAgo: number) => addDays(platformToday(), -daysAgo);
  const monthBefore = (d: string) => {
    const [y, m, dd] = d.split('-').map(Number);
    const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
    return new Date(Date.UTC(y, m - 2, Math.min(dd, last))).toISOString().slice(0, 10);
  };
  const expYear = new Date().getUTCFullYear() + 2;
  const plans = salons.map((s, i) => {
    const plan: PlanId = s.is_sponsored ? 'enterprise' : s.has_coupons || Number(s.team) > PLANS[0].staffLimit ? 'professional' : 'basic';
    const demoOwner = s.email === 'merchant@demo.in';
    // Periods that started 1 to 27 days ago, so renewals fall on different days.
    const periodStart = day(demoOwner ? 25 : 1 + ((i * 7) % 27));
    const code = registered.includes(s.shop_name) ? gstStateCode(s.state) : null;
    const gstin = code ? `${code}AAPFU0939F1Z` : null;
    return { ...s, plan, demoOwner, periodStart, gstin: gstin ? gstin + gstinCheckChar(gstin) : null };
  });
  // Invoices are numbered in the order they were issued.
  const issues = plans.flatMap((s) =>
    (s.demoOwner ? [monthBefore(s.periodStart), s.periodStart] : [s.periodStart]).map((periodStart) => ({ salon: s, periodStart })),
  );
  issues.sort((a, b) => a.periodStart.localeCompare(b.periodStart) || a.salon.shop_name.localeCompare(b.salon.shop_name));
  await db.transaction().execute(async (trx) => {
    for (const s of plans) if (s.gstin) await trx.updateTable('merchants').set({ gstin: s.gstin }).where('id', '=', s.id).execute();
    for (const { salon, periodStart } of issues) {
      await issueInvoice(trx, {
        platform,
        salon: { name: salon.shop_name, state: salon.state || platform.state, gstin: salon.gstin },
        merchantId: salon.id,
        plan: salon.plan,
        periodStart,
        gateway: 'test',
        reference: `test_pay_demo_${periodStart}`,
        at: new Date(`${periodStart}T05:00:00Z`),
      });
    }
    for (const s of plans) {
      const end = addMonth(s.periodStart);
      await trx
        .insertInto('subscriptions')
        .values({
          merchant_id: s.id,
          plan: s.plan,
          status: 'active',
          current_period_start: s.periodStart,
          current_period_end: end,
          card_last4: '1111',
          card_exp_month: 12,
          card_exp_year: expYear,
          payment_token: `test_tok_1111_12${expYear}`,
        })
        .execute();
      await scheduleRenewal(trx, s.id, end);
    }
  });
}
