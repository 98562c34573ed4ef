import { Link } from 'wouter';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { toast } from '../../../components/ui/Toast';
import type { SubscriptionData } from './format';

/** The card on file and the GST details the invoices carry. */
export function SideCards({ d }: { d: SubscriptionData }) {
  return (
    <>
      <Card>
        <CardHeader title="Payment Method" />
        {d.paymentMethod ? (
          <div data-testid="payment-method">
            <p className="text-sm text-ink-700">Card ending {d.paymentMethod.last4}</p>
            <p className="text-sm text-ink-700">
              {d.paymentMethod.expMonth && d.paymentMethod.expYear
                ? `Expires ${String(d.paymentMethod.expMonth).padStart(2, '0')}/${d.paymentMethod.expYear}`
                : 'Expiry not shared by the gateway'}
            </p>
          </div>
        ) : (
          <p className="text-sm text-ink-700">No card on file</p>
        )}
        <p className="mt-1 text-xs text-ink-500">
          {d.autoRenew ? 'Charged automatically on your next billing date.' : 'The card is charged when you choose a plan.'}
        </p>
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          onClick={() => toast.info('Your card is updated the next time you pay for a plan.')}
        >
          Update Payment Method
        </Button>
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
