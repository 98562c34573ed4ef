import type { Db } from '../../db/index.js';
import { queueMessage } from '../../messaging/index.js';
import type { EmailAdapter } from './types.js';

export type { EmailAdapter, EmailMessage } from './types.js';

/**
 * E-mail for callers outside a job: queued in the outbox and delivered by the message jobs (SMTP
 * when SMTP_URL is set, else the offline mail drop), with retries.
 */
export function createQueuedEmailAdapter(db: Db): EmailAdapter {
  return {
    async send(m) {
      await queueMessage(db, { channel: 'email', to: m.to, subject: m.subject, body: m.text, html: m.html, meta: m.meta });
    },
  };
}
