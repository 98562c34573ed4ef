import { type ErrorNotes, idempotencyKeyHeader } from './common.docs.js';

/** The /api documentation of the billing procedures too long to sit in their meta (billing.ts). */

export const changePlanErrors: ErrorNotes = {
  404: 'No payment order with this `razorpay_order_id` for the salon',
  409: 'The payment attempt (`attemptId` or `Idempotency-Key`) was for another plan, or is still being processed',
};

export const changePlanIdempotency = idempotencyKeyHeader(
  'Optional. When the body has no `attemptId` (card payments through the built-in gateway), the key of the payment attempt: a repeat by the same salon with the same key answers the outcome of the first attempt and never charges twice; the same key for another plan is a 409. Up to 200 characters; an empty or longer key is ignored.',
);
