import { createHmac, timingSafeEqual } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { gatewayFee } from '../../../shared/settlement.js';

export interface ChargeRequest {
  /** Rupees, GST included. */
  amount: number;
  description: string;
  /**
   * Our payment attempt's id: the gateway's idempotency key. The same receipt sent twice is one
   * charge, answered the same both times.
   */
  receipt: string;
  /** The test gateway's card number; real gateways collect the card in their own checkout. */
  cardNumber?: string;
  /** The test gateway's card expiry. */
  cardExpiry?: { month: number; year: number };
  /** A real gateway's proof that the customer paid (order id, payment id, signature). */
  proof?: { orderId: string; paymentId: string; signature: string };
}

export interface PaidCharge {
  ok: true;
  reference: string;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  /** A saved-card token renewals can charge, when the gateway keeps one. */
  token: string | null;
  /** The gateway's fee on this payment and the GST on it (rupees), when the gateway reports them. */
  fee?: { fee: number; tax: number } | null;
}

export type ChargeResult = PaidCharge | { ok: false; error: string };

export interface RefundRequest {
  /** The gateway's reference of the payment to refund (PaidCharge.reference). */
  paymentReference: string;
  /** Rupees, GST included; at most what the payment took. */
  amount: number;
  /** Our credit note's id: the same receipt twice is one refund, answered the same both times. */
  receipt: string;
}

export type RefundResult = { ok: true; reference: string } | { ok: false; error: string };

/** A card or UPI AutoPay mandate the gateway saved for renewals: its token, never the card number. */
export interface SavedMethod {
  kind: 'card' | 'upi';
  /** What chargeSaved charges. */
  token: string;
  /** The gateway's customer the token belongs to, when it has one. */
  customerRef: string | null;
  last4: string | null;
  brand: string | null;
  expMonth: number | null;
  expYear: number | null;
  vpa: string | null;
}

export interface SaveMethodRequest {
  /** Our idempotency receipt for the mandate's authorisation. */
  receipt: string;
  method: 'card' | 'upi';
  /** The test gateway's card and expiry, or its UPI id; a real gateway collects them in its checkout. */
  cardNumber?: string;
  cardExpiry?: { month: number; year: number };
  upiId?: string;
  /** A real gateway's proof of the authorisation payment made in its checkout (recurring). */
  proof?: { orderId: string; paymentId: string; signature: string };
}

export type SaveMethodResult = { ok: true; method: SavedMethod } | { ok: false; error: string };

export interface PaymentGateway {
  readonly name: string;
  /** Shown in the app: no real money moves. */
  readonly testMode: boolean;
  /** The key the browser opens the gateway's checkout with; null when the card is typed into our form. */
  readonly checkoutKey: string | null;
  /** Creates the gateway order the browser pays in its checkout (Razorpay); absent for the test gateway. */
  createOrder?(amount: number, receipt: string): Promise<string>;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /**
   * What became of an attempt whose answer was lost (a crash between charging and recording it):
   * the charge if money was taken, else null.
   */
  lookup(req: { receipt: string; orderId: string | null }): Promise<PaidCharge | null>;
  /** Charges a saved card (renewals); absent when the gateway keeps no reusable card. */
  chargeSaved?(req: {
    token: string;
    amount: number;
    receipt: string;
    description: string;
    /** Who is charged: Razorpay's recurring payments name the customer's e-mail and phone. */
    customer?: { email: string; contact: string };
  }): Promise<ChargeResult>;
  /** Refunds (part of) a payment; a refusal is final, a thrown error (network) is retried. */
  refund?(req: RefundRequest): Promise<RefundResult>;
  /**
   * A checkout order that authorises a card or UPI AutoPay mandate for renewals (Razorpay: a
   * customer and a recurring order the browser pays in Checkout); absent for the test gateway,
   * whose form takes the card or UPI id directly.
   */
  createMandateOrder?(req: {
    receipt: string;
    method: 'card' | 'upi';
    customer: { name: string; email: string; contact: string };
  }): Promise<{
    orderId: string;
    customerRef: string;
    amount: number;
  }>;
  /** Saves a card or UPI AutoPay mandate renewals can charge (chargeSaved); absent when the gateway keeps none. */
  saveMethod?(req: SaveMethodRequest): Promise<SaveMethodResult>;
}

export const TEST_CARD_APPROVED = '4111111111111111';
export const TEST_CARD_DECLINED = '4000000000000002';

