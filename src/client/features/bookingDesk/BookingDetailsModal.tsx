import { Link } from 'wouter';
import { bookingReference } from '../../../shared/bookingReference';
import { COMMISSION_RATE } from '../../../shared/policy';
import type { BookingWire } from '../../../shared/schemas/bookings';
import { Avatar } from '../../components/ui/Avatar';
import { StatusBadge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { longDate } from '../../lib/dates';
import { formatINR } from '../booking/format';
import { BookingClientFlags } from '../clients/flags';
import { DetailRow } from './DetailRow';
import { customerName, deskMoves, money2, paymentText } from './desk';

export function BookingDetailsModal({
  booking,
  onClose,
  onConfirm,
  onCancel,
  onComplete,
  onNoShow,
}: {
  booking: BookingWire | null;
  onClose: () => void;
  onConfirm: (b: BookingWire) => void;
  onCancel: (b: BookingWire) => void;
  onComplete: (b: BookingWire) => void;
  onNoShow: (b: BookingWire) => void;
}) {
  if (!booking) return null;
  const b = booking;
  const moves = deskMoves(b);
  return (
    <Modal
      open
      onClose={onClose}
      title="Booking Details"
      size="lg"
      testId="booking-details-modal"
      footer={
        <>
          {moves.confirm && <Button onClick={() => onConfirm(b)}>Confirm</Button>}
          {moves.complete && (
            <Link href={`/merchant/checkout?booking=${b._id}`} className={buttonClasses('primary', 'md')} data-testid="details-checkout">
              Checkout
            </Link>
          )}
          {moves.complete && (
            <Button variant="outline" onClick={() => onComplete(b)}>
              Complete
            </Button>
          )}
          {moves.noShow && (
            <Button variant="outline" onClick={() => onNoShow(b)}>
              No-show
            </Button>
          )}
          {moves.cancel && (
            <Button variant="outline" className="text-red-700" onClick={() => onCancel(b)}>
              Cancel Booking
            </Button>
          )}
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="mb-4 flex items-center gap-3">
        <Avatar src={b.userDetails.profileImage} name={customerName(b)} size="lg" />
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">{customerName(b)}</p>
          <p className="truncate text-sm text-ink-500">{b.userDetails.email}</p>
          {b.userDetails.phone && <p className="text-sm text-ink-500">{b.userDetails.phone}</p>}
        </div>
        <StatusBadge status={b.status} className="ml-auto" />
      </div>
      <BookingClientFlags bookingId={b._id} className="mb-4" />
      <dl className="divide-y divide-blush-100">
        <DetailRow label="Booking ID">
          {/* The reference the customer's booking shows, then the full id (what a QR holds). */}
          <span className="block font-mono font-semibold" data-testid="details-reference">
            {bookingReference(b._id)}
          </span>
          <span className="font-mono text-xs break-all text-ink-500">{b._id}</span>
        </DetailRow>
        <DetailRow label="Date & Time">
          {longDate(b.bookingDate)} · {b.bookingTime}
        </DetailRow>
        <DetailRow label="Professional">{b.professional.name}</DetailRow>
        <DetailRow label="Services">
          <ul>
            {b.services.map((s, i) => (
              <li key={`${s._id}-${i}`}>
                {s.serviceName} · {formatINR(s.price)}
              </li>
            ))}
          </ul>
        </DetailRow>
        <DetailRow label="Duration">{b.totalDuration} mins</DetailRow>
        {b.discount > 0 && <DetailRow label={`Coupon ${b.couponCode ?? ''}`}>−{formatINR(b.discount)}</DetailRow>}
        <DetailRow label="Total">{formatINR(b.totalPrice)}</DetailRow>
        <DetailRow label="Checked in">{b.scanned ? 'Yes' : 'No'}</DetailRow>
        <DetailRow label="Payment">{paymentText(b)}</DetailRow>
        {moves.completeFrom && <DetailRow label="Complete">from {moves.completeFrom}, once the appointment has started</DetailRow>}
        {moves.noShowFrom && <DetailRow label="No-show">can be marked from {moves.noShowFrom}</DetailRow>}
        {b.status === 'no_show' && (
          <DetailRow label="No-show">
            {b.noShowAt ? `Marked ${longDate(b.noShowAt)}` : 'Marked'}
            {b.noShowDispute ? ` · disputed by the customer (${b.noShowDispute === 'closed' ? 'closed' : 'with GlowBook support'})` : ''}
          </DetailRow>
        )}
        {(b.status === 'completed' || b.status === 'no_show') && b.commission !== null && (
          <>
            <DetailRow label={`Commission (${COMMISSION_RATE * 100}%)`}>{money2(b.commission)}</DetailRow>
            <DetailRow label="Your earning">{money2(b.merchantEarning ?? 0)}</DetailRow>
          </>
        )}
        {b.status === 'cancelled' && (
          <DetailRow label="Cancellation">
            {b.cancellationReason ?? '—'}
            {b.cancelledBy ? ` (by ${b.cancelledBy})` : ''}
          </DetailRow>
        )}
        <DetailRow label="Booked on">{longDate(b.createdAt)}</DetailRow>
      </dl>
    </Modal>
  );
}
