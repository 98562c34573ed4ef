import type { OutboxChannel } from '../../../shared/constants.js';

export type Channel = OutboxChannel;

export interface OutboundMessage {
  /** The outbox row id: providers that accept an idempotency key get it, so a retry never sends twice. */
  id: string;
  channel: Channel;
  to: string;
  subject: string | null;
  body: string;
  html?: string | null;
  meta: Record<string, unknown>;
}

/** A channel's delivery. Throws on failure; a PermanentDeliveryError is not retried. */
export interface Transport {
  readonly provider: string;
  send(message: OutboundMessage): Promise<{ providerId?: string }>;
}

/** A failure retrying cannot fix (bad address, revoked subscription): the job stops at once. */
export class PermanentDeliveryError extends Error {
  readonly permanent = true;
}

/** One transport per channel (messaging/index.ts createTransports). */
export type Transports = Record<Channel, Transport>;
