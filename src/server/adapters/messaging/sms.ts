import fs from 'node:fs';
import path from 'node:path';
import { writeComplete } from './dropFile.js';
import { PermanentDeliveryError, type Transport } from './types.js';

/**
 * Offline default for SMS and WhatsApp: the outbox row is the delivery record, readable in the app
 * (codes masked), and, with a `dir`, each message is also written there as a text file (the
 * server's DATA_DIR/messages), where a developer without a provider reads a sign-in or verification
 * code, as the mail drop holds e-mails.
 */
export function createOutboxTransport(dir?: string): Transport {
  return {
    provider: 'outbox',
    async send(m) {
      if (!dir) return {};
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to.replace(/[^a-zA-Z0-9@._-]/g, '_')}-${m.id.slice(0, 8)}.txt`,
      );
      await writeComplete(file, `To: ${m.to}\n\n${m.body}\n`);
      return { providerId: path.basename(file) };
    },
  };
}

async function failFor(res: Response, provider: string): Promise<never> {
  const text = (await res.text().catch(() => '')).slice(0, 500);
  const message = `${provider} answered ${res.status}: ${text}`;
  // 4xx (bad number, bad credentials) will not get better by retrying; 429 and 5xx may.
  if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new PermanentDeliveryError(message);
  throw new Error(message);
}

/** Where Twilio posts delivery receipts (http/receipts.ts), under PUBLIC_URL. */
export const TWILIO_STATUS_PATH = '/api/webhooks/twilio/status';

/**
 * SMS through Twilio's Messages API. With `statusCallback` (this server's public receipt URL),
 * Twilio reports each text's delivery there (http/receipts.ts).
 */
export function createTwilioSmsTransport(
  cfg: { accountSid: string; authToken: string; from: string; statusCallback?: string },
  fetchImpl: typeof fetch = fetch,
): Transport {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64');
  return {
    provider: 'twilio',
    async send(m) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/x-www-form-urlencoded',
          'I-Twilio-Idempotency-Token': m.id,
        },
        body: new URLSearchParams({
          To: m.to,
          From: cfg.from,
          Body: m.body,
          ...(cfg.statusCallback ? { StatusCallback: cfg.statusCallback } : {}),
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) await failFor(res, 'Twilio');
      const json = (await res.json()) as { sid?: string };
      return { providerId: json.sid };
    },
  };
}

/**
 * WhatsApp text messages through the WhatsApp Business Cloud API.
 *
 * Delivery is at-least-once: the outbox job retries a send whose answer it never saw (a timeout, a
 * crash before the row was marked sent), so the provider may receive the same message twice.
 * Dedupe is the provider side's: every request, retries included, carries the outbox id as
 * `biz_opaque_callback_data` (echoed in the Cloud API's status webhooks) and as an `Idempotency-Key`
 * header, so a provider or relay that honours the key drops the repeat, and one that does not still
 * reports both sends against the same outbox message.
 */
export function createWhatsAppCloudTransport(cfg: { token: string; phoneNumberId: string }, fetchImpl: typeof fetch = fetch): Transport {
  const url = `https://graph.facebook.com/v21.0/${encodeURIComponent(cfg.phoneNumberId)}/messages`;
  return {
    provider: 'whatsapp-cloud',
    async send(m) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${cfg.token}`, 'content-type': 'application/json', 'Idempotency-Key': m.id },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          biz_opaque_callback_data: m.id,
          to: m.to.replace(/^\+/, ''),
          type: 'text',
          text: { body: m.body },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) await failFor(res, 'WhatsApp');
      const json = (await res.json()) as { messages?: { id: string }[] };
      return { providerId: json.messages?.[0]?.id };
    },
  };
}
