/** Every kind of background job; the server's registry (src/server/jobs/registry.ts) has a handler for each. */
export const JOB_KINDS = [
  'deliver_message',
  'booking_reminder',
  'push_broadcast_fanout',
  'campaign_send',
  'booking_event_messages',
  'booking_event_email',
  'subscription_renew',
  'payment_reconcile',
  'search_maintenance',
  'calendar_block_top_up',
  'desk_move_message',
  'booking_auto_complete',
  'invoice_refund',
  'waitlist_match',
  'waitlist_offer_messages',
  'booking_hold_sweep',
  'booking_refund',
  'rebook_reminder_sweep',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** What the System screen calls each kind of background job (the raw kind is shown under it). */
export const JOB_KIND_LABELS: Record<JobKind, string> = {
  deliver_message: 'Message delivery',
  booking_reminder: 'Appointment reminders',
  push_broadcast_fanout: 'Push broadcast fan-out',
  campaign_send: 'Marketing campaigns',
  booking_event_messages: 'Booking updates by e-mail and push',
  booking_event_email: 'Booking update e-mails (older jobs)',
  subscription_renew: 'Subscription renewals',
  payment_reconcile: 'Payment reconciliation',
  search_maintenance: 'Nightly search upkeep',
  calendar_block_top_up: 'Weekly blocked time top-up',
  desk_move_message: 'Messages about desk moves',
  booking_auto_complete: 'Completing checked-in bookings',
  invoice_refund: 'Refunds of cancelled invoices',
  waitlist_match: 'Waitlist: offering freed times',
  waitlist_offer_messages: 'Waitlist offers by push, e-mail and SMS',
  booking_hold_sweep: 'Releasing unpaid booking holds',
  booking_refund: 'Refunds of online booking payments',
  rebook_reminder_sweep: 'Rebooking reminders',
};
