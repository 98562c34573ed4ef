import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import { financialYear, gstBreakdown, invoiceNumber, PLANS, type PlanId } from '../../../shared/gst.js';
import { formatINR } from '../../../shared/money.js';
import type { changePlanInput } from '../../../shared/schemas/billing.js';
import type { InvoicesTable } from '../../db/schema/billing.js';
import type { Executor } from '../../db/repositories/accounts.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import type { Actor, AppDeps } from '../../trpc/context.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

type InvoiceRow = Selectable<InvoicesTable>;

export function toInvoiceWire(i: InvoiceRow) {
  return {
    _id: i.id,
    number: i.number,
    date: iso(i.issued_at),
    description: i.description,
    plan: i.plan,
    periodStart: i.period_start,
    periodEnd: i.period_end,
    baseAmount: Number(i.base_amount),
    cgst: Number(i.cgst),
    sgst: Number(i.sgst),
    igst: Number(i.igst),
    amount: Number(i.total),
    status: i.status,
    gateway: i.gateway,
  };
}

const addMonth = (isoDay: string) => {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const todayIst = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

export async function getSubscription(deps: AppDeps, actor: Actor, merchantId?: string) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const [sub, invoices, merchant] = await Promise.all([
    deps.db.selectFrom('subscriptions').selectAll().where('merchant_id', '=', shop).executeTakeFirst(),
    deps.db.selectFrom('invoices').selectAll().where('merchant_id', '=', shop).orderBy('issued_at', 'desc').limit(50).execute(),
    deps.db.selectFrom('merchants').select('state').where('id', '=', shop).executeTakeFirstOrThrow(),
  ]);
  return {
    data: {
      plan: sub?.plan ?? null,
      status: sub?.status ?? null,
      nextBillingDate: sub?.current_period_end ?? null,
      cardLast4: sub?.card_last4 ?? null,
      gateway: { name: deps.adapters.payments.name, testMode: deps.adapters.payments.testMode },
      merchantState: merchant.state || deps.env.PLATFORM_STATE,
      platformState: deps.env.PLATFORM_STATE,
      invoices: invoices.map(toInvoiceWire),
    },
  };
}

/** The next number of the financial year, under a row lock: numbers are gapless and never reused. */
async function nextInvoiceNumber(trx: Executor, at: Date): Promise<string> {
  const fy = financialYear(at);
  const { rows } = await sql<{ last_number: number }>`
    insert into invoice_counters (financial_year, last_number) values (${fy}, 1)
    on conflict (financial_year) do update set last_number = invoice_counters.last_number + 1
    returning last_number`.execute(trx);
  return invoiceNumber(fy, rows[0].last_number);
}

