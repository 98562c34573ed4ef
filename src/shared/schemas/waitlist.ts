import { z } from 'zod';
import { parseTimeToMinutes } from '../clock.js';
import { dateSchema, idSchema } from '../validation.js';
import { MIN_WAITLIST_WINDOW_MINUTES, WAITLIST_ENTRY_STATUSES, WAITLIST_OFFER_STATUSES } from '../waitlist.js';
import { BOOKING_PAYMENT_METHODS } from './bookings.js';
import { jsonValue } from './jsonValue.js';
import { pagingWire, queryPageFields } from './paging.js';
import { bookingPaymentWire, checkoutWire } from './payments.js';

/*
 * The waitlist (users/joinWaitlist, getMyWaitlist, cancelWaitlistEntry, acceptWaitlistOffer;
 * merchants/getWaitlist): a customer waits for a salon-local date and a window of start times,
 * and is offered a freed time with a short hold.
 */

const windowTime = (field: string) =>
  z
    .string({ error: `${field}: use a time like 10:00 AM or 14:30` })
    .transform((v) => (v.trim() === '24:00' ? 1440 : parseTimeToMinutes(v)))
    .refine((m) => m !== null, `${field}: use a time like 10:00 AM or 14:30`)
    .transform((m) => m!)
    .refine((m) => m % 15 === 0, `${field}: use the 15-minute grid`);

export const joinWaitlistInput = z
  .object({
    merchantId: idSchema,
    serviceIds: z
      .array(idSchema, { error: 'serviceIds: choose at least one service' })
      .min(1, 'serviceIds: choose at least one service')
      .max(10, 'serviceIds: choose at most 10 services'),
    /** One professional only; left out: anyone who offers the services. */
    staffId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
    /** The salon-local date. */
    date: dateSchema,
    /** The window of start times, salon-local: from `fromTime` up to (not including) `toTime`. */
    fromTime: windowTime('fromTime'),
    toTime: windowTime('toTime'),
  })
  .superRefine((v, ctx) => {
    if (v.toTime - v.fromTime < MIN_WAITLIST_WINDOW_MINUTES)
      ctx.addIssue({
        code: 'custom',
        path: ['toTime'],
        message: `toTime: the window must be at least ${MIN_WAITLIST_WINDOW_MINUTES} minutes after fromTime`,
      });
  });

export const waitlistEntryIdInput = z.object({ entryId: idSchema });
export const waitlistOfferIdInput = z.object({ offerId: idSchema });

export const waitlistOfferWire = z.object({
  _id: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  bookingDate: z.string(),
  bookingTime: z.string(),
  startsAt: z.string(),
  /** Held for the customer until then (ISO instant). */
  expiresAt: z.string(),
  professional: z.string().nullable(),
  bookingId: z.string().nullable(),
});

export const waitlistEntryWire = z.object({
  _id: z.string(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  merchantId: z.string(),
  salonName: z.string(),
  timeZone: z.string(),
  date: z.string(),
  /** The window as the salon's clock reads ('10:00 AM'). */
  fromTime: z.string(),
  toTime: z.string(),
  services: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** The professional asked for; null: anyone. */
  professional: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  bookingId: z.string().nullable(),
  /** The offer open now, if any; accept it before expiresAt. */
  offer: waitlistOfferWire.nullable(),
});
export type WaitlistEntryWire = z.infer<typeof waitlistEntryWire>;

export const waitlistEntryAnswer = z.object({ data: z.object({ entry: waitlistEntryWire }) });
/** The live entries first, then the last month's others; page/limit as every list (absent: the first page). */
export const MY_WAITLIST_PAGE = { default: 50, max: 200 } as const;
export const myWaitlistInput = z.object(queryPageFields(MY_WAITLIST_PAGE.default, MY_WAITLIST_PAGE.max)).optional();
export const myWaitlistAnswer = z.object({ data: z.object({ entries: z.array(waitlistEntryWire), paging: pagingWire }) });

/**
 * How the customer pays for the offered time, as at checkout: at the salon (the default), from the
 * wallet, or online (the time is held as a pending booking while they pay; `useWallet` pays part
 * from the wallet, as payments/startBookingPayment does).
 */
export const acceptWaitlistOfferInput = waitlistOfferIdInput.extend({
  paymentMethod: z
    .enum(BOOKING_PAYMENT_METHODS, { error: 'paymentMethod: pay_at_salon, wallet or online' })
    .optional()
    .default('pay_at_salon'),
  useWallet: jsonValue(z.boolean({ error: 'useWallet: true or false' }))
    .optional()
    .default(false),
});

/** The booking; for paymentMethod online, the payment to complete and its checkout (else null). */
export const acceptWaitlistOfferAnswer = z.object({
  data: z.object({ bookingId: z.string(), payment: bookingPaymentWire.nullable(), checkout: checkoutWire.nullable() }),
});

export const merchantWaitlistInput = z.object({
  merchantId: idSchema.optional(),
  date: dateSchema,
  ...queryPageFields(200, 500),
});

export const merchantWaitlistEntryWire = z.object({
  _id: z.string(),
  /** 1 for the first in line of the day. */
  position: z.number(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  customer: z.object({ name: z.string(), phone: z.string().nullable() }),
  services: z.array(z.string()),
  professional: z.string().nullable(),
  fromTime: z.string(),
  toTime: z.string(),
  createdAt: z.string(),
  offer: waitlistOfferWire.nullable(),
});
export const merchantWaitlistAnswer = z.object({
  data: z.object({ date: z.string(), entries: z.array(merchantWaitlistEntryWire), paging: pagingWire }),
});
export type MerchantWaitlistAnswer = z.infer<typeof merchantWaitlistAnswer>;
