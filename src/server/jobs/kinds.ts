import { z } from 'zod';
import type { JobKind } from '../../shared/jobKinds.js';

/**
 * Each job kind's payload, checked when a job is queued (by the type) and when it runs (by the
 * schema: a payload that does not match fails the job for good, naming the field). The handlers
 * are in registry.ts; JOB_KINDS (src/shared/jobKinds.ts) lists the kinds.
 */
const id = z.uuid();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const bookingMessages = z.object({
  accountId: id,
  bookingId: id,
  event: z.string(),
  salonName: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string(),
});

export const JOB_PAYLOADS = {
  deliver_message: z.object({ messageId: id }),
  // The sweep (no payload); reminder jobs of earlier versions carried the booking's, now unread.
  booking_reminder: z.looseObject({}),
  push_broadcast_fanout: z.object({ broadcastId: id }),
  campaign_send: z.object({ campaignId: id }),
  booking_event_messages: bookingMessages,
  booking_event_email: bookingMessages,
  subscription_renew: z.object({ merchantId: id, periodEnd: day }),
  payment_reconcile: z.object({ attemptId: id }),
  search_maintenance: z.object({}),
  calendar_block_top_up: z.object({}),
  desk_move_message: z.object({ bookingId: id, from: z.object({ bookingDate: day, bookingTime: z.string(), staffId: id }) }),
  booking_auto_complete: z.object({}),
  invoice_refund: z.object({ creditNoteId: id }),
  waitlist_match: z.object({ merchantId: id, date: day }),
  waitlist_offer_messages: z.object({ offerId: id }),
  booking_hold_sweep: z.object({}),
  booking_refund: z.object({ refundId: id }),
  rebook_reminder_sweep: z.object({}),
  holding_expiry_sweep: z.object({}),
} satisfies Record<JobKind, z.ZodType>;

export type JobPayload<K extends JobKind> = z.infer<(typeof JOB_PAYLOADS)[K]>;
