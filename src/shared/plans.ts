/**
 * What each plan gives a salon, the single source of the plan cards, the Subscription page's limits
 * and usage, and the server's checks (services/billing/entitlements.ts). A salon without an active
 * paid plan is on Free: listed and bookable, with one professional and no paid tools, paying only
 * the commission on completed bookings (as Fresha's free tier does).
 */
import { PLAN_IDS, type PlanId, TIER_IDS, type TierId } from './constants.js';

export { PLAN_IDS, type PlanId, TIER_IDS, type TierId };

/** Tools a plan may include, each with the words the plan cards and refusals use. */
export const PLAN_FEATURES = {
  messaging: 'SMS, WhatsApp and e-mail messages to customers',
  coupons: 'Coupons',
  staffAnalytics: 'Staff analytics',
  sponsoredListing: 'Sponsored listing',
  prioritySupport: 'Priority support',
} as const;
export type PlanFeature = keyof typeof PLAN_FEATURES;

export interface PlanTier {
  id: TierId;
  name: string;
  /** Per month, exclusive of GST. */
  price: number;
  description: string;
  /** Staff members on the team (not Inactive); null is unlimited. */
  staffLimit: number | null;
  tools: readonly PlanFeature[];
  features: readonly string[];
}

const PROFESSIONAL_TOOLS = ['messaging', 'coupons', 'staffAnalytics'] as const satisfies readonly PlanFeature[];

export const FREE_PLAN = {
  id: 'free',
  name: 'Free',
  price: 0,
  description: 'Listed in search and bookable online; you pay only the commission on completed bookings.',
  staffLimit: 1,
  tools: [],
  features: ['Online bookings and calendar', '1 staff member', 'QR check-in', 'Customer list'],
} as const satisfies PlanTier;

/** The paid plans, per month, exclusive of GST, cheapest first. */
export const PLANS = [
  {
    id: 'basic',
    name: 'Basic',
    price: 1499,
    description: 'For a single-chair or small salon getting started online.',
    staffLimit: 3,
    tools: [],
    features: ['Online bookings and calendar', 'Up to 3 staff', 'QR check-in', 'Customer list'],
  },
  {
    id: 'professional',
    name: 'Professional',
    price: 3999,
    description: 'For busy salons that want more repeat customers.',
    staffLimit: 15,
    tools: PROFESSIONAL_TOOLS,
    features: ['Everything in Basic', 'Up to 15 staff', 'E-mail, SMS and WhatsApp messages', 'Coupons and staff analytics'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 7999,
    description: 'For multi-chair studios and spas.',
    staffLimit: null,
    tools: [...PROFESSIONAL_TOOLS, 'sponsoredListing', 'prioritySupport'],
    features: ['Everything in Professional', 'Unlimited staff', 'Sponsored listing eligibility', 'Priority support'],
  },
] as const satisfies readonly (PlanTier & { id: PlanId })[];

const TIERS: readonly PlanTier[] = [FREE_PLAN, ...PLANS];

export function tierOf(id: TierId): PlanTier {
  return TIERS.find((t) => t.id === id)!;
}

/** Where a plan sits: an upgrade goes to a higher rank. */
export const planRank = (id: TierId) => TIERS.findIndex((t) => t.id === id);

export function planAllows(id: TierId, feature: PlanFeature): boolean {
  return tierOf(id).tools.includes(feature);
}

/** The cheapest paid plan that includes a tool. */
export function cheapestPlanWith(feature: PlanFeature): PlanTier {
  return PLANS.find((p) => (p.tools as readonly PlanFeature[]).includes(feature))!;
}

/**
 * Why the plan refuses a tool (naming the plan and the plan that has it), or null when it allows
 * it. The same words on the server's 403 and in the app.
 */
export function featureRefusal(id: TierId, feature: PlanFeature): string | null {
  if (planAllows(id, feature)) return null;
  const needed = cheapestPlanWith(feature);
  return `${PLAN_FEATURES[feature]} ${feature === 'messaging' ? 'are' : 'is'} not included in your ${tierOf(id).name} plan: choose ${needed.name} or higher under Subscription & Billing.`;
}

/** 'up to 3 staff members', '1 staff member', 'unlimited staff'. */
export function staffLimitText(limit: number | null): string {
  if (limit === null) return 'unlimited staff';
  return limit === 1 ? '1 staff member' : `up to ${limit} staff members`;
}

/**
 * Why `adding` more staff members on the team do not fit (naming the plan and its limit), or null.
 * `changesOn`: the plan named is a scheduled downgrade taking effect that day (its limit binds already).
 */
export function staffLimitRefusal(plan: TierId, onTeam: number, adding = 1, changesOn?: string): string | null {
  const limit = tierOf(plan).staffLimit;
  if (limit === null || onTeam + adding <= limit) return null;
  const name = tierOf(plan).name;
  const next = PLANS.find((p) => p.staffLimit === null || p.staffLimit >= onTeam + adding);
  const upgrade =
    !changesOn && next && planRank(next.id) > planRank(plan) ? `; choose ${next.name} for ${staffLimitText(next.staffLimit)}` : '';
  const rule = changesOn ? `your plan changes to ${name} on ${changesOn}, which allows` : `your ${name} plan allows`;
  return `staff: ${rule} ${staffLimitText(limit)} and ${onTeam} ${onTeam === 1 ? 'is' : 'are'} on your team${upgrade}, or set someone Inactive.`;
}
