import { useState } from 'react';
import { bookingCommission, COMMISSION_RATE } from '../../../shared/policy';
import { type BookingWire, deskCompleteForm } from '../../../shared/schemas/bookings';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Modal } from '../../components/ui/Modal';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';
import { DetailRow } from './DetailRow';
import { customerName, DESK_QUERIES, type DeskMoveModalProps, money2, serviceNames } from './desk';

/** Completion with the payment tick; shows the platform's 10% and what the salon keeps. */
export function CompleteBookingModal({ booking, actor, onClose, onDone }: DeskMoveModalProps) {
  const form = useZodForm(deskCompleteForm, { defaultValues: { paymentReceived: false } });
  const { errors } = form.formState;
  const [result, setResult] = useState<BookingWire | null>(null);
  const move = trpc.merchants.updateBookingStatus.useMutation({
    meta: { successToast: 'Booking completed.', invalidates: DESK_QUERIES },
    onSuccess: (answer) => {
      setResult(answer.booking);
      onDone(answer.booking);
    },
    onError: serverErrorsTo(form, 'An error occurred while completing the booking'),
  });
  if (!booking) return null;
  // The figures the server will record on the booking, so the preview matches the result.
  const split = bookingCommission(booking.totalPrice);
  const submit = form.handleSubmit(({ paymentReceived }) =>
    move.mutate({ bookingId: booking._id, status: 'completed', userId: actor.userId, merchantId: actor.merchantId, paymentReceived }),
  );

  if (result) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Booking Completed"
        size="sm"
        testId="complete-result-modal"
        footer={
          <Button onClick={onClose} data-testid="complete-done">
            Done
          </Button>
        }
      >
        <dl className="divide-y divide-blush-100" data-testid="complete-result">
          <DetailRow label="Amount">{money2(result.totalPrice)}</DetailRow>
          <DetailRow label={`Commission (${COMMISSION_RATE * 100}%)`}>
            <span data-testid="complete-commission">{money2(result.commission ?? split.commission)}</span>
          </DetailRow>
          <DetailRow label="Your earning">
            <span data-testid="complete-earning">{money2(result.merchantEarning ?? split.merchantEarning)}</span>
          </DetailRow>
        </dl>
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Complete Booking"
      description={`${customerName(booking)} · ${serviceNames(booking)}`}
      size="sm"
      testId="complete-booking-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="complete-booking-form" loading={move.isPending} data-testid="complete-booking-submit">
            Complete
          </Button>
        </>
      }
    >
      <dl className="mb-4 divide-y divide-blush-100">
        <DetailRow label="Amount">{money2(booking.totalPrice)}</DetailRow>
        <DetailRow label={`Commission (${COMMISSION_RATE * 100}%)`}>
          <span data-testid="complete-commission-preview">−{money2(split.commission)}</span>
        </DetailRow>
        <DetailRow label="Final amount">
          <span className="text-plum-800">{money2(split.merchantEarning)}</span>
        </DetailRow>
      </dl>
      <form id="complete-booking-form" noValidate onSubmit={submit}>
        <Checkbox
          label="I have received the payment"
          {...form.register('paymentReceived')}
          error={errors.paymentReceived?.message}
          data-testid="complete-paid"
        />
        {errors.root?.server && (
          <p role="alert" className="mt-3 text-sm font-medium text-red-600">
            {errors.root.server.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
