import path from 'node:path';
import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import { createQueuedEmailAdapter, type EmailAdapter } from './email/index.js';
import { createLocalDiskImageStorage, type ImageStorage } from './images/index.js';
import { createGeocoder, type Geocoder } from './geocoding/index.js';
import { createTransports, type Transports } from './messaging/index.js';
import type { VapidKeys } from './messaging/push.js';
import { createRazorpayGateway, createTestGateway, type PaymentGateway } from './payments/index.js';

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

export function createAdapters(db: Db, env: Env, vapid: VapidKeys, overrides: Partial<Transports> = {}): Adapters {
  return {
    email: createQueuedEmailAdapter(db),
    transports: { ...createTransports(env, vapid), ...overrides },
    vapid,
    payments: env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET ? createRazorpayGateway(env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET) : createTestGateway(),
    // The HTTP app serves DATA_DIR/uploads at /uploads.
    images: createLocalDiskImageStorage(path.resolve(env.DATA_DIR, 'uploads')),
    geocoder: createGeocoder(env.GEOCODER_URL),
  };
}
