/*
 * What the server reaches the outside world through. Types only, from the adapters' own type
 * modules, so that deps.ts (and through it every service) does not load the adapters' code;
 * index.ts builds them.
 */
import type { EmailAdapter } from './email/types.js';
import type { Geocoder } from './geocoding/types.js';
import type { ImageStorage } from './images/types.js';
import type { VapidKeys } from './messaging/push.js';
import type { Transports } from './messaging/types.js';
import type { PaymentGateway } from './payments/index.js';

export interface Adapters {
  /** Queues an e-mail for durable delivery (see messaging/). */
  email: EmailAdapter;
  /** Per-channel delivery used by the message jobs: providers when configured, else offline defaults. */
  transports: Transports;
  vapid: VapidKeys;
  /** Subscription payments: Razorpay when configured, else the offline test gateway. */
  payments: PaymentGateway;
  images: ImageStorage;
  geocoder: Geocoder;
}
