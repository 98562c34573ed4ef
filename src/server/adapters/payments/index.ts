import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ChargeRequest {
  /** Rupees, GST included. */
  amount: number;
  description: string;
  /** Our reference for the charge (idempotency). */
  receipt: string;
  /** The test gateway's card number; real gateways collect the card in their own checkout. */
  cardNumber?: string;
  /** A real gateway's proof that the customer paid (order id, payment id, signature). */
  proof?: { orderId: string; paymentId: string; signature: string };
}

export type ChargeResult = { ok: true; reference: string; last4: string | null } | { ok: false; error: string };

export interface PaymentGateway {
  readonly name: string;
  /** Shown in the app: no real money moves. */
  readonly testMode: boolean;
  charge(req: ChargeRequest): Promise<ChargeResult>;
}

export const TEST_CARD_APPROVED = '4111111111111111';
export const TEST_CARD_DECLINED = '4000000000000002';

/** Offline default: a test gateway. The approved test card succeeds; any other card is declined. */
export function createTestGateway(): PaymentGateway {
  return {
    name: 'test',
    testMode: true,
    async charge(req) {
      const card = (req.cardNumber ?? '').replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(card)) return { ok: false, error: 'cardNumber: enter the card number' };
      if (card !== TEST_CARD_APPROVED) return { ok: false, error: 'Your card was declined (test mode).' };
      return { ok: true, reference: `test_pay_${randomBytes(8).toString('hex')}`, last4: card.slice(-4) };
    },
  };
}

/** Razorpay's checkout signature: HMAC-SHA256(order_id|payment_id, key secret), hex. */
export function razorpaySignatureValid(secret: string, orderId: string, paymentId: string, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Razorpay: the browser pays in Razorpay Checkout for an order this server created
 * (createOrder), and the charge is accepted only with a valid payment signature.
 */
export function createRazorpayGateway(keyId: string, keySecret: string, fetchImpl: typeof fetch = fetch): PaymentGateway & { createOrder(amount: number, receipt: string): Promise<string> } {
  const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  return {
    name: 'razorpay',
    testMode: keyId.startsWith('rzp_test_'),
    async createOrder(amount, receipt) {
      const res = await fetchImpl('https://api.razorpay.com/v1/orders', {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: Math.round(amount * 100), currency: 'INR', receipt }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`Razorpay answered ${res.status}`);
      return ((await res.json()) as { id: string }).id;
    },
    async charge(req) {
      if (!req.proof) return { ok: false, error: 'Complete the payment in the Razorpay window first.' };
      if (!razorpaySignatureValid(keySecret, req.proof.orderId, req.proof.paymentId, req.proof.signature)) return { ok: false, error: 'The payment could not be verified.' };
      return { ok: true, reference: req.proof.paymentId, last4: null };
    },
  };
}
