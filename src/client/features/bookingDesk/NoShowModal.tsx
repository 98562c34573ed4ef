import { bookingCommission, COMMISSION_RATE, NO_SHOW_GRACE_MINUTES } from '../../../shared/policy';
import type { BookingWire } from '../../../shared/schemas/bookings';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { longDate } from '../../lib/dates';
import { errorMessage, trpc } from '../../trpc';
import { formatINR } from '../booking/format';
import { customerName, DESK_QUERIES, type DeskMoveModalProps, money2 } from './desk';

/**
 * Marks a customer who did not come (not checked in, the grace period after the start passed): the
 * customer is told and may dispute it; a prepayment stays with the salon, with 10% commission on it.
 */
export function NoShowModal({ booking, actor, onClose, onDone }: DeskMoveModalProps) {
  const move = trpc.merchants.updateBookingStatus.useMutation({
    meta: {
      successToast: ({ booking: b }: { booking: BookingWire }) => `${customerName(b)} marked as a no-show.`,
      invalidates: DESK_QUERIES,
    },
    onSuccess: (answer) => onDone(answer.booking),
  });
  if (!booking) return null;
  const submit = () => move.mutate({ bookingId: booking._id, status: 'no_show', userId: actor.userId, merchantId: actor.merchantId });
  const error = move.error ? errorMessage(move.error, 'An error occurred while marking the no-show') : null;
  const kept = booking.amountPaid > 0 ? bookingCommission(booking.amountPaid) : null;
  return (
    <Modal
      open
      onClose={onClose}
      title="Mark as no-show"
      description={`${customerName(booking)} · ${longDate(booking.bookingDate)} ${booking.bookingTime}`}
      testId="no-show-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Back
          </Button>
          <Button variant="danger" onClick={submit} loading={move.isPending} data-testid="no-show-submit">
            Mark as no-show
          </Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-ink-700">
        <p>
          The customer was not checked in by {NO_SHOW_GRACE_MINUTES} minutes after the start. They are told by e-mail and in the app, and
          can dispute it with GlowBook support if they did come.
        </p>
        <p data-testid="no-show-money">
          {kept
            ? `They prepaid ${formatINR(booking.amountPaid)}: nothing is refunded, you keep ${money2(kept.merchantEarning)} after the ${COMMISSION_RATE * 100}% commission (${money2(kept.commission)}).`
            : 'Nothing was prepaid, so no money changes hands and no commission is due.'}
        </p>
        {error && (
          <p role="alert" className="font-medium text-red-600" data-testid="no-show-error">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
