import { useState } from 'react';
import { HOURS_CHANGE_REASON, type HoursClash, type HoursDecision } from '../../../shared/schemas/shop';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { longDate } from '../../lib/dates';

/** "November 28, 2026 · 12:00 PM, Tanvi Deshpande, Men's Haircut": the salon-local day, the time as booked. */
export function clashLine(c: HoursClash): string {
  return [`${longDate(c.bookingDate)} · ${c.bookingTime}`, c.customerName, c.services.join(', ')].filter(Boolean).join(', ');
}

const REASON: Record<HoursClash['reason'], string> = {
  salonClosed: 'Closed that day',
  outsideHours: 'Outside the new hours',
  dayOff: 'Day off',
};

export interface HoursClashesDialogProps {
  open: boolean;
  clashes: HoursClash[];
  /** A decision is being saved: the buttons wait. */
  busy: HoursDecision | null;
  /** The list changed since the salon last looked (a booking was made meanwhile). */
  changed: boolean;
  error: string | null;
  onDecide: (decision: HoursDecision, reason: string) => void;
  onClose: () => void;
}

/**
 * The salon's new opening hours leave upcoming bookings uncovered (the server's 409 lists them):
 * each is shown (date, time, customer, services) with the choice the server offers: cancel them
 * and tell the customers (a full refund of anything prepaid), or keep them. Closing saves nothing.
 */
export function HoursClashesDialog({ open, clashes, busy, changed, error, onDecide, onClose }: HoursClashesDialogProps) {
  const [reason, setReason] = useState('');
  const n = clashes.length;
  return (
    <Modal
      open={open}
      onClose={busy ? () => undefined : onClose}
      title={n === 1 ? '1 booking is outside the new hours' : `${n} bookings are outside the new hours`}
      description="Nothing is saved yet. Cancel these bookings and tell the customers (anything prepaid is refunded in full), or keep them as they are."
      size="lg"
      testId="hours-clashes-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={!!busy} data-testid="hours-clashes-back">
            Back to editing
          </Button>
          <Button
            variant="secondary"
            onClick={() => onDecide('keep', reason)}
            loading={busy === 'keep'}
            loadingText="Saving..."
            disabled={!!busy}
            data-testid="hours-keep"
          >
            Keep bookings
          </Button>
          <Button
            variant="danger"
            onClick={() => onDecide('cancel', reason)}
            loading={busy === 'cancel'}
            loadingText="Cancelling..."
            disabled={!!busy}
            data-testid="hours-cancel-bookings"
          >
            Notify and cancel (full refund)
          </Button>
        </>
      }
    >
      {changed && (
        <p
          role="status"
          className="mb-3 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="hours-clashes-changed"
        >
          Another booking was made in these hours meanwhile; it is now in the list. Check it and choose again.
        </p>
      )}
      {error && (
        <p role="alert" className="mb-3 rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <ul className="divide-y divide-blush-100 rounded-xl border border-blush-200" data-testid="hours-clashes">
        {clashes.map((c) => (
          <li
            key={c.bookingId}
            className="flex flex-col gap-0.5 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            data-testid="hours-clash"
          >
            <div className="min-w-0">
              <p className="text-sm font-semibold text-ink-900">
                {longDate(c.bookingDate)} · {c.bookingTime}
              </p>
              <p className="text-sm text-ink-700">
                {c.customerName || 'Customer'}
                {c.services.length > 0 && <span className="text-ink-500"> · {c.services.join(', ')}</span>}
              </p>
            </div>
            <span className="w-fit shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
              {REASON[c.reason]}
            </span>
          </li>
        ))}
      </ul>
      <Input
        id="hours-cancel-reason"
        label="Reason the customers are given if you cancel"
        containerClassName="mt-4"
        placeholder={HOURS_CHANGE_REASON}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        hint={`Left blank: "${HOURS_CHANGE_REASON}".`}
      />
    </Modal>
  );
}