/**
 * The test gateway's checkout signs a payment as Razorpay's does (HMAC-SHA256 of "order|payment"),
 * with this in place of a key secret, so its payments go through the same verify path.
 */
const TEST_GATEWAY_SECRET = 'glowbook-test-gateway';
const testHash = (text: string) => createHmac('sha256', TEST_GATEWAY_SECRET).update(text).digest('hex').slice(0, 16);

/** The test gateway's order for one of our payments (its receipt): the same receipt names the same order. */
export function testGatewayOrderId(receipt: string): string {
  return `test_order_${testHash(`order:${receipt}`)}`;
}

/**
 * What the test gateway's checkout hands back when its order is paid: the payment id (one per
 * order, as an order is paid once) and its signature, as Razorpay Checkout's handler receives them.
 */
export function testGatewayPayment(orderId: string): { paymentId: string; signature: string } {
  const paymentId = `test_pay_${testHash(`pay:${orderId}`)}`;
  return { paymentId, signature: createHmac('sha256', TEST_GATEWAY_SECRET).update(`${orderId}|${paymentId}`).digest('hex') };
}

const expired = (e: { month: number; year: number }, now: Date) =>
  e.year < now.getUTCFullYear() || (e.year === now.getUTCFullYear() && e.month < now.getUTCMonth() + 1);

/**
 * Offline default: a test gateway. The approved test card succeeds (unless its expiry has passed);
 * any other card is declined. Charges are kept per receipt in this process, so a repeated receipt
 * is answered with the first charge, as a real gateway does with an idempotency key.
 */
