import { deskCancelForm } from '../../../shared/schemas/bookings';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { longDate } from '../../lib/dates';
import { trpc } from '../../trpc';
import { customerName, DESK_QUERIES, type DeskMoveModalProps } from './desk';

/** Cancels a booking at the desk, with the reason the customer is told; the owner keys it by the booking. */
export function CancelDeskBookingModal({ booking, actor, onClose, onDone }: DeskMoveModalProps) {
  const form = useZodForm(deskCancelForm, { defaultValues: { cancellationReason: '' } });
  const { errors } = form.formState;
  const move = trpc.merchants.updateBookingStatus.useMutation({
    meta: { successToast: 'Booking cancelled.', invalidates: DESK_QUERIES },
    onSuccess: (answer) => onDone(answer.booking),
    onError: serverErrorsTo(form, 'An error occurred while cancelling the booking'),
  });
  if (!booking) return null;
  const submit = form.handleSubmit(({ cancellationReason }) =>
    move.mutate({ bookingId: booking._id, status: 'cancelled', userId: actor.userId, merchantId: actor.merchantId, cancellationReason }),
  );

  return (
    <Modal
      open
      onClose={onClose}
      title="Cancel Booking"
      description={`${customerName(booking)} · ${longDate(booking.bookingDate)} ${booking.bookingTime}`}
      testId="cancel-booking-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep Booking
          </Button>
          <Button type="submit" form="cancel-booking-form" variant="danger" loading={move.isPending} data-testid="cancel-booking-submit">
            Cancel Booking
          </Button>
        </>
      }
    >
      <form id="cancel-booking-form" noValidate onSubmit={submit}>
        <Textarea
          label="Reason for cancellation"
          {...form.register('cancellationReason')}
          error={errors.cancellationReason?.message ?? errors.root?.server?.message}
          maxLength={500}
          placeholder="Tell the customer why"
          data-testid="cancel-reason"
        />
        <p className="mt-2 text-xs text-ink-500">The customer is notified and gets a full refund.</p>
      </form>
    </Modal>
  );
}
