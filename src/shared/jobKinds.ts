/** What the System screen calls each kind of background job (the raw kind is shown under it). */
export const JOB_KIND_LABELS: Record<string, string> = {
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
};
