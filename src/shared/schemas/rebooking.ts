import { z } from 'zod';
import { idSchema } from '../validation.js';

/*
 * Rebooking (users/getBookAgain; merchants/getRebookStats): the booking flow started again from a
 * completed visit, and a salon's rebooking reminders.
 */

export const bookAgainInput = z.object({ bookingId: idSchema });

export const bookAgainAnswer = z.object({
  data: z.object({
    salon: z.object({ _id: z.string(), name: z.string() }),
    /** The visit's services the salon still offers, at today's prices (the booking re-prices them anyway). */
    services: z.array(z.object({ _id: z.string(), serviceName: z.string(), duration: z.number(), price: z.number() })),
    /** The visit's services the salon no longer offers: left out. */
    dropped: z.array(z.string()),
    /** The visit's professional, while still on the team, active and offering these services; null: any professional. */
    professional: z
      .object({ _id: z.string(), name: z.string(), role: z.string(), image: z.string().nullable(), specialization: z.array(z.string()) })
      .nullable(),
    /** Why the visit's professional is not chosen again (null when they are, or the visit was with anyone). */
    professionalNote: z.string().nullable(),
  }),
});
export type BookAgainAnswer = z.infer<typeof bookAgainAnswer>;

export const rebookStatsInput = z.object({ merchantId: idSchema.optional() });

export const rebookStatsAnswer = z.object({
  data: z.object({
    /** The figures cover reminders sent since this instant. */
    since: z.string(),
    sent: z.number(),
    booked: z.number(),
    services: z.array(z.object({ _id: z.string(), name: z.string(), weeks: z.number(), sent: z.number(), booked: z.number() })),
  }),
});
export type RebookStatsAnswer = z.infer<typeof rebookStatsAnswer>;