/** Issues a paid invoice for one month of a plan (used by plan changes and the demo data). */
export async function issueInvoice(
  trx: Executor,
  v: { merchantId: string; plan: PlanId; periodStart: string; merchantState: string; platformState: string; gateway: string; reference: string; at?: Date },
): Promise<InvoiceRow> {
  const plan = PLANS.find((p) => p.id === v.plan)!;
  const tax = gstBreakdown(plan.price, v.platformState, v.merchantState);
  const at = v.at ?? new Date();
  return trx
    .insertInto('invoices')
    .values({
      number: await nextInvoiceNumber(trx, at),
      merchant_id: v.merchantId,
      plan: plan.id,
      description: `${plan.name} plan, ${v.periodStart} to ${addMonth(v.periodStart)}`,
      period_start: v.periodStart,
      period_end: addMonth(v.periodStart),
      base_amount: tax.base,
      cgst: tax.cgst,
      sgst: tax.sgst,
      igst: tax.igst,
      total: tax.total,
      place_of_supply: v.merchantState,
      gateway: v.gateway,
      payment_reference: v.reference,
      issued_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Changes the plan: the new plan's first month (GST included) is charged through the payment
 * gateway; only after it succeeds do the subscription change and the invoice commit together.
 * A new billing period starts today (no proration).
 */
export async function changePlan(deps: AppDeps, actor: Actor, input: z.output<typeof changePlanInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  const [current, merchant] = await Promise.all([
    deps.db.selectFrom('subscriptions').selectAll().where('merchant_id', '=', shop).executeTakeFirst(),
    deps.db
      .selectFrom('merchants as m')
      .innerJoin('accounts as a', 'a.id', 'm.id')
      .select(['m.state', 'm.shop_name', 'm.email', 'a.email as account_email'])
      .where('m.id', '=', shop)
      .executeTakeFirstOrThrow(),
  ]);
  if (current?.plan === input.plan && current.status === 'active') throw badRequest('plan: this is already your plan', 'plan');
  const plan = PLANS.find((p) => p.id === input.plan)!;
  const merchantState = merchant.state || deps.env.PLATFORM_STATE;
  const tax = gstBreakdown(plan.price, deps.env.PLATFORM_STATE, merchantState);
  const gateway = deps.adapters.payments;
  const result = await gateway.charge({ amount: tax.total, description: `${plan.name} plan`, receipt: `${shop}:${Date.now()}`, cardNumber: input.cardNumber });
  await deps.db
    .insertInto('payment_attempts')
    .values({ merchant_id: shop, amount: tax.total, gateway: gateway.name, reference: result.ok ? result.reference : null, status: result.ok ? 'succeeded' : 'failed', error: result.ok ? null : result.error })
    .execute();
  if (!result.ok) {
    const field = /^(\w+): /.exec(result.error)?.[1];
    throw new AppError('BAD_REQUEST', field ? result.error : `cardNumber: ${result.error}`, field ?? 'cardNumber');
  }
  const start = todayIst();
  const invoice = await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('subscriptions')
      .values({ merchant_id: shop, plan: plan.id, status: 'active', current_period_start: start, current_period_end: addMonth(start), card_last4: result.last4 })
      .onConflict((oc) =>
        oc.column('merchant_id').doUpdateSet({ plan: plan.id, status: 'active', current_period_start: start, current_period_end: addMonth(start), card_last4: result.last4, updated_at: new Date() }),
      )
      .execute();
    const inv = await issueInvoice(trx, { merchantId: shop, plan: plan.id, periodStart: start, merchantState, platformState: deps.env.PLATFORM_STATE, gateway: gateway.name, reference: result.reference });
    await queueMessage(trx, {
      channel: 'email',
      to: merchant.email || merchant.account_email,
      accountId: shop,
      subject: `GlowBook invoice ${inv.number}`,
      body: `Hi,\n\nThank you. Your ${plan.name} plan is active until ${addMonth(start)}.\nInvoice ${inv.number}: ${formatINR(Number(inv.total), { paise: true })} including GST.\nDownload it from Subscription & Billing in your panel.\n\nGlowBook`,
      meta: { purpose: 'invoice', invoiceId: inv.id },
    });
    if (actor.role === 'admin') await recordAudit(trx, actor.id, 'billing.change_plan', 'merchant', shop, { plan: plan.id, invoice: inv.number });
    return inv;
  });
  return { success: true as const, message: 'Plan updated successfully!', data: { invoice: toInvoiceWire(invoice) } };
}

/** The invoice if the caller may see it: its salon's owner, or an admin. */
export async function invoiceFor(deps: AppDeps, actor: Actor, id: string): Promise<InvoiceRow> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await deps.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row || (actor.role !== 'admin' && row.merchant_id !== actor.id)) throw notFound('Invoice');
  return row;
}

export async function adminInvoices(deps: AppDeps) {
  const rows = await deps.db
    .selectFrom('invoices as i')
    .innerJoin('merchants as m', 'm.id', 'i.merchant_id')
    .selectAll('i')
    .select('m.shop_name')
    .orderBy('i.issued_at', 'desc')
    .limit(200)
    .execute();
  const totals = await deps.db
    .selectFrom('invoices')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(base_amount), 0)::float8`.as('base'),
      sql<number>`coalesce(sum(cgst + sgst + igst), 0)::float8`.as('gst'),
      sql<number>`coalesce(sum(total), 0)::float8`.as('total'),
    ])
    .executeTakeFirstOrThrow();
  const failed = await deps.db.selectFrom('payment_attempts').select(sql<number>`count(*)::int`.as('n')).where('status', '=', 'failed').executeTakeFirstOrThrow();
  return {
    data: {
      invoices: rows.map((r) => ({ ...toInvoiceWire(r), salonName: r.shop_name })),
      totals: { count: Number(totals.count), base: Number(totals.base), gst: Number(totals.gst), total: Number(totals.total) },
      failedPayments: Number(failed.n),
    },
  };
}
