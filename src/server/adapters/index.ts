import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import { createOutboxEmailAdapter, createSmtpEmailAdapter, type EmailAdapter } from './email/index.js';
import path from 'node:path';
import { createLocalDiskImageStorage, type ImageStorage } from './images/index.js';
import { createGeocoder, type Geocoder } from './geocoding/index.js';

export interface Adapters {
  email: EmailAdapter;
  images: ImageStorage;
  geocoder: Geocoder;
}

export function createAdapters(db: Db, env: Env): Adapters {
  return {
    email: env.SMTP_URL ? createSmtpEmailAdapter(db, env.SMTP_URL, env.MAIL_FROM) : createOutboxEmailAdapter(db),
    // The HTTP app serves DATA_DIR/uploads at /uploads.
    images: createLocalDiskImageStorage(path.resolve(env.DATA_DIR, 'uploads')),
    geocoder: createGeocoder(env.GEOCODER_URL),
  };
}
