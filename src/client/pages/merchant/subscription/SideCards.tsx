import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { answerMessage } from '../../../mutationMeta';
import { trpc } from '../../../trpc';
import type { SubscriptionData } from './format';

/** The card on file and the GST details the invoices carry. */
export function SideCards({ d }: { d: SubscriptionData }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Card>
        <CardHeader title="Payment Method" />
        {d.paymentMethod ? (
          <div data-testid="payment-method">
            <p className="text-sm text-ink-700">
              {d.paymentMethod.kind === 'upi'
                ? `UPI AutoPay: ${d.paymentMethod.vpa}`
                : `${d.paymentMethod.brand ? `${d.paymentMethod.brand} card` : 'Card'} ending ${d.paymentMethod.last4}`}
            </p>
            {d.paymentMethod.kind === 'card' && (
              <p className="text-sm text-ink-700">
                {d.paymentMethod.expMonth && d.paymentMethod.expYear
                  ? `Expires ${String(d.paymentMethod.expMonth).padStart(2, '0')}/${d.paymentMethod.expYear}`
                  : 'Expiry not shared by the gateway'}
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-ink-700">No card or UPI mandate on file</p>
        )}
        <p className="mt-1 text-xs text-ink-500">
          {d.autoRenew ? 'Charged automatically on your next billing date.' : 'Renewals are charged to the method saved here.'}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setEditing(true)} data-testid="update-payment-method">
          Update Payment Method
        </Button>
        {editing && <UpdatePaymentMethod testMode={d.gateway.testMode} gateway={d.gateway.name} onClose={() => setEditing(false)} />}
      </Card>
      <Card data-testid="gst-details">
        <CardHeader title="GST details" />
        <dl className="mt-2 space-y-2 text-sm">
          <div>
            <dt className="text-xs text-ink-500">Your GSTIN</dt>
            <dd className="font-mono text-ink-900" data-testid="salon-gstin">
              {d.gst.salonGstin ?? (
                <span className="font-sans text-ink-600">Not added: invoices are issued to an unregistered recipient</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-ink-500">GlowBook's GSTIN ({d.platformState})</dt>
            <dd className="font-mono text-ink-900">{d.gst.platformGstin}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-500">SAC · place of supply</dt>
            <dd className="text-ink-900">
              {d.gst.sac} · {d.merchantState} (
              {d.merchantState.trim().toLowerCase() === d.platformState.trim().toLowerCase() ? 'CGST + SGST' : 'IGST'})
            </dd>
          </div>
        </dl>
        <Link href="/merchant/settings#gst" className="mt-3 inline-block text-sm font-medium text-plum-700 underline">
          {d.gst.salonGstin ? 'Change GSTIN in Settings' : 'Add your GSTIN in Settings'}
        </Link>
      </Card>
    </>
  );
}

/**
 * Saves the card or UPI AutoPay mandate renewals charge, through the gateway. The test gateway takes
 * the test card or a test UPI id here; Razorpay authorises it in its Checkout (startPaymentMethod).
 */
function UpdatePaymentMethod({ testMode, gateway, onClose }: { testMode: boolean; gateway: string; onClose: () => void }) {
  const [method, setMethod] = useState<'card' | 'upi'>('card');
  const [cardNumber, setCardNumber] = useState('');
  const [cardExpiry, setCardExpiry] = useState('');
  const [upiId, setUpiId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = trpc.merchants.updatePaymentMethod.useMutation({
    meta: { successToast: answerMessage, invalidates: ['merchants.getSubscription'] },
    onSuccess: onClose,
    onError: (e) => setError(e.message),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(method === 'card' ? { method, cardNumber, cardExpiry } : { method, upiId });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Update payment method"
      description={
        gateway === 'test'
          ? 'Test mode: no real money moves. Card 4111 1111 1111 1111 with a future expiry, or UPI success@razorpay.'
          : `Renewals will be charged to this method through ${gateway}${testMode ? ' (test mode)' : ''}.`
      }
      testId="payment-method-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="payment-method-form" loading={save.isPending} data-testid="payment-method-submit">
            Save
          </Button>
        </>
      }
    >
      <form id="payment-method-form" noValidate onSubmit={submit} className="space-y-3">
        <div className="flex gap-2" role="radiogroup" aria-label="Method">
          {(['card', 'upi'] as const).map((m) => (
            <Button
              key={m}
              type="button"
              size="sm"
              variant={method === m ? 'primary' : 'outline'}
              aria-pressed={method === m}
              onClick={() => setMethod(m)}
              data-testid={`payment-method-${m}`}
            >
              {m === 'card' ? 'Card' : 'UPI AutoPay'}
            </Button>
          ))}
        </div>
        {error && (
          <p className="text-sm text-red-700" role="alert" data-testid="payment-method-error">
            {error}
          </p>
        )}
        {method === 'card' ? (
          <>
            <Input
              id="pm-card"
              label="Card number"
              inputMode="numeric"
              autoComplete="cc-number"
              value={cardNumber}
              onChange={(e) => setCardNumber(e.target.value)}
              data-testid="pm-card-number"
            />
            <Input
              id="pm-expiry"
              label="Expiry (MM/YY)"
              autoComplete="cc-exp"
              value={cardExpiry}
              onChange={(e) => setCardExpiry(e.target.value)}
              data-testid="pm-card-expiry"
            />
          </>
        ) : (
          <Input id="pm-upi" label="UPI id" value={upiId} onChange={(e) => setUpiId(e.target.value)} data-testid="pm-upi-id" />
        )}
      </form>
    </Modal>
  );
}
