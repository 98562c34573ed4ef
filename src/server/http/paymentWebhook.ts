import express, { type Express } from 'express';
import type { AppDeps } from '../deps.js';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../errors.js';
import { razorpayWebhook } from '../services/payments/webhook.js';

export const RAZORPAY_WEBHOOK_PATH = '/api/payments/razorpay/webhook';

/**
 * Razorpay's webhook: its signature is over the raw body, so this route reads the body itself,
 * before the JSON parser of /api. A database that cannot be reached answers 503 (Razorpay retries).
 */
export function mountPaymentWebhook(app: Express, deps: AppDeps): void {
  app.post(RAZORPAY_WEBHOOK_PATH, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    try {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await razorpayWebhook(deps, raw, {
        signature: req.get('x-razorpay-signature') ?? undefined,
        eventId: req.get('x-razorpay-event-id') ?? undefined,
      });
      res.status(answer.status).json(answer.body);
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        res
          .status(503)
          .setHeader('retry-after', RETRY_AFTER_SECONDS)
          .json({ message: 'The service is briefly unavailable', code: 'SERVICE_UNAVAILABLE' });
        return;
      }
      console.error('[payments] webhook failed', err);
      res.status(503).json({ message: 'The webhook could not be applied now; please deliver it again', code: 'SERVICE_UNAVAILABLE' });
    }
  });
}
