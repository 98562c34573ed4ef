import type { ReactNode } from 'react';
import { Avatar } from '../../components/ui/Avatar';
import { Card } from '../../components/ui/Card';
import { weekdayDate } from '../../lib/dates';
import type { BookingDraft } from './draft';
import { formatDuration, formatINR } from './format';

/** The draft at a glance: salon, services, professional, date and time, totals. */
export function BookingSummary({
  draft,
  title,
  discount,
  children,
}: {
  draft: BookingDraft;
  title: string;
  /** A coupon's discount, taken off the total. */
  discount?: { code: string; amount: number } | null;
  children?: ReactNode;
}) {
  const total = Math.max(0, draft.totalAmount - (discount?.amount ?? 0));
  return (
    <Card data-testid="booking-summary">
      <h2 className="mb-4 text-base font-semibold text-ink-900">{title}</h2>
      {draft.salonName && (
        <div className="mb-4 flex items-center gap-3">
          {draft.salonImage ? (
            <img src={draft.salonImage} alt="" width={48} height={48} className="size-12 rounded-xl object-cover" />
          ) : null}
          <p className="font-semibold text-ink-900">{draft.salonName}</p>
        </div>
      )}
      {draft.selectedServices.length === 0 ? (
        <p className="mb-4 text-sm text-ink-500">No services chosen yet.</p>
      ) : (
        <ul className="mb-4 divide-y divide-blush-100 text-sm" aria-label="Chosen services">
          {draft.selectedServices.map((s) => (
            <li key={s._id} className="flex justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block text-ink-900">{s.serviceName}</span>
                <span className="text-xs text-ink-500">{formatDuration(s.duration)}</span>
              </span>
              <span className="shrink-0 font-medium text-ink-900">{formatINR(s.price)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="space-y-2 border-t border-blush-100 pt-3 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-ink-500">Professional</dt>
          <dd className="flex items-center gap-2 text-right font-medium text-ink-900">
            {draft.selectedProfessional?._id && (
              <Avatar src={draft.selectedProfessional.image} name={draft.selectedProfessional.name} size="xs" />
            )}
            {draft.selectedProfessional?.name ?? 'Any professional'}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-ink-500">Date</dt>
          <dd className="text-right font-medium text-ink-900" data-testid="summary-date">
            {draft.selectedDate ? weekdayDate(draft.selectedDate) : '—'}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-ink-500">Time</dt>
          <dd className="font-medium text-ink-900" data-testid="summary-time">
            {draft.selectedTime ?? '—'}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-ink-500">Duration</dt>
          <dd className="font-medium text-ink-900">{draft.totalDuration ? formatDuration(draft.totalDuration) : '—'}</dd>
        </div>
        {discount && discount.amount > 0 && (
          <>
            <div className="flex justify-between gap-3">
              <dt className="text-ink-500">Subtotal</dt>
              <dd className="font-medium text-ink-900">{formatINR(draft.totalAmount)}</dd>
            </div>
            <div className="flex justify-between gap-3 text-emerald-700">
              <dt>Coupon {discount.code}</dt>
              <dd className="font-medium">−{formatINR(discount.amount)}</dd>
            </div>
          </>
        )}
        <div className="flex justify-between gap-3 border-t border-blush-100 pt-2 text-base">
          <dt className="font-semibold text-ink-900">Total</dt>
          <dd className="font-bold text-plum-800" data-testid="summary-total">
            {formatINR(total)}
          </dd>
        </div>
      </dl>
      {children && <div className="mt-5">{children}</div>}
    </Card>
  );
}
