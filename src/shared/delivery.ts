import { heldLabel } from './consent.js';
import type { OutboxChannel } from './constants.js';

/*
 * A message's delivery as its transport reported it (issue 30 item 3). The outbox row's status is
 * the delivery job's (queued, sending, sent, failed); what reached a person depends on the transport
 * that took it: the offline defaults ('outbox' provider) keep SMS and WhatsApp in the outbox and
 * write e-mail to the local mail drop, so neither reached anyone.
 */

export const DELIVERY_STATES = ['queued', 'sent', 'delivered', 'failed', 'not_sent'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The provider name of the offline transports (SMS/WhatsApp outbox, e-mail mail drop). */
export const OFFLINE_PROVIDER = 'outbox';

export interface DeliveryFacts {
  channel: OutboxChannel;
  status: 'queued' | 'sending' | 'sent' | 'failed' | string;
  provider: string;
  /** When the provider's receipt said the message reached the handset or inbox. */
  deliveredAt: Date | string | null;
  /** A promotional text waiting for the end of the TRAI quiet hours (shared/consent.ts heldUntilOf). */
  heldUntil?: Date | string | null;
}

export function deliveryStateOf(m: DeliveryFacts): DeliveryState {
  if (m.status === 'failed') return 'failed';
  if (m.status !== 'sent') return 'queued';
  if (m.provider === OFFLINE_PROVIDER) return m.channel === 'email' ? 'not_sent' : 'queued';
  return m.deliveredAt ? 'delivered' : 'sent';
}

const CHANNEL_NAME: Record<OutboxChannel, string> = { email: 'e-mail', sms: 'SMS', whatsapp: 'WhatsApp', push: 'push' };

/** The words a screen shows for a message's delivery. */
export function deliveryLabel(m: DeliveryFacts): string {
  const state = deliveryStateOf(m);
  switch (state) {
    case 'failed':
      return 'Failed';
    case 'not_sent':
      return 'Not sent (no SMTP configured)';
    case 'queued':
      if (m.heldUntil && m.status === 'queued') return heldLabel(m.heldUntil);
      return m.status === 'sent' && m.provider === OFFLINE_PROVIDER
        ? `Queued — no ${CHANNEL_NAME[m.channel]} provider configured`
        : 'Queued';
    case 'delivered':
      return 'Delivered';
    case 'sent':
      return `Sent (accepted by ${m.provider})`;
  }
}

/** Short labels for filters and counts. */
export const DELIVERY_STATE_LABEL: Record<DeliveryState, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  not_sent: 'Not sent',
};
