import path from 'node:path';
import type { Db } from '../db/index.js';
import { type Env, uploadStorageOf } from '../env.js';
import { createQueuedEmailAdapter } from './email/index.js';
import { createGeocoder } from './geocoding/index.js';
import { createDatabaseImageStorage, createLocalDiskImageStorage, createS3ImageStorage, type ImageStorage } from './images/index.js';
import { createTransports, type Transports } from './messaging/index.js';
import type { VapidKeys } from './messaging/push.js';
import { createRazorpayGateway, createTestGateway } from './payments/index.js';
import type { Adapters } from './types.js';

export type { Adapters };

export function createAdapters(db: Db, env: Env, vapid: VapidKeys, overrides: Partial<Transports> = {}): Adapters {
  return {
    email: createQueuedEmailAdapter(db),
    transports: { ...createTransports(env, vapid), ...overrides },
    vapid,
    payments:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
        ? createRazorpayGateway(env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET)
        : createTestGateway(),
    images: createImageStorage(db, env),
    geocoder: createGeocoder(env.GEOCODER_URL),
  };
}

/** Uploads: the disk of this host, the database every process shares, or an S3-compatible bucket (env.ts uploadStorageOf). */
export function createImageStorage(db: Db, env: Env): ImageStorage {
  switch (uploadStorageOf(env)) {
    case 's3':
      return createS3ImageStorage({
        bucket: env.S3_BUCKET!,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        prefix: env.S3_PREFIX,
        forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : !!env.S3_ENDPOINT,
      });
    case 'database':
      return createDatabaseImageStorage(db);
    default:
      // The HTTP app serves DATA_DIR/uploads at /uploads.
      return createLocalDiskImageStorage(path.resolve(env.DATA_DIR, 'uploads'));
  }
}
