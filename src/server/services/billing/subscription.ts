import { addMonth, daysBetween, gstBreakdown, PLANS, type PlanId, type UpgradeQuote, upgradeQuote } from '../../../shared/gst.js';
import { PLATFORM_SAC } from '../../../shared/gstin.js';
import { planRank, type TierId, tierOf } from '../../../shared/plans.js';
import { platformToday } from '../../../shared/platform.js';
import type { Executor } from '../../db/executor.js';
import * as repo from '../../db/repositories/billing.js';
import { findPaymentMethod } from '../../db/repositories/paymentMethods.js';
import type { Actor, AppDeps } from '../../deps.js';
import { platformGst } from '../../env.js';
import { badRequest } from '../../errors.js';
import { displayDate } from '../bookings/notify.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';
import type { SubscriptionRow } from './attempts.js';
import { staffOnTeam } from './entitlements.js';
import { periodInvoice, toCreditNoteWire, toInvoiceWire } from './invoices.js';
import { canChargeSaved, paymentMethodOf } from './paymentMethod.js';

/* A salon's plan as its owner sees it: what each plan would cost now, the billing history, the payments. */

/** What choosing a plan means now: its price for a new month, an upgrade's prorated difference, or a change at the period's end. */
export type PlanQuote =
  | { kind: 'current' }
  | { kind: 'new'; due: number; periodStart: string; periodEnd: string }
  | { kind: 'upgrade'; due: number; quote: UpgradeQuote; fromPlan: PlanId; periodStart: string; periodEnd: string; prorateFrom: string }
  | { kind: 'downgrade'; on: string };

async function quotePlan(
  db: Executor,
  deps: AppDeps,
  merchantId: string,
  sub: SubscriptionRow | undefined,
  salonState: string,
  target: PlanId,
  today = platformToday(),
): Promise<PlanQuote> {
  const price = PLANS.find((p) => p.id === target)!.price;
  const platformState = deps.env.PLATFORM_STATE;
  const fresh = (): PlanQuote => ({
    kind: 'new',
    due: gstBreakdown(price, platformState, salonState).total,
    periodStart: today,
    periodEnd: addMonth(today),
  });
  if (sub?.status !== 'active') return fresh();
  if (sub.plan === target) return { kind: 'current' };
  if (planRank(target) < planRank(sub.plan)) return { kind: 'downgrade', on: sub.current_period_end };
  if (daysBetween(today, sub.current_period_end) <= 0) return fresh();
  const paid = await periodInvoice(db, merchantId, sub.plan, sub.current_period_end);
  const quote = upgradeQuote({
    fromPrice: PLANS.find((p) => p.id === sub.plan)!.price,
    toPrice: price,
    periodStart: sub.current_period_start,
    periodEnd: sub.current_period_end,
    from: today,
    supplierState: platformState,
    recipientState: salonState,
    creditable: paid?.creditable ?? 0,
  });
  return {
    kind: 'upgrade',
    due: quote.due,
    quote,
    fromPlan: sub.plan,
    periodStart: sub.current_period_start,
    periodEnd: sub.current_period_end,
    prorateFrom: today,
  };
}

export async function getSubscription(deps: AppDeps, actor: Actor, merchantId?: string) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const [sub, invoices, creditNotes, merchant, onTeam, payments] = await Promise.all([
    repo.findSubscription(deps.db, shop),
    repo.listInvoices(deps.db, shop, 50),
    repo.listCreditNotes(deps.db, shop, 50),
    repo.findSalonBilling(deps.db, shop),
    staffOnTeam(deps.db, shop),
    repo.listPlanPayments(deps.db, shop, 20),
  ]);
  const savedMethod = await findPaymentMethod(deps.db, shop);
  const gateway = deps.adapters.payments;
  const salonState = merchant.state || deps.env.PLATFORM_STATE;
  const tier: TierId = sub?.status === 'active' ? sub.plan : 'free';
  const quotes = await Promise.all(
    PLANS.map(async (p) => {
      const q = await quotePlan(deps.db, deps, shop, sub, salonState, p.id);
      return {
        plan: p.id,
        kind: q.kind,
        due: q.kind === 'new' || q.kind === 'upgrade' ? q.due : null,
        credit: q.kind === 'upgrade' ? (q.quote.credit?.total ?? 0) : null,
        charge: q.kind === 'upgrade' ? q.quote.charge.total : null,
        days: q.kind === 'upgrade' ? q.quote.days : null,
        periodDays: q.kind === 'upgrade' ? q.quote.periodDays : null,
        on: q.kind === 'downgrade' ? q.on : null,
      };
    }),
  );
  return {
    data: {
      plan: sub?.plan ?? null,
      status: sub?.status ?? null,
      tier,
      scheduledChange: sub?.status === 'active' && sub.scheduled_plan ? { plan: sub.scheduled_plan, on: sub.current_period_end } : null,
      usage: { staff: { onTeam, limit: tierOf(tier).staffLimit } },
      quotes,
      nextBillingDate: sub?.current_period_end ?? null,
      cardLast4: paymentMethodOf(savedMethod, sub, gateway.name)?.last4 ?? null,
      paymentMethod: paymentMethodOf(savedMethod, sub, gateway.name),
      autoRenew: Boolean(sub?.status === 'active' && sub.scheduled_plan !== 'free' && canChargeSaved(savedMethod, sub, gateway)),
      gateway: { name: gateway.name, testMode: gateway.testMode, checkoutKey: gateway.checkoutKey },
      merchantState: salonState,
      platformState: deps.env.PLATFORM_STATE,
      gst: { salonGstin: merchant.gstin, platformGstin: platformGst(deps.env).gstin, sac: PLATFORM_SAC },
      invoices: invoices.map(toInvoiceWire),
      creditNotes: creditNotes.map(toCreditNoteWire),
      payments: payments.map(toPlanPaymentWire),
    },
  };
}

/**
 * A plan payment as the owner sees it besides the invoices: in progress (pending or charged), failed,
 * or a late payment refunded in full (refunding, refunded, refund_due: an admin refunds it by hand).
 */
export function toPlanPaymentWire(a: Awaited<ReturnType<typeof repo.listPlanPayments>>[number]) {
  const status =
    a.status === 'pending' || a.status === 'charged'
      ? ('in_progress' as const)
      : a.status === 'refund_failed'
        ? ('refund_due' as const)
        : (a.status as 'failed' | 'refunding' | 'refunded');
  return {
    _id: a.id,
    date: iso(a.created_at),
    plan: a.plan,
    purpose: a.purpose,
    amount: Number(a.amount),
    status,
    /** Why it failed, or why a late payment was not applied. */
    reason: a.error,
    refundReference: a.refund_reference,
  };
}

/** The price of choosing `plan` now: a new month or an upgrade's difference; the same plan or a lower one is refused. */
export async function priceFor(
  db: Executor,
  deps: AppDeps,
  shop: string,
  plan: PlanId,
): Promise<Extract<PlanQuote, { kind: 'new' | 'upgrade' }>> {
  const sub = await repo.findSubscription(db, shop);
  const merchant = await repo.findSalonBilling(db, shop);
  const q = await quotePlan(db, deps, shop, sub, merchant.state || deps.env.PLATFORM_STATE, plan);
  if (q.kind === 'current') throw badRequest('plan: this is already your plan', 'plan');
  if (q.kind === 'downgrade') {
    throw badRequest(
      `plan: ${tierOf(plan).name} is below your ${tierOf(sub!.plan).name} plan; a downgrade takes effect at the end of your paid period (${displayDate(q.on)}): schedule it with schedulePlanChange`,
      'plan',
    );
  }
  return q;
}
