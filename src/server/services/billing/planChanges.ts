import type { z } from 'zod';
import { planRank, tierOf } from '../../../shared/plans.js';
import type { schedulePlanChangeInput } from '../../../shared/schemas/billing.js';
import { recordAudit } from '../../db/repositories/audit.js';
import * as repo from '../../db/repositories/billing.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { displayDate } from '../bookings/notify.js';
import { shopOf } from '../scope.js';
import { teamFitsPlan } from './entitlements.js';

/* Changes at the end of the paid period (a downgrade, leaving for Free), and taking them back. */

/**
 * A downgrade, or leaving for Free, takes effect at the end of the paid period (as Stripe and
 * Razorpay do): nothing is charged or credited now, the salon keeps what it paid for until then,
 * and the change can be cancelled. The team must already fit the lower plan, and from now on
 * additions are held to the lower plan's limit.
 */
export async function schedulePlanChange(deps: AppDeps, actor: Actor, input: z.output<typeof schedulePlanChangeInput>) {
  const shop = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    const sub = await repo.findSubscription(trx, shop, { lock: true });
    if (sub?.status !== 'active') throw badRequest('plan: you have no paid plan to change; choose a plan to start one', 'plan');
    if (planRank(input.plan) >= planRank(sub.plan))
      throw badRequest(
        `plan: ${tierOf(input.plan).name} is not below your ${tierOf(sub.plan).name} plan; choose it to upgrade now`,
        'plan',
      );
    const over = await teamFitsPlan(trx, shop, input.plan);
    if (over)
      throw new AppError(
        'CONFLICT',
        over.replace(/^staff: your \w+ plan/, `staff: the ${tierOf(input.plan).name} plan`).replace(/; choose \w+ for [^,]+/, ''),
        'staff',
      );
    await repo.updateSubscription(trx, shop, { scheduled_plan: input.plan });
    if (actor.role === 'admin')
      await recordAudit(trx, actor.id, 'billing.schedule_change', 'merchant', shop, { plan: input.plan, on: sub.current_period_end });
    const on = displayDate(sub.current_period_end);
    return {
      success: true as const,
      message:
        input.plan === 'free'
          ? `Your ${tierOf(sub.plan).name} plan ends on ${on}; then your salon is on Free.`
          : `Your plan changes to ${tierOf(input.plan).name} on ${on}.`,
      data: { scheduledChange: { plan: input.plan, on: sub.current_period_end } },
    };
  });
}

/** Keeps the current plan after all: the scheduled change is dropped and the plan renews as before. */
export async function cancelScheduledChange(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const sub = await repo.dropScheduledChange(deps.db, shop);
  if (!sub) throw conflict('There is no scheduled plan change to cancel');
  if (actor.role === 'admin') await recordAudit(deps.db, actor.id, 'billing.cancel_scheduled_change', 'merchant', shop, {});
  return {
    success: true as const,
    message: `You stay on ${tierOf(sub.plan).name}; it renews on ${displayDate(sub.current_period_end)}.`,
    data: { scheduledChange: null },
  };
}
