import { z } from 'zod';
import { dateSchema, idSchema } from '../validation.js';

/** The longest range a report covers: a year (and a day, for a leap year). */
export const REPORT_MAX_DAYS = 366;

export const reportsInput = z
  .object({
    merchantId: idSchema.optional(),
    /** Salon-local dates, both included. */
    from: dateSchema,
    to: dateSchema,
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to: the range ends before it starts' });
    else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1 > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `to: a report covers at most ${REPORT_MAX_DAYS} days` });
  });

/** Takings by method: a checkout's split rows, a booking completed without one, and what holdings paid. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  pay_at_salon: 'Paid at the salon',
  wallet: 'GlowBook wallet',
  cash: 'Cash',
  upi: 'UPI',
  card: 'Card',
  prepaid: 'Prepaid online',
  voucher: 'Salon voucher',
  package: 'Package sessions (paid earlier)',
};

const rate = z.number().nullable();
export const reportsAnswer = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    /** Completed bookings in the range: what the salon charged, after discounts (₹). */
    sales: z.object({ bookings: z.number(), gross: z.number(), discounts: z.number(), net: z.number() }),
    byService: z.array(z.object({ service: z.string(), count: z.number(), gross: z.number() })),
    byProfessional: z.array(z.object({ staffId: z.string(), name: z.string(), bookings: z.number(), sales: z.number() })),
    byPaymentMethod: z.array(z.object({ method: z.string(), label: z.string(), bookings: z.number(), sales: z.number() })),
    occupancy: z.array(
      z.object({
        staffId: z.string(),
        name: z.string(),
        /** Working hours in the range (salon hours ∩ their own, days off excluded), less blocked time. */
        availableHours: z.number(),
        blockedHours: z.number(),
        /** Time of bookings that were not cancelled. */
        bookedHours: z.number(),
        /** bookedHours ÷ availableHours (0–1, may pass 1 for bookings outside hours); null with no hours. */
        rate,
      }),
    ),
    clients: z.object({
      /** Clients with a completed visit in the range. */
      visited: z.number(),
      /** Whose first completed visit to the salon was in the range. */
      new: z.number(),
      returning: z.number(),
      /** Who have a later booking (not cancelled) after their last visit in the range. */
      rebooked: z.number(),
      rebookingRate: rate,
    }),
    attendance: z.object({
      /** Bookings (any status) dated in the range. */
      bookings: z.number(),
      noShows: z.number(),
      noShowRate: rate,
      cancelled: z.number(),
      /** Cancelled by the customer less than `lateCancelHours` before the start. */
      lateCancellations: z.number(),
      lateCancelRate: rate,
      lateCancelHours: z.number(),
    }),
  }),
});
export type ReportsWire = z.infer<typeof reportsAnswer>['data'];
