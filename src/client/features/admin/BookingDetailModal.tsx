import type { ReactNode } from 'react';
import { bookingReference } from '../../../shared/bookingReference';
import { Badge, StatusBadge } from '../../components/ui/Badge';
import { Modal } from '../../components/ui/Modal';
import { SkeletonText } from '../../components/ui/Skeleton';
import { errorMessage, trpc } from '../../trpc';
import { formatBookingWhen, formatDateTime, formatINR, fullName } from './format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-3 py-1.5 text-sm">
      <dt className="text-ink-500">{label}</dt>
      <dd className="min-w-0 break-words text-ink-900">{children}</dd>
    </div>
  );
}

/** Everything about one booking, for an admin answering a complaint or checking a payout. */
export function BookingDetailModal({ bookingId, onClose }: { bookingId: string | null; onClose: () => void }) {
  const detail = trpc.admin.getBooking.useQuery({ id: bookingId ?? '' }, { enabled: Boolean(bookingId) });
  const b = detail.data?.booking;

  return (
    <Modal open={Boolean(bookingId)} onClose={onClose} title="Booking details" size="lg" testId="booking-detail">
      {detail.isLoading ? (
        <SkeletonText lines={8} />
      ) : detail.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(detail.error, 'Could not load this booking.')}
        </p>
      ) : b ? (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={b.status} />
            {b.scanned && <Badge tone="success">Checked in {b.scannedAt ? formatDateTime(b.scannedAt, b.timeZone) : ''}</Badge>}
            {b.paymentReceived && <Badge tone="success">Paid</Badge>}
            <span className="text-xs text-ink-400">{bookingReference(b._id)}</span>
          </div>
          <dl className="divide-y divide-blush-100">
            <Row label="Salon">
              {b.salonName}
              <span className="block text-xs text-ink-500">{b.address}</span>
            </Row>
            <Row label="When">
              {formatBookingWhen(b.bookingDate, b.bookingTime)} ({b.totalDuration} min)
            </Row>
            <Row label="Customer">
              {fullName(b.userDetails.firstName, b.userDetails.lastName)}
              <span className="block text-xs text-ink-500">
                {b.userDetails.email}
                {b.userDetails.phone ? ` · ${b.userDetails.phone}` : ''}
              </span>
            </Row>
            <Row label="Professional">
              {b.professional.name} <span className="text-ink-500">({b.professional.role})</span>
            </Row>
            <Row label="Booked on">{formatDateTime(b.createdAt, b.timeZone)}</Row>
            {b.completedAt && <Row label="Completed">{formatDateTime(b.completedAt, b.timeZone)}</Row>}
            {b.status === 'cancelled' && (
              <Row label="Cancelled">
                {b.cancelledAt ? formatDateTime(b.cancelledAt, b.timeZone) : '—'} by {b.cancelledBy ?? 'unknown'}
                {b.cancellationReason && <span className="block text-xs text-ink-500">“{b.cancellationReason}”</span>}
                {b.refundAmount !== null && (
                  <span className="block text-xs text-ink-500">
                    Refund {formatINR(b.refundAmount)} ({b.refundPercent ?? 0}%)
                  </span>
                )}
              </Row>
            )}
          </dl>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-ink-900">Services</h3>
            <ul className="divide-y divide-blush-100 rounded-xl border border-blush-200">
              {b.services.map((s, i) => (
                <li key={`${s.serviceName}-${i}`} className="flex justify-between gap-3 px-3 py-2 text-sm">
                  <span>
                    {s.serviceName} <span className="text-ink-400">· {s.duration} min</span>
                  </span>
                  <span className="font-medium">{formatINR(s.price)}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-3 space-y-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-ink-500">Subtotal</dt>
                <dd>{formatINR(b.subtotal)}</dd>
              </div>
              {b.discount > 0 && (
                <div className="flex justify-between">
                  <dt className="text-ink-500">Discount{b.couponCode ? ` (${b.couponCode})` : ''}</dt>
                  <dd>−{formatINR(b.discount)}</dd>
                </div>
              )}
              <div className="flex justify-between font-semibold">
                <dt>Total</dt>
                <dd>{formatINR(b.totalPrice)}</dd>
              </div>
              {b.commission !== null && (
                <div className="flex justify-between text-ink-500">
                  <dt>Platform commission / salon earning</dt>
                  <dd>
                    {formatINR(b.commission)} / {formatINR(b.merchantEarning ?? 0)}
                  </dd>
                </div>
              )}
            </dl>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
