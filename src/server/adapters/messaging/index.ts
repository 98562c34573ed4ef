import path from 'node:path';
import type { Env } from '../../env.js';
import { createMailDropTransport, createSmtpTransport } from './email.js';
import { createWebPushTransport, type VapidKeys } from './push.js';
import { createOutboxTransport, createTwilioSmsTransport, createWhatsAppCloudTransport, TWILIO_STATUS_PATH } from './sms.js';
import type { Transports } from './types.js';

export type { Channel, OutboundMessage, Transport, Transports } from './types.js';
export { PermanentDeliveryError } from './types.js';

/** One transport per channel: the real provider when configured, else the offline outbox default. */
export function createTransports(env: Env, vapid: VapidKeys): Transports {
  return {
    email: env.SMTP_URL
      ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM)
      : createMailDropTransport(path.resolve(env.DATA_DIR, 'mail'), env.MAIL_FROM),
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? createTwilioSmsTransport({
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            // Receipts need an address Twilio can reach: not localhost.
            statusCallback: env.PUBLIC_URL_SET ? `${env.PUBLIC_URL}${TWILIO_STATUS_PATH}` : undefined,
          })
        : createOutboxTransport(path.resolve(env.DATA_DIR, 'messages')),
    whatsapp:
      env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID
        ? createWhatsAppCloudTransport({ token: env.WHATSAPP_TOKEN, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID })
        : createOutboxTransport(path.resolve(env.DATA_DIR, 'messages')),
    push: createWebPushTransport(vapid),
  };
}
