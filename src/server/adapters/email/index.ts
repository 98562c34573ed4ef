import nodemailer from 'nodemailer';
import type { Db } from '../../db/index.js';
import type { EmailAdapter, EmailMessage } from './types.js';

export type { EmailAdapter, EmailMessage } from './types.js';

async function record(db: Db, provider: string, m: EmailMessage, status: 'sent' | 'failed', error?: string) {
  await db
    .insertInto('outbox_messages')
    .values({
      channel: 'email',
      recipient: m.to,
      subject: m.subject,
      body: m.text,
      status,
      provider,
      attempts: 1,
      last_error: error ?? null,
      meta: JSON.stringify(m.meta ?? {}),
      sent_at: status === 'sent' ? new Date() : null,
    })
    .execute();
}

/** Offline default: every message is kept in the outbox table, readable by developers and admins. */
export function createOutboxEmailAdapter(db: Db): EmailAdapter {
  return {
    provider: 'outbox',
    async send(m) {
      await record(db, 'outbox', m, 'sent');
    },
  };
}

/** Real delivery over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465); the outbox keeps a copy. */
export function createSmtpEmailAdapter(db: Db, smtpUrl: string, from: string): EmailAdapter {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    provider: 'smtp',
    async send(m) {
      try {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      } catch (err) {
        await record(db, 'smtp', m, 'failed', err instanceof Error ? err.message : String(err));
        throw err;
      }
      await record(db, 'smtp', m, 'sent');
    },
  };
}
