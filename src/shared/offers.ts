import { formatINR } from './money.js';

/*
 * The words for what a coupon does, for every screen and answer that shows an offer. They follow
 * the rules the booking applies (server/services/bookings/coupons.ts): a buy-one-get-one coupon
 * makes the cheapest of two or more services free (its discount value is not used), a percentage
 * or buy-one-get-one discount is capped by maxDiscount (a flat one never is), the minimum is on
 * the booking's subtotal, a category coupon takes off only that category's services.
 */

/** A coupon's terms. The rules are optional: a wire that does not carry them reads as none set. */
export interface OfferTerms {
  discountType: 'flat' | 'percentage';
  discountValue: number;
  minAmount: number;
  maxDiscount: number | null;
  buyOneGetOne?: boolean;
  weekendOnly?: boolean;
  firstBookingOnly?: boolean;
  serviceCategory?: string | null;
}

/** The most the coupon takes off, or null when uncapped (a flat amount is its own cap). */
export function offerCap(t: Pick<OfferTerms, 'discountType' | 'maxDiscount' | 'buyOneGetOne'>): number | null {
  return (t.discountType === 'percentage' || t.buyOneGetOne) && t.maxDiscount != null ? Number(t.maxDiscount) : null;
}

const category = (t: OfferTerms) => t.serviceCategory?.trim() || null;

/** The big words of an offer card: 'Buy 1 Get 1', '20% OFF' or '₹200 OFF'. */
export function offerHeadline(t: OfferTerms): string {
  if (t.buyOneGetOne) return 'Buy 1 Get 1';
  return t.discountType === 'percentage' ? `${Number(t.discountValue)}% OFF` : `${formatINR(Number(t.discountValue))} OFF`;
}

/** What comes off, with its cap: 'Buy 1 Get 1 up to ₹1,500', '20% OFF up to ₹500', '₹200 OFF'. */
export function offerAmount(t: OfferTerms): string {
  const cap = offerCap(t);
  return cap === null ? offerHeadline(t) : `${offerHeadline(t)} up to ${formatINR(cap)}`;
}

/** The rules beyond the amount, for lists that show the minimum apart: 'Facial services', 'weekends only', 'first booking only'. */
export function offerConditions(t: OfferTerms): string[] {
  const cat = category(t);
  return [
    ...(cat ? [`${cat} services`] : []),
    ...(t.weekendOnly ? ['weekends only'] : []),
    ...(t.firstBookingOnly ? ['first booking only'] : []),
  ];
}

/**
 * The offer in one line: 'Buy 1 Get 1 up to ₹1,500, weekends only', '20% OFF up to ₹500 on
 * Facial services', '₹200 OFF on ₹499+, first booking only', '15% OFF up to ₹750 at Glow & Grace
 * Salon'. With `where`, it also says where it applies: at a salon, or for a platform coupon with no
 * other condition, 'on your booking'.
 */
export function offerTitle(t: OfferTerms, where?: { salon: string | null }): string {
  const cat = category(t);
  const min = Number(t.minAmount) > 0 ? formatINR(Number(t.minAmount)) : null;
  let text = offerAmount(t);
  if (cat) text += ` on ${cat} services`;
  if (min) text += cat ? `, on bookings of ${min}+` : ` on ${min}+`;
  if (where?.salon) text += ` at ${where.salon}`;
  else if (where && !cat && !min && !t.buyOneGetOne) text += ' on your booking';
  if (t.weekendOnly) text += ', weekends only';
  if (t.firstBookingOnly) text += ', first booking only';
  return text;
}

const cheapestFree = (cat: string | null) => `Book 2 or more${cat ? ` ${cat}` : ''} services and the cheapest one is free`;
const WEEKEND_RULE = 'Saturday and Sunday appointments only.';
const FIRST_BOOKING_RULE = 'Your first booking only.';

/**
 * The offer's rules beyond its amount, minimum and cap, one sentence each (an offer page's "How it
 * works"): which services it takes off, on which days, for whom. None for a plain coupon.
 */
export function offerRules(t: OfferTerms): string[] {
  const cat = category(t);
  const what = t.buyOneGetOne ? [`${cheapestFree(cat)}.`] : cat ? [`Takes off ${cat} services only.`] : [];
  return [...what, ...(t.weekendOnly ? [WEEKEND_RULE] : []), ...(t.firstBookingOnly ? [FIRST_BOOKING_RULE] : [])];
}

/**
 * How the offer works, in sentences, for an offer whose owner wrote no description: 'Book 2 or
 * more services and the cheapest one is free, up to ₹1,500. Saturday and Sunday appointments only.'
 */
export function offerDescription(t: OfferTerms): string {
  const cap = offerCap(t);
  const cat = category(t);
  const what = t.buyOneGetOne
    ? cheapestFree(cat)
    : `${t.discountType === 'percentage' ? `${Number(t.discountValue)}%` : formatINR(Number(t.discountValue))} off ${cat ? `${cat} services` : 'your booking'}`;
  const sentences = [`${what}${cap !== null ? `, up to ${formatINR(cap)}` : ''}.`];
  if (Number(t.minAmount) > 0) sentences.push(`Valid on bookings of ${formatINR(Number(t.minAmount))} or more.`);
  if (t.weekendOnly) sentences.push(WEEKEND_RULE);
  if (t.firstBookingOnly) sentences.push(FIRST_BOOKING_RULE);
  return sentences.join(' ');
}
