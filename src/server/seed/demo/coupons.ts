import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { round2 } from '../../../shared/money.js';
import { addDays, zonedTimeToInstant } from '../../../shared/slots.js';
import type { Database } from '../../db/types.js';
import { type DemoBuild, demoSalonOf, type SeedSalon, salonBySlug, TIME_ZONE } from './kit.js';

export interface DemoCoupons {
  /** code → id */
  ids: Map<string, string>;
  /** What a coupon takes off a subtotal (0 below its minimum). */
  discount: (code: string, subtotal: number) => number;
}

/** The platform's offers and two salons' own coupons, one of them expired. */
export function addCoupons(build: DemoBuild, salons: SeedSalon[]): DemoCoupons {
  const { data, now, today } = build;
  const merchantSalon = demoSalonOf(salons);
  const bySlug = (slug: string) => salonBySlug(salons, slug);
  const couponIds = new Map<string, string>();
  const coupon = (row: Insertable<Database['coupons']>) => {
    const id = randomUUID();
    couponIds.set(row.code, id);
    data.coupons.push({ ...row, id, created_at: row.valid_from ? zonedTimeToInstant(row.valid_from, 9 * 60, TIME_ZONE) : now });
  };
  // The chat assistant states the live platform offers; these three are the spec's, with the rules
  // their words promise (soonest to end first, the order the offers are listed in).
  coupon({
    code: 'GLOW20',
    merchant_id: null,
    description: '20% off facials',
    discount_type: 'percentage',
    discount_value: 20,
    min_amount: 0,
    max_discount: 500,
    service_category: 'Facial',
    valid_from: addDays(today, -30),
    valid_until: addDays(today, 75),
  });
  coupon({
    code: 'NEWUSER',
    merchant_id: null,
    description: '₹200 off first booking',
    discount_type: 'flat',
    discount_value: 200,
    min_amount: 499,
    max_discount: null,
    first_booking_only: true,
    valid_from: addDays(today, -90),
    valid_until: addDays(today, 90),
  });
  // Buy 1 get 1: the cheaper service is free, so it takes at most half of a two-service booking.
  coupon({
    code: 'WEEKEND',
    merchant_id: null,
    description: 'Buy 1 get 1',
    discount_type: 'percentage',
    discount_value: 50,
    min_amount: 0,
    max_discount: 1500,
    weekend_only: true,
    buy_one_get_one: true,
    valid_from: addDays(today, -14),
    valid_until: addDays(today, 120),
  });
  coupon({
    code: 'GLOWPUNE15',
    merchant_id: merchantSalon.id,
    description: '15% off every service at Glow & Grace Salon',
    discount_type: 'percentage',
    discount_value: 15,
    min_amount: 0,
    max_discount: 750,
    valid_from: addDays(today, -45),
    valid_until: addDays(today, 60),
    usage_limit: 100,
  });
  coupon({
    code: 'SUKOON300',
    merchant_id: bySlug('sukoon-spa-wellness').id,
    description: 'Flat ₹300 off spa treatments above ₹1,999',
    discount_type: 'flat',
    discount_value: 300,
    min_amount: 1999,
    max_discount: null,
    valid_from: addDays(today, -20),
    valid_until: addDays(today, 70),
  });
  coupon({
    code: 'DIWALI25',
    merchant_id: merchantSalon.id,
    description: 'Festive 25% off (expired)',
    discount_type: 'percentage',
    discount_value: 25,
    min_amount: 999,
    max_discount: 1000,
    valid_from: addDays(today, -120),
    valid_until: addDays(today, -35),
    usage_limit: 50,
  });
  const couponDiscount = (code: string, subtotal: number) => {
    const c = data.coupons.find((r) => r.code === code)!;
    if (subtotal < Number(c.min_amount ?? 0)) return 0;
    const raw = c.discount_type === 'percentage' ? (subtotal * c.discount_value) / 100 : c.discount_value;
    return round2(Math.min(raw, c.max_discount ?? Infinity, subtotal));
  };
  return { ids: couponIds, discount: couponDiscount };
}
