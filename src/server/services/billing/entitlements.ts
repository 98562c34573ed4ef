import { featureRefusal, type PlanFeature, planRank, staffLimitRefusal, type TierId, tierOf } from '../../../shared/plans.js';
import type { Executor } from '../../db/executor.js';
import { countStaffOnTeam, findSubscriptionPlan } from '../../db/repositories/billing.js';
import { AppError } from '../../errors.js';
import { displayDate } from '../bookings/notify.js';

/*
 * The one place the server asks what a salon's plan allows. Every rule a plan card states goes
 * through here: staff on the team (addStaff, reactivating someone, publishing), and the paid tools
 * (messaging, coupons, staff analytics, sponsored listing). A salon without an active paid plan is
 * on Free (shared/plans.ts).
 */

export interface SalonPlan {
  /** What the salon has now. */
  plan: TierId;
  /** A downgrade (or the end of the plan) waiting for the end of the paid period, and its day. */
  scheduled: { plan: TierId; on: string } | null;
}

export async function salonPlan(db: Executor, merchantId: string): Promise<SalonPlan> {
  const sub = await findSubscriptionPlan(db, merchantId);
  if (!sub || sub.status !== 'active') return { plan: 'free', scheduled: null };
  return { plan: sub.plan, scheduled: sub.scheduled_plan ? { plan: sub.scheduled_plan, on: sub.current_period_end } : null };
}

/** 403 naming the plan and the plan that has the tool, unless the salon's plan includes it. */
export async function requireFeature(db: Executor, merchantId: string, feature: PlanFeature): Promise<void> {
  const refusal = featureRefusal((await salonPlan(db, merchantId)).plan, feature);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
}

export async function hasFeature(db: Executor, merchantId: string, feature: PlanFeature): Promise<boolean> {
  return featureRefusal((await salonPlan(db, merchantId)).plan, feature) === null;
}

/** Staff members on the team: every current (not deleted) member who is not Inactive. */
export function staffOnTeam(db: Executor, merchantId: string, exceptStaffId?: string): Promise<number> {
  return countStaffOnTeam(db, merchantId, exceptStaffId);
}

/**
 * The plan whose staff limit binds now: the current one, or a scheduled lower one (so the team
 * fits the plan it is about to become).
 */
function bindingPlan(p: SalonPlan): { plan: TierId; from: string | null } {
  if (p.scheduled && (tierOf(p.scheduled.plan).staffLimit ?? Infinity) < (tierOf(p.plan).staffLimit ?? Infinity))
    return { plan: p.scheduled.plan, from: p.scheduled.on };
  return { plan: p.plan, from: null };
}

/**
 * 409 naming the plan and its limit unless `adding` more people fit on the team. The caller holds
 * the salon's row lock (lockMerchant) in its transaction, so two requests adding at once are
 * counted one after the other and cannot both take the last place.
 */
export async function assertStaffFits(trx: Executor, merchantId: string, adding = 1, exceptStaffId?: string): Promise<void> {
  const p = await salonPlan(trx, merchantId);
  const binding = bindingPlan(p);
  const refusal = staffLimitRefusal(
    binding.plan,
    await staffOnTeam(trx, merchantId, exceptStaffId),
    adding,
    binding.from ? displayDate(binding.from) : undefined,
  );
  if (refusal) throw new AppError('CONFLICT', refusal, 'staff');
}

/** Whether the team fits a plan (a downgrade, publishing): the refusal's words, or null. */
export async function teamFitsPlan(db: Executor, merchantId: string, plan: TierId): Promise<string | null> {
  return staffLimitRefusal(plan, await staffOnTeam(db, merchantId), 0);
}

export const isUpgrade = (from: TierId, to: TierId) => planRank(to) > planRank(from);
