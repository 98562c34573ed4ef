import { describe, expect, it } from 'vitest';
import {
  type OfferTerms,
  offerAmount,
  offerCap,
  offerDescription,
  offerHeadline,
  offerRules,
  offerTitle,
} from '../../src/shared/offers.js';

/* The demo's offers (server/seed/demo/coupons.ts), in the wire's terms. */
const WEEKEND: OfferTerms = {
  discountType: 'percentage',
  discountValue: 50,
  minAmount: 0,
  maxDiscount: 1500,
  buyOneGetOne: true,
  weekendOnly: true,
};
const GLOW20: OfferTerms = { discountType: 'percentage', discountValue: 20, minAmount: 0, maxDiscount: 500, serviceCategory: 'Facial' };
const NEWUSER: OfferTerms = { discountType: 'flat', discountValue: 200, minAmount: 499, maxDiscount: null, firstBookingOnly: true };
const GLOWPUNE15: OfferTerms = { discountType: 'percentage', discountValue: 15, minAmount: 0, maxDiscount: 750 };
const SUKOON300: OfferTerms = { discountType: 'flat', discountValue: 300, minAmount: 1999, maxDiscount: null };
const plain = (t: Partial<OfferTerms>): OfferTerms => ({
  discountType: 'percentage',
  discountValue: 10,
  minAmount: 0,
  maxDiscount: null,
  ...t,
});

describe('offer headline', () => {
  it('says what comes off: buy 1 get 1 whatever its percentage, a percentage, or rupees', () => {
    expect(offerHeadline(WEEKEND)).toBe('Buy 1 Get 1');
    expect(offerHeadline(GLOW20)).toBe('20% OFF');
    expect(offerHeadline(NEWUSER)).toBe('₹200 OFF');
    expect(offerHeadline(plain({ discountValue: 12.5 }))).toBe('12.5% OFF');
    expect(offerHeadline(plain({ discountType: 'flat', discountValue: 2500 }))).toBe('₹2,500 OFF');
    expect(offerHeadline(plain({ discountType: 'flat', discountValue: 99.5 }))).toBe('₹99.50 OFF');
  });
});

describe('offer cap (as the booking applies it)', () => {
  it('caps a percentage and a buy-one-get-one discount, never a flat one', () => {
    expect(offerCap(WEEKEND)).toBe(1500);
    expect(offerCap(GLOW20)).toBe(500);
    expect(offerCap(plain({ discountType: 'flat', discountValue: 200, maxDiscount: 100 }))).toBeNull();
    expect(offerCap(plain({ discountType: 'flat', discountValue: 200, maxDiscount: 100, buyOneGetOne: true }))).toBe(100);
    expect(offerCap(plain({}))).toBeNull();
  });

  it('reads a numeric column that arrives as text', () => {
    expect(offerCap(plain({ maxDiscount: '750.00' as unknown as number }))).toBe(750);
  });

  it('the amount line carries it', () => {
    expect(offerAmount(WEEKEND)).toBe('Buy 1 Get 1 up to ₹1,500');
    expect(offerAmount(GLOW20)).toBe('20% OFF up to ₹500');
    expect(offerAmount(NEWUSER)).toBe('₹200 OFF');
  });
});

describe('offer title', () => {
  it("states the demo offers' rules", () => {
    expect(offerTitle(WEEKEND, { salon: null })).toBe('Buy 1 Get 1 up to ₹1,500, weekends only');
    expect(offerTitle(GLOW20, { salon: null })).toBe('20% OFF up to ₹500 on Facial services');
    expect(offerTitle(NEWUSER, { salon: null })).toBe('₹200 OFF on ₹499+, first booking only');
    expect(offerTitle(GLOWPUNE15, { salon: 'Glow & Grace Salon' })).toBe('15% OFF up to ₹750 at Glow & Grace Salon');
    expect(offerTitle(SUKOON300, { salon: 'Sukoon Spa & Wellness' })).toBe('₹300 OFF on ₹1,999+ at Sukoon Spa & Wellness');
  });

  it('a platform coupon with no condition is on your booking; without a place, nothing is added', () => {
    expect(offerTitle(plain({}), { salon: null })).toBe('10% OFF on your booking');
    expect(offerTitle(plain({ maxDiscount: 200 }), { salon: null })).toBe('10% OFF up to ₹200 on your booking');
    expect(offerTitle(plain({}))).toBe('10% OFF');
    expect(offerTitle(WEEKEND)).toBe('Buy 1 Get 1 up to ₹1,500, weekends only');
  });

  it('combines a category, a minimum, a salon and both day rules', () => {
    const all = plain({
      discountValue: 25,
      maxDiscount: 1000,
      minAmount: 999,
      serviceCategory: ' Hair Spa ',
      weekendOnly: true,
      firstBookingOnly: true,
    });
    expect(offerTitle(all, { salon: 'Rose Salon' })).toBe(
      '25% OFF up to ₹1,000 on Hair Spa services, on bookings of ₹999+ at Rose Salon, weekends only, first booking only',
    );
    expect(offerTitle(plain({ buyOneGetOne: true, serviceCategory: 'Facial' }), { salon: null })).toBe('Buy 1 Get 1 on Facial services');
  });

  it('treats absent rules (a wire without them) as none', () => {
    expect(
      offerTitle({ discountType: 'flat', discountValue: 100, minAmount: 0, maxDiscount: null, serviceCategory: '  ' }, { salon: null }),
    ).toBe('₹100 OFF on your booking');
  });
});

describe('offer description', () => {
  it('explains how the offer works', () => {
    expect(offerDescription(WEEKEND)).toBe(
      'Book 2 or more services and the cheapest one is free, up to ₹1,500. Saturday and Sunday appointments only.',
    );
    expect(offerDescription(GLOW20)).toBe('20% off Facial services, up to ₹500.');
    expect(offerDescription(NEWUSER)).toBe('₹200 off your booking. Valid on bookings of ₹499 or more. Your first booking only.');
    expect(offerDescription(SUKOON300)).toBe('₹300 off your booking. Valid on bookings of ₹1,999 or more.');
    expect(offerDescription(plain({ buyOneGetOne: true, serviceCategory: 'Facial' }))).toBe(
      'Book 2 or more Facial services and the cheapest one is free.',
    );
  });
});

describe('offerConditions', () => {
  it('lists the rules a list shows beside the amount and minimum', async () => {
    const { offerConditions } = await import('../../src/shared/offers.js');
    expect(offerConditions(WEEKEND)).toEqual(['weekends only']);
    expect(offerConditions(GLOW20)).toEqual(['Facial services']);
    expect(offerConditions(NEWUSER)).toEqual(['first booking only']);
    expect(offerConditions({ discountType: 'flat', discountValue: 100, minAmount: 0, maxDiscount: null })).toEqual([]);
  });
});

describe('offer rules', () => {
  it('says which services, which days and whom an offer is for, and nothing for a plain coupon', () => {
    expect(offerRules(WEEKEND)).toEqual([
      'Book 2 or more services and the cheapest one is free.',
      'Saturday and Sunday appointments only.',
    ]);
    expect(offerRules(GLOW20)).toEqual(['Takes off Facial services only.']);
    expect(offerRules(NEWUSER)).toEqual(['Your first booking only.']);
    expect(offerRules(SUKOON300)).toEqual([]);
    expect(offerRules(plain({ buyOneGetOne: true, serviceCategory: ' Facial ' }))).toEqual([
      'Book 2 or more Facial services and the cheapest one is free.',
    ]);
  });
});
