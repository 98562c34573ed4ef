import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import { createOutboxEmailAdapter, createSmtpEmailAdapter, type EmailAdapter } from './email/index.js';

export interface Adapters {
  email: EmailAdapter;
}

export function createAdapters(db: Db, env: Env): Adapters {
  return {
    email: env.SMTP_URL ? createSmtpEmailAdapter(db, env.SMTP_URL, env.MAIL_FROM) : createOutboxEmailAdapter(db),
  };
}
