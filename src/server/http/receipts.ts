import crypto from 'node:crypto';
import express, { type Express } from 'express';
import { TWILIO_STATUS_PATH } from '../adapters/messaging/sms.js';
import { recordReceipt } from '../db/repositories/outbox.js';
import type { AppDeps } from '../deps.js';

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed with the auth token, of the full callback URL
 * followed by each POST parameter's name and value in name order.
 * https://www.twilio.com/docs/usage/security#validating-requests
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join('');
  return crypto.createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Twilio's status callback for texts it accepted (the SMS transport asks for it when PUBLIC_URL is
 * set): "delivered" is the handset's receipt; "undelivered" and "failed" mean it never arrived.
 * Other statuses (queued, sending, sent) say nothing the outbox does not already know.
 */
export function mountReceipts(app: Express, deps: AppDeps): void {
  const token = deps.env.TWILIO_AUTH_TOKEN;
  app.post(TWILIO_STATUS_PATH, express.urlencoded({ extended: false, limit: '20kb' }), async (req, res) => {
    if (!token) {
      res.status(404).json({ message: 'No SMS provider is configured', code: 'NOT_FOUND' });
      return;
    }
    const params = Object.fromEntries(
      Object.entries((req.body ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const given = req.get('x-twilio-signature') ?? '';
    if (!sameSignature(given, twilioSignature(token, `${deps.env.PUBLIC_URL}${TWILIO_STATUS_PATH}`, params))) {
      res.status(403).json({ message: 'x-twilio-signature: not signed by the configured Twilio account', code: 'FORBIDDEN' });
      return;
    }
    const sid = params.MessageSid;
    const status = params.MessageStatus;
    if (!sid || !status) {
      res.status(400).json({ message: 'MessageSid and MessageStatus are required', code: 'BAD_REQUEST' });
      return;
    }
    try {
      if (status === 'delivered') await recordReceipt(deps.db, { providerId: sid, outcome: 'delivered' });
      else if (status === 'undelivered' || status === 'failed') {
        const code = params.ErrorCode ? ` (Twilio error ${params.ErrorCode})` : '';
        await recordReceipt(deps.db, { providerId: sid, outcome: 'failed', error: `Twilio reported the text ${status}${code}` });
      }
      res.status(204).end();
    } catch (err) {
      console.error('[receipts] not recorded', err);
      res.status(503).json({ message: 'The receipt could not be recorded; Twilio retries it', code: 'SERVICE_UNAVAILABLE' });
    }
  });
}
