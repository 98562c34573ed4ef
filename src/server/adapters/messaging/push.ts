import { PermanentDeliveryError, type Transport } from './types.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** web-push, loaded when first needed (a push to send, keys to make), not with every start. */
const webPush = () => import('web-push').then((m) => m.default);

/** Thrown when the push service says the subscription no longer exists (404/410): remove it. */
export class GoneSubscriptionError extends PermanentDeliveryError {}

/**
 * Real Web Push (RFC 8030/8291 encryption, VAPID) through the `web-push` library. The message's
 * meta.target carries the subscription; the body is the JSON payload the service worker shows.
 */
export function createWebPushTransport(vapid: VapidKeys): Transport {
  return {
    provider: 'web-push',
    async send(m) {
      const target = m.meta.target as PushTarget | undefined;
      if (!target?.endpoint) throw new PermanentDeliveryError('push message without a subscription');
      try {
        const res = await (await webPush()).sendNotification(target, m.body, {
          vapidDetails: vapid,
          TTL: 24 * 3600,
          urgency: 'normal',
          timeout: 15_000,
        });
        return { providerId: res.headers?.location };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) throw new GoneSubscriptionError(`push subscription gone (${status})`);
        if (status && status >= 400 && status < 500 && status !== 429) {
          throw new PermanentDeliveryError(`push service answered ${status}: ${(err as { body?: string }).body ?? ''}`.slice(0, 500));
        }
        throw err;
      }
    },
  };
}

export async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  return (await webPush()).generateVAPIDKeys();
}
