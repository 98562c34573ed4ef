/** Loyalty points: one point for every ₹10 of a completed booking's total. */
export const RUPEES_PER_POINT = 10;
/** The reward (My Rewards): ₹100 off, for this many points. */
export const REWARD_POINTS = 500;
export const REWARD_VALUE = 100;
/** A redeemed reward coupon stays valid this many days. */
export const REWARD_VALID_DAYS = 60;

export const GIFT_CARD_MIN = 500;
export const GIFT_CARD_MAX = 10_000;

/**
 * The most points one booking earns (a ₹5,000 visit). Points are money (500 buy ₹100 off), so an
 * outsized booking must not mint them: a salon "completing" a huge booking for an account it
 * controls pays commission on the whole price and gets at most this.
 */
export const MAX_POINTS_PER_BOOKING = 500;

export function pointsFor(total: number): number {
  return Math.min(MAX_POINTS_PER_BOOKING, Math.max(0, Math.floor(total / RUPEES_PER_POINT)));
}

/** Tiers by points earned in total (redeeming does not lower a tier). */
export const TIERS = [
  { name: 'Silver', from: 0 },
  { name: 'Gold', from: 1000 },
  { name: 'Platinum', from: 3000 },
] as const;

export function tierFor(lifetimePoints: number): { name: string; next: { name: string; from: number } | null } {
  let index = 0;
  TIERS.forEach((t, i) => {
    if (lifetimePoints >= t.from) index = i;
  });
  return { name: TIERS[index].name, next: TIERS[index + 1] ?? null };
}

/** The refund a cancellation earns on what was prepaid, in rupees (two decimals). */
export function refundOf(amountPaid: number, refundPercent: number): number {
  return Math.round(amountPaid * refundPercent) / 100;
}
