/*
 * What a salon sells ahead of a visit (docs/checkout-and-stock.md, "Packages, memberships and
 * vouchers"): packages of sessions, memberships (a discount on services and/or included sessions)
 * and the salon's own gift vouchers (a rupee value behind a code). Not the platform's GlowBook gift
 * cards, which fill the GlowBook wallet (docs/money.md). No zod here: screens import it.
 */

export const HOLDING_KINDS = ['package', 'membership', 'voucher'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];

export const HOLDING_KIND_LABELS: Record<HoldingKind, string> = {
  package: 'Package',
  membership: 'Membership',
  voucher: 'Gift voucher',
};

/** A membership's discount is at most this (a higher one is a package, or a free service). */
export const MAX_MEMBERSHIP_DISCOUNT = 90;

/** A voucher's code: 10 characters of an alphabet without 0/O and 1/I. */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_RE = /^[A-Z0-9]{10}$/;

/** A membership's price of a service line, in paise: its discount off, rounded half up to the paisa. */
export function memberPricePaise(pricePaise: number, discountPercent: number): number {
  return pricePaise - Math.round((pricePaise * discountPercent) / 100);
}

/** Whether a membership's discount applies to a service: every service, or those of its categories. */
export function membershipCovers(categoryIds: readonly string[], serviceCategoryId: string | null): boolean {
  return categoryIds.length === 0 || (serviceCategoryId != null && categoryIds.includes(serviceCategoryId));
}

/** Where a holding stands for a customer at `now`. */
export function holdingState(
  h: { kind: HoldingKind; sessionsLeft: number; balance: number; discountPercent: number; expiresAt: string },
  now: Date,
) {
  if (new Date(h.expiresAt).getTime() <= now.getTime()) return 'expired' as const;
  if (h.kind === 'voucher') return h.balance > 0 ? ('active' as const) : ('used' as const);
  if (h.kind === 'package') return h.sessionsLeft > 0 ? ('active' as const) : ('used' as const);
  return 'active' as const;
}
