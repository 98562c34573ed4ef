import { HOURS_CHANGE_REASON, type HoursClash, type HoursDecision, hoursClashReasonForm } from '../../../shared/schemas/shop';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
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
  clashes: HoursClash[];
  /** A decision is being saved: the buttons wait. */
  busy: HoursDecision | null;
  /** The list changed since the salon last looked (a booking was made meanwhile). */
  changed: boolean;
  /**
   * Saves the hours with the decision and, to cancel, the reason (undefined: the standard one).
   * The caller hands a failure to `failed` (a mutation's `onError`): a refusal naming the reason
   * shows under it, any other as the dialog's error.
   */
  onDecide: (decision: HoursDecision, reason: string | undefined, failed: (error: unknown) => void) => void;
  onClose: () => void;
}

/**
 * The salon's new opening hours leave upcoming bookings uncovered (the server's 409 lists them):
 * each is shown (date, time, customer, services) with the choice the server offers: cancel them
 * and tell the customers (a full refund of anything prepaid), or keep them. Closing saves nothing.
 * The owner mounts it while it asks, so each time starts with an empty reason.
 */
export function HoursClashesDialog({ clashes, busy, changed, onDecide, onClose }: HoursClashesDialogProps) {
  const form = useZodForm(hoursClashReasonForm, { defaultValues: { cancellationReason: '' } });
  const { errors } = form.formState;
  const failed = serverErrorsTo(form, 'Failed to update business hours. Please try again.');
  // Keeping sends no reason, so whatever is in the box does not hold it up.
  const keep = () => {
    form.clearErrors();
    onDecide('keep', undefined, failed);
  };
  const cancel = form.handleSubmit(({ cancellationReason }) => onDecide('cancel', cancellationReason, failed));
  const n = clashes.length;
  return (
    <Modal
      open
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
            onClick={keep}
            loading={busy === 'keep'}
            loadingText="Saving..."
            disabled={!!busy}
            data-testid="hours-keep"
          >
            Keep bookings
          </Button>
          <Button
            type="submit"
            form="hours-clashes-form"
            variant="danger"
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
      <FormError message={errors.root?.server?.message} className="mb-3" testId="hours-clashes-error" />
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
      <form id="hours-clashes-form" noValidate onSubmit={cancel}>
        <Input
          id="hours-cancel-reason"
          label="Reason the customers are given if you cancel"
          containerClassName="mt-4"
          placeholder={HOURS_CHANGE_REASON}
          maxLength={500}
          {...form.register('cancellationReason')}
          error={errors.cancellationReason?.message}
          hint={`Left blank: "${HOURS_CHANGE_REASON}".`}
        />
      </form>
    </Modal>
  );
}
