/** What Razorpay Checkout hands back when the customer has paid; changePlan verifies it. */
export interface RazorpayPaymentProof {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill?: { email?: string; name?: string };
  theme?: { color?: string };
  handler: (response: RazorpayPaymentProof) => void;
  modal?: { ondismiss?: () => void };
}

declare global {
  interface Window {
    Razorpay?: new (
      options: RazorpayOptions,
    ) => { open(): void; on(event: 'payment.failed', cb: (e: { error?: { description?: string } }) => void): void };
  }
}

const CHECKOUT_SRC = 'https://checkout.razorpay.com/v1/checkout.js';
let loading: Promise<void> | null = null;

/** Loads Razorpay Checkout once, and only when the server runs on Razorpay (it sent a key). */
export function loadRazorpay(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Could not load Razorpay Checkout.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Opens Checkout for an order and resolves with the payment proof, or null when the owner closes
 * the window; a failed payment rejects with Razorpay's reason.
 */
export async function payWithRazorpay(o: {
  key: string;
  orderId: string;
  /** Rupees, as the API answers every amount. */
  amount: number;
  description: string;
  email?: string;
  name?: string;
}): Promise<RazorpayPaymentProof | null> {
  await loadRazorpay();
  return new Promise((resolve, reject) => {
    const checkout = new window.Razorpay!({
      key: o.key,
      // Checkout takes paise.
      amount: Math.round(o.amount * 100),
      currency: 'INR',
      order_id: o.orderId,
      name: 'GlowBook',
      description: o.description,
      prefill: { email: o.email, name: o.name },
      theme: { color: '#7b2d73' },
      handler: resolve,
      modal: { ondismiss: () => resolve(null) },
    });
    checkout.on('payment.failed', (e) => reject(new Error(e.error?.description ?? 'The payment failed.')));
    checkout.open();
  });
}

/** A fresh id for one payment attempt: sent with every retry of it, so it is charged at most once. */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
