import { useEffect, useState } from 'react';
import { formatINR } from '../../../shared/money';
import type { BookingWire } from '../../../shared/schemas/bookings';
import { type BookingPaymentWire, TEST_UPI_FAILURE, TEST_UPI_SUCCESS } from '../../../shared/schemas/payments';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { toast } from '../../components/ui/Toast';
import { cn } from '../../lib/cn';
import { downloadSigned, pdfName } from '../../lib/download';
import { errorField, errorMessage, trpc } from '../../trpc';
import { payWithRazorpay } from '../billing/razorpay';

/** A payment still open, as the dialog pays it: from startBookingPayment, or from My Bookings (myPayments). */
export interface OpenPayment {
  payment: BookingPaymentWire;
  salonName: string;
}

/** Minutes and seconds left on the hold, ticking. */
function useTimeLeft(until: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!until) return null;
  const ms = Math.max(0, Date.parse(until) - now);
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Pays a held booking's order: in Razorpay Checkout on a live server, or in the offline test
 * gateway's own checkout (test UPI id or test card), both verified by the server the same way.
 */
export function PayNowDialog({
  open,
  onPaid,
  onClose,
}: {
  open: OpenPayment;
  onPaid: (booking: BookingWire, message: string) => void;
  onClose: () => void;
}) {
  const options = trpc.payments.options.useQuery({});
  const utils = trpc.useUtils();
  const testCheckout = trpc.payments.testCheckout.useMutation();
  const verify = trpc.payments.verifyBookingPayment.useMutation({
    meta: { invalidates: ['users.getAllBookings', 'payments.myPayments', 'users.getWallet'] },
  });
  const [method, setMethod] = useState<'upi' | 'card'>('upi');
  const [upiId, setUpiId] = useState(TEST_UPI_SUCCESS);
  const [cardNumber, setCardNumber] = useState('4111 1111 1111 1111');
  const [error, setError] = useState<{ field: 'upiId' | 'cardNumber' | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const { payment, salonName } = open;
  const left = useTimeLeft(payment.holdExpiresAt);
  const testMode = options.data?.data.testMode ?? true;
  const checkoutKey = options.data?.data.checkoutKey ?? null;

  const pay = async () => {
    setError(null);
    setBusy(true);
    try {
      const proof = checkoutKey
        ? await payWithRazorpay({
            key: checkoutKey,
            orderId: payment.orderId,
            amount: Math.round(payment.amount * 100),
            description: `Booking at ${salonName}`,
          })
        : (
            await testCheckout.mutateAsync({
              paymentId: payment._id,
              method,
              ...(method === 'upi' ? { upiId } : { cardNumber }),
            })
          ).data;
      if (!proof) return;
      const answer = await verify.mutateAsync({ paymentId: payment._id, ...proof });
      onPaid(answer.data.booking, answer.message);
    } catch (err) {
      const message = errorMessage(err, 'The payment could not be completed. Please try again.');
      const field = errorField(err);
      setError({ field: field === 'upiId' || field === 'cardNumber' ? field : null, message });
      // A payment that came too late is refunded: My Bookings shows it.
      void utils.payments.myPayments.invalidate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Pay now"
      size="sm"
      testId="pay-now-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-testid="pay-later">
            Not now
          </Button>
          <Button onClick={() => void pay()} loading={busy} loadingText="Paying..." data-testid="pay-submit">
            Pay {formatINR(payment.amount)}
            {testMode ? ' (test)' : ''}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-ink-700">
            Booking at <span className="font-semibold text-ink-900">{salonName}</span>
          </p>
          {testMode && (
            <Badge tone="warning" data-testid="test-mode">
              Test mode: no real money moves
            </Badge>
          )}
        </div>
        <dl className="space-y-1 rounded-xl bg-blush-50 px-3 py-2 text-sm">
          {payment.walletAmount > 0 && (
            <div className="flex justify-between gap-3">
              <dt className="text-ink-600">From your wallet</dt>
              <dd className="text-ink-900">{formatINR(payment.walletAmount)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-3 font-semibold">
            <dt className="text-ink-700">To pay now</dt>
            <dd className="text-ink-900" data-testid="pay-amount">
              {formatINR(payment.amount)}
            </dd>
          </div>
        </dl>
        {left && (
          <p className="text-xs text-ink-600" data-testid="hold-left">
            Your slot is held for <span className="font-semibold tabular-nums">{left}</span> while you pay. If the payment does not finish
            in time the slot is released and anything paid is refunded.
          </p>
        )}
        {!checkoutKey && (
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-ink-900">Pay with</legend>
            <div className="grid grid-cols-2 gap-2">
              {(['upi', 'card'] as const).map((m) => (
                <label
                  key={m}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm',
                    method === m ? 'border-plum-400 bg-plum-50' : 'border-blush-200 bg-white',
                  )}
                >
                  <input
                    type="radio"
                    name="pay-method"
                    value={m}
                    checked={method === m}
                    onChange={() => setMethod(m)}
                    className="accent-plum-700"
                    data-testid={`pay-with-${m}`}
                  />
                  {m === 'upi' ? 'UPI' : 'Card'}
                </label>
              ))}
            </div>
            <div className="mt-3">
              {method === 'upi' ? (
                <Input
                  label="UPI ID"
                  value={upiId}
                  onChange={(e) => setUpiId(e.target.value)}
                  hint={`Test mode: ${TEST_UPI_SUCCESS} pays, ${TEST_UPI_FAILURE} is declined.`}
                  error={error?.field === 'upiId' ? error.message : undefined}
                  autoComplete="off"
                  inputMode="email"
                  data-testid="upi-id"
                />
              ) : (
                <Input
                  label="Card number"
                  value={cardNumber}
                  onChange={(e) => setCardNumber(e.target.value)}
                  hint="Test mode: 4111 1111 1111 1111 pays; any other card is declined."
                  error={error?.field === 'cardNumber' ? error.message : undefined}
                  autoComplete="off"
                  inputMode="numeric"
                  data-testid="card-number"
                />
              )}
            </div>
          </fieldset>
        )}
        {checkoutKey && <p className="text-sm text-ink-700">Pay by UPI, card, net banking or wallet in Razorpay's secure checkout.</p>}
        {error && !error.field && (
          <p role="alert" className="text-sm font-medium text-red-600" data-testid="pay-error">
            {error.message}
          </p>
        )}
      </div>
    </Modal>
  );
}

const REFUND_STATE: Record<string, string> = { initiated: 'initiated', processed: 'processed', failed: 'failed' };

/**
 * How a booking was paid and what went back, truthfully: paid / part-paid online, awaiting payment,
 * refunded (and each refund's state as the gateway reported it).
 */
export function PaymentLine({
  booking,
  payment,
  onResume,
}: {
  booking: Pick<BookingWire, 'paymentMethod' | 'amountPaid' | 'status'> & { totalPrice?: number };
  payment: BookingPaymentWire | undefined;
  onResume?: () => void;
}) {
  if (!payment) {
    if (booking.paymentMethod === 'wallet') return <PaymentNote>Paid from your wallet · {formatINR(booking.amountPaid)}</PaymentNote>;
    return null;
  }
  const refunded = payment.refunds.reduce((sum, r) => sum + (r.status === 'failed' ? 0 : r.amount), 0);
  const due = booking.totalPrice != null ? Math.max(0, Math.round((booking.totalPrice - booking.amountPaid) * 100) / 100) : 0;
  const minutesLeft = payment.holdExpiresAt ? Math.max(0, Math.ceil((new Date(payment.holdExpiresAt).getTime() - Date.now()) / 60_000)) : 0;
  const paidText =
    payment.status === 'paid' && payment.deposit
      ? `Deposit paid · ${formatINR(payment.amount + payment.walletAmount)}${due > 0 ? `, ${formatINR(due)} due at the salon` : ''}`
      : payment.status === 'paid'
        ? payment.walletAmount > 0
          ? `Part-paid: ${formatINR(payment.walletAmount)} wallet + ${formatINR(payment.amount)} online`
          : `Paid online · ${formatINR(payment.amount)}`
        : payment.status === 'created'
          ? `Awaiting payment of ${formatINR(payment.amount)}${minutesLeft > 0 ? ` · ${minutesLeft} min left` : ''}`
          : payment.status === 'late'
            ? `Your payment of ${formatINR(payment.amount)} came after the slot was released: refunded in full`
            : 'Online payment not completed; nothing was charged';
  return (
    <div className="mt-2 space-y-1" data-testid="payment-line" data-payment-status={payment.status}>
      <PaymentNote>
        {paidText}
        {payment.status === 'paid' && refunded > 0
          ? refunded >= payment.amount
            ? ' · Refunded'
            : ` · ${formatINR(refunded)} refunded`
          : ''}
        {payment.status === 'paid' && payment.refunds.some((r) => r.status === 'initiated') ? ' · Refund pending' : ''}
        {payment.receiptNumber && (
          <button
            type="button"
            className="ml-2 font-semibold text-plum-700 underline"
            data-testid="download-receipt"
            onClick={() =>
              downloadSigned(
                `/api/payments/${payment._id}/receipt.pdf`,
                pdfName(payment.receiptNumber!),
                'Could not download the receipt.',
              ).catch((e: Error) => toast.error(e.message))
            }
          >
            Receipt
          </button>
        )}
        {payment.status === 'created' && onResume && booking.status === 'pending' && (
          <button type="button" className="ml-2 font-semibold text-plum-700 underline" onClick={onResume} data-testid="resume-payment">
            Complete payment
          </button>
        )}
      </PaymentNote>
      {payment.refunds.map((r) => (
        <p
          key={r._id}
          className={cn(
            'rounded-lg px-3 py-1.5 text-xs',
            r.status === 'processed'
              ? 'bg-emerald-50 text-emerald-800'
              : r.status === 'failed'
                ? 'bg-red-50 text-red-700'
                : 'bg-amber-50 text-amber-800',
          )}
          data-testid="refund-state"
          data-state={r.status}
        >
          Refund {formatINR(r.amount)} to the UPI or card you paid with: <span className="font-semibold">{REFUND_STATE[r.status]}</span>
          {r.status === 'failed' ? ' (GlowBook support refunds it by hand)' : ''}
        </p>
      ))}
    </div>
  );
}

function PaymentNote({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg bg-plum-50 px-3 py-1.5 text-xs text-plum-800" data-testid="payment-note">
      {children}
    </p>
  );
}