export function createTestGateway(now: () => Date = () => new Date()): PaymentGateway {
  const charges = new Map<string, ChargeResult>();
  const tokenFor = (last4: string, e: { month: number; year: number } | undefined) =>
    `test_tok_${last4}_${e ? `${String(e.month).padStart(2, '0')}${e.year}` : 'none'}`;
  const approve = (receipt: string, last4: string, e: { month: number; year: number } | undefined): PaidCharge => ({
    ok: true,
    reference: `test_pay_${createHmac('sha256', 'test-gateway').update(receipt).digest('hex').slice(0, 16)}`,
    last4,
    expMonth: e?.month ?? null,
    expYear: e?.year ?? null,
    token: tokenFor(last4, e),
  });
  const refunds = new Map<string, RefundResult>();
  return {
    name: 'test',
    testMode: true,
    async refund(req) {
      const earlier = refunds.get(req.receipt);
      if (earlier) return earlier;
      // The test gateway's own payments (test_pay_…, kept across restarts by their form) refund.
      const result: RefundResult = req.paymentReference.startsWith('test_pay_')
        ? { ok: true, reference: `test_rfnd_${createHmac('sha256', 'test-gateway').update(req.receipt).digest('hex').slice(0, 16)}` }
        : { ok: false, error: `The test gateway took no payment ${req.paymentReference} (test mode).` };
      refunds.set(req.receipt, result);
      return result;
    },
    checkoutKey: null,
    async charge(req) {
      // A checkout payment is proven by its signature, as with Razorpay (nothing is cached: a
      // tampered proof first must not shadow the real one).
      if (req.proof) {
        if (!razorpaySignatureValid(TEST_GATEWAY_SECRET, req.proof.orderId, req.proof.paymentId, req.proof.signature))
          return { ok: false, error: 'razorpay_signature: the payment could not be verified (test mode)' };
        const paid: PaidCharge = {
          ok: true,
          reference: req.proof.paymentId,
          last4: null,
          expMonth: null,
          expYear: null,
          token: null,
          // The test gateway reports the fee Razorpay would charge at the standard rate.
          fee: gatewayFee(req.amount),
        };
        charges.set(req.receipt, paid);
        return paid;
      }
      const earlier = charges.get(req.receipt);
      if (earlier) return earlier;
      const card = (req.cardNumber ?? '').replace(/[\s-]/g, '');
      let result: ChargeResult;
      if (!/^\d{12,19}$/.test(card)) result = { ok: false, error: 'cardNumber: enter the card number' };
      else if (req.cardExpiry && expired(req.cardExpiry, now()))
        result = { ok: false, error: 'cardExpiry: Your card has expired (test mode).' };
      else if (card !== TEST_CARD_APPROVED) result = { ok: false, error: 'Your card was declined (test mode).' };
      else result = approve(req.receipt, card.slice(-4), req.cardExpiry);
      charges.set(req.receipt, result);
      return result;
    },
    async lookup(req) {
      const r = charges.get(req.receipt);
      return r?.ok ? r : null;
    },
    async saveMethod(req) {
      if (req.method === 'upi') {
        const vpa = (req.upiId ?? '').trim().toLowerCase();
        if (!/^[\w.-]{2,256}@[a-z]{2,64}$/i.test(vpa)) return { ok: false, error: 'upiId: enter a UPI id such as name@bank' };
        if (vpa === 'failure@razorpay') return { ok: false, error: 'upiId: The UPI AutoPay mandate was declined (test mode).' };
        return {
          ok: true,
          method: {
            kind: 'upi',
            token: `test_upi_${Buffer.from(vpa).toString('base64url')}`,
            customerRef: null,
            last4: null,
            brand: null,
            expMonth: null,
            expYear: null,
            vpa,
          },
        };
      }
      const card = (req.cardNumber ?? '').replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(card)) return { ok: false, error: 'cardNumber: enter the card number' };
      if (!req.cardExpiry) return { ok: false, error: 'cardExpiry: enter the expiry month and year' };
      if (expired(req.cardExpiry, now())) return { ok: false, error: 'cardExpiry: Your card has expired (test mode).' };
      if (card !== TEST_CARD_APPROVED) return { ok: false, error: 'cardNumber: Your card was declined (test mode).' };
      return {
        ok: true,
        method: {
          kind: 'card',
          token: tokenFor(card.slice(-4), req.cardExpiry),
          customerRef: null,
          last4: card.slice(-4),
          brand: 'Visa',
          expMonth: req.cardExpiry.month,
          expYear: req.cardExpiry.year,
          vpa: null,
        },
      };
    },
    async chargeSaved(req) {
      const earlier = charges.get(req.receipt);
      if (earlier) return earlier;
      if (req.token.startsWith('test_upi_')) {
        const vpa = Buffer.from(req.token.slice('test_upi_'.length), 'base64url').toString('utf8');
        const result: ChargeResult =
          vpa === 'failure@razorpay'
            ? { ok: false, error: 'The UPI AutoPay debit was declined (test mode).' }
            : { ...approve(req.receipt, '0000', undefined), last4: null, token: req.token };
        charges.set(req.receipt, result);
        return result;
      }
      const m = /^test_tok_(\d{4})_(?:(\d{2})(\d{4})|none)$/.exec(req.token);
      const e = m?.[2] ? { month: Number(m[2]), year: Number(m[3]) } : undefined;
      let result: ChargeResult;
      if (!m || m[1] !== TEST_CARD_APPROVED.slice(-4)) result = { ok: false, error: 'The saved card was declined (test mode).' };
      else if (e && expired(e, now())) result = { ok: false, error: 'The saved card has expired (test mode).' };
      else result = approve(req.receipt, m[1], e);
      charges.set(req.receipt, result);
      return result;
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
 * A gateway that cannot be reached (refused, DNS, timeout) or answers with a server error or an
 * unreadable body: the request gets 503 naming the gateway and what was being done, never a 500.
 * Callers that retry (the refund and stale-order jobs) still see a thrown error and retry.
 */
export function gatewayUnavailable(gateway: string, doing: string, why: string, cause?: unknown): TRPCError {
  return new TRPCError({
    code: 'SERVICE_UNAVAILABLE',
    message: `The payment gateway (${gateway}) could not be reached while ${doing} (${why}); please try again in a few minutes`,
    cause: cause instanceof Error ? cause : undefined,
  });
}

/**
 * One call to a gateway's API: a network failure or timeout becomes gatewayUnavailable, and so
 * does a status the caller does not handle itself (`accept`: by default any 2xx) or a body that is
 * not JSON. Returns the status and the parsed body.
 */
async function gatewayCall<T>(
  fetchImpl: typeof fetch,
  gateway: string,
  doing: string,
  url: string,
  init: RequestInit,
  accept: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<{ status: number; ok: boolean; body: T }> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    const code = ((err as { cause?: { code?: string } } | null)?.cause as { code?: string } | undefined)?.code;
    const why =
      name === 'TimeoutError' || name === 'AbortError' ? 'no answer within 15 s' : code ? `network error ${code}` : 'network error';
    throw gatewayUnavailable(gateway, doing, why, err);
  }
  if (!accept(res.status)) throw gatewayUnavailable(gateway, doing, `it answered HTTP ${res.status}`);
  let body: T;
  try {
    body = (await res.json()) as T;
  } catch (err) {
    throw gatewayUnavailable(gateway, doing, `its answer (HTTP ${res.status}) was not JSON`, err);
  }
  return { status: res.status, ok: res.ok, body };
}

interface RazorpayPayment {
  id: string;
  status: string;
  method?: string;
  order_id?: string;
  customer_id?: string | null;
  token_id?: string | null;
  vpa?: string | null;
  card?: { last4?: string; network?: string | null; expiry_month?: number | string; expiry_year?: number | string } | null;
}

/** A Razorpay saved method as one token: its customer and its token (a recurring payment names both). */
const RAZORPAY_TOKEN_SEPARATOR = '|';
/** The mandate's authorisation payment: ₹1, refunded at once (docs/billing.md "Payment method"). */
const MANDATE_AUTH_PAISE = 100;
/** The most a mandate lets a renewal take: the dearest plan with GST, and room to spare (paise). */
const MANDATE_MAX_PAISE = 15_000_00;

/**
 * Razorpay: the browser pays in Razorpay Checkout for an order this server created (createOrder,
 * with our attempt id as its receipt), and the charge is accepted only with a valid payment
 * signature for that order. Renewals charge a card or UPI AutoPay mandate the owner authorised in
 * Checkout (createMandateOrder, saveMethod) as a recurring payment (chargeSaved).
 */
export function createRazorpayGateway(keyId: string, keySecret: string, fetchImpl: typeof fetch = fetch): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const paid = (p: RazorpayPayment): PaidCharge => ({
    ok: true,
    reference: p.id,
    last4: p.card?.last4 ?? null,
    expMonth: null,
    expYear: null,
    token: null,
  });
  const json = { authorization: auth, 'content-type': 'application/json' };
  return {
    name: 'razorpay',
    testMode: keyId.startsWith('rzp_test_'),
    checkoutKey: keyId,
    async createMandateOrder(req) {
      const customer = await gatewayCall<{ id?: string }>(
        fetchImpl,
        'Razorpay',
        'creating the customer',
        'https://api.razorpay.com/v1/customers',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ ...req.customer, fail_existing: '0' }),
        },
      );
      if (typeof customer.body.id !== 'string')
        throw gatewayUnavailable('Razorpay', 'creating the customer', 'its answer named no customer');
      const expireAt = Math.floor(Date.now() / 1000) + 10 * 365 * 86_400;
      const order = await gatewayCall<{ id?: string }>(
        fetchImpl,
        'Razorpay',
        'creating the mandate order',
        'https://api.razorpay.com/v1/orders',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            amount: MANDATE_AUTH_PAISE,
            currency: 'INR',
            receipt: req.receipt,
            customer_id: customer.body.id,
            method: req.method,
            token: { max_amount: MANDATE_MAX_PAISE, expire_at: expireAt, frequency: req.method === 'upi' ? 'monthly' : 'as_presented' },
          }),
        },
      );
      if (typeof order.body.id !== 'string')
        throw gatewayUnavailable('Razorpay', 'creating the mandate order', 'its answer named no order');
      return { orderId: order.body.id, customerRef: customer.body.id, amount: MANDATE_AUTH_PAISE / 100 };
    },
    async saveMethod(req) {
      if (!req.proof) return { ok: false, error: 'razorpay_signature: authorise the card or UPI AutoPay in the Razorpay window first' };
      if (!razorpaySignatureValid(keySecret, req.proof.orderId, req.proof.paymentId, req.proof.signature))
        return { ok: false, error: 'razorpay_signature: the authorisation could not be verified' };
      const { body: p } = await gatewayCall<RazorpayPayment>(
        fetchImpl,
        'Razorpay',
        'reading the authorisation',
        `https://api.razorpay.com/v1/payments/${encodeURIComponent(req.proof.paymentId)}`,
        { headers: { authorization: auth } },
      );
      if (p.order_id !== req.proof.orderId || !p.token_id || !p.customer_id)
        return { ok: false, error: 'razorpay_payment_id: Razorpay saved no card or mandate with this payment' };
      const kind = p.method === 'upi' ? 'upi' : 'card';
      // The ₹1 authorisation goes back at once; the mandate stays.
      await this.refund?.({ paymentReference: p.id, amount: MANDATE_AUTH_PAISE / 100, receipt: `mandate_${req.receipt}` }).catch(
        () => undefined,
      );
      return {
        ok: true,
        method: {
          kind,
          token: `${p.customer_id}${RAZORPAY_TOKEN_SEPARATOR}${p.token_id}`,
          customerRef: p.customer_id,
          last4: kind === 'card' ? (p.card?.last4 ?? null) : null,
          brand: kind === 'card' ? (p.card?.network ?? null) : null,
          expMonth: p.card?.expiry_month ? Number(p.card.expiry_month) : null,
          expYear: p.card?.expiry_year ? Number(p.card.expiry_year) : null,
          vpa: kind === 'upi' ? (p.vpa ?? null) : null,
        },
      };
    },
    async chargeSaved(req) {
      const [customerId, tokenId] = req.token.split(RAZORPAY_TOKEN_SEPARATOR);
      if (!customerId || !tokenId) return { ok: false, error: 'The saved payment method is not a Razorpay token; update it' };
      const order = await gatewayCall<{ id?: string }>(
        fetchImpl,
        'Razorpay',
        'creating the renewal order',
        'https://api.razorpay.com/v1/orders',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            amount: Math.round(req.amount * 100),
            currency: 'INR',
            receipt: req.receipt.slice(0, 40),
            payment_capture: 1,
          }),
        },
      );
      if (typeof order.body.id !== 'string')
        throw gatewayUnavailable('Razorpay', 'creating the renewal order', 'its answer named no order');
      const res = await gatewayCall<{ razorpay_payment_id?: string; error?: { description?: string } }>(
        fetchImpl,
        'Razorpay',
        'charging the saved method',
        'https://api.razorpay.com/v1/payments/create/recurring',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            email: req.customer?.email,
            contact: req.customer?.contact,
            amount: Math.round(req.amount * 100),
            currency: 'INR',
            order_id: order.body.id,
            customer_id: customerId,
            token: tokenId,
            recurring: '1',
            description: req.description,
          }),
        },
        (status) => status < 500,
      );
      if (!res.ok || !res.body.razorpay_payment_id)
        return { ok: false, error: res.body.error?.description ?? `Razorpay refused the renewal charge (${res.status})` };
      return { ok: true, reference: res.body.razorpay_payment_id, last4: null, expMonth: null, expYear: null, token: req.token };
    },
    async createOrder(amount, receipt) {
      const { body } = await gatewayCall<{ id?: string }>(
        fetchImpl,
        'Razorpay',
        'creating the order',
        'https://api.razorpay.com/v1/orders',
        {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: Math.round(amount * 100), currency: 'INR', receipt }),
        },
      );
      if (typeof body.id !== 'string') throw gatewayUnavailable('Razorpay', 'creating the order', 'its answer named no order');
      return body.id;
    },
    async charge(req) {
      if (!req.proof) return { ok: false, error: 'Complete the payment in the Razorpay window first.' };
      if (!razorpaySignatureValid(keySecret, req.proof.orderId, req.proof.paymentId, req.proof.signature))
        return { ok: false, error: 'razorpay_signature: the payment could not be verified' };
      return { ok: true, reference: req.proof.paymentId, last4: null, expMonth: null, expYear: null, token: null };
    },
    async refund(req) {
      // Idempotent by our receipt: a retry after a lost answer finds the refund it made.
      const payment = encodeURIComponent(req.paymentReference);
      const listed = await gatewayCall<{ items?: { id: string; receipt?: string | null }[] }>(
        fetchImpl,
        'Razorpay',
        'looking up earlier refunds',
        `https://api.razorpay.com/v1/payments/${payment}/refunds`,
        { headers: { authorization: auth } },
      );
      const made = (listed.body.items ?? []).find((r) => r.receipt === req.receipt);
      if (made) return { ok: true, reference: made.id };
      // A 4xx is Razorpay's final refusal (its description says why); a 5xx or no answer is retried.
      const res = await gatewayCall<{ id?: string; error?: { description?: string } }>(
        fetchImpl,
        'Razorpay',
        'refunding the payment',
        `https://api.razorpay.com/v1/payments/${payment}/refund`,
        {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: Math.round(req.amount * 100), receipt: req.receipt }),
        },
        (status) => status < 500,
      );
      return res.ok && res.body.id
        ? { ok: true, reference: res.body.id }
        : { ok: false, error: res.body.error?.description ?? `Razorpay refused the refund (${res.status})` };
    },
    async lookup(req) {
      if (!req.orderId) return null;
      const { body } = await gatewayCall<{ items?: RazorpayPayment[] }>(
        fetchImpl,
        'Razorpay',
        'looking up the payment',
        `https://api.razorpay.com/v1/orders/${encodeURIComponent(req.orderId)}/payments`,
        { headers: { authorization: auth } },
      );
      const captured = (body.items ?? []).find((p) => p.status === 'captured');
      return captured ? paid(captured) : null;
    },
  };
}
