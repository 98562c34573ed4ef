import { useState } from 'react';
import { type BookingWire, deskCheckInForm } from '../../../shared/schemas/bookings';
import { StatusBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { longDate } from '../../lib/dates';
import { trpc } from '../../trpc';
import { customerName, DESK_QUERIES, type DeskActor, notToday, resolveBookingEntry, serviceNames } from './desk';

/**
 * Check-in: the booking ID (typed or from a scanned QR) and the arrival tick. Mounted while open and
 * keyed by the ID it starts from, so a scan that finds another booking starts the form again.
 */
export function ConfirmBookingModal({
  initialBookingId,
  booking,
  actor,
  onClose,
  onScan,
  onDone,
}: {
  initialBookingId: string;
  /** The booking a scan found, for a glance at whom is being checked in. */
  booking: BookingWire | null;
  actor: DeskActor;
  onClose: () => void;
  onScan: () => void;
  onDone: (b: BookingWire) => void;
}) {
  const client = trpc.useUtils().client;
  const form = useZodForm(deskCheckInForm, { defaultValues: { bookingId: initialBookingId, arrived: false } });
  const { errors } = form.formState;
  const failed = serverErrorsTo(form, 'An error occurred while confirming the booking');
  const move = trpc.merchants.updateBookingStatus.useMutation({
    meta: {
      successToast: ({ booking: b }: { booking: BookingWire }) => `Booking confirmed for ${customerName(b)}.`,
      invalidates: DESK_QUERIES,
    },
    onSuccess: (answer) => onDone(answer.booking),
    onError: failed,
  });
  // A booking a typed reference found on another day than today: shown with its note, checked in on a second Confirm.
  const [lookedUp, setLookedUp] = useState<BookingWire | null>(null);
  const [bookingId, arrived] = form.watch(['bookingId', 'arrived']);
  const shown = booking && booking._id === bookingId.trim() ? booking : lookedUp;

  const submit = form.handleSubmit(async (input) => {
    try {
      const found = await resolveBookingEntry(
        input.bookingId,
        async (prefix) =>
          (await client.merchants.merchantGetAllBookings.query({ merchantId: actor.merchantId, searchQuery: prefix })).bookings,
      );
      if ('error' in found) return form.setError('bookingId', { type: 'lookup', message: found.error });
      if (found.booking && notToday(found.booking) && lookedUp?._id !== found.id) return setLookedUp(found.booking);
      move.mutate({ bookingId: found.id, status: 'confirmed', userId: actor.userId, merchantId: actor.merchantId });
    } catch (err) {
      failed(err);
    }
  });

  return (
    <Modal
      open
      onClose={onClose}
      title="Confirm Booking"
      description="Check the customer in when they arrive."
      testId="confirm-booking-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="confirm-booking-form"
            disabled={!arrived}
            loading={move.isPending}
            data-testid="confirm-booking-submit"
          >
            Confirm
          </Button>
        </>
      }
    >
      <form id="confirm-booking-form" noValidate onSubmit={submit} className="space-y-4">
        {shown && (
          <div className="rounded-xl bg-plum-50 px-3 py-2 text-sm" data-testid="scanned-booking">
            <p className="font-semibold text-ink-900">{customerName(shown)}</p>
            <p className="text-ink-700">
              {serviceNames(shown)} · {longDate(shown.bookingDate)} {shown.bookingTime}
            </p>
            <p className="mt-1">
              <StatusBadge status={shown.status} />
            </p>
            {notToday(shown) && (
              <p className="mt-2 rounded-lg bg-amber-50 px-2 py-1.5 text-xs font-medium text-amber-800" data-testid="scanned-not-today">
                {notToday(shown)}
                {shown === lookedUp ? ' Press Confirm again to check them in.' : ''}
              </p>
            )}
          </div>
        )}
        <div className="flex items-end gap-2">
          <Input
            label="Booking ID"
            {...form.register('bookingId', { onChange: () => setLookedUp(null) })}
            error={errors.bookingId?.message}
            placeholder="Type or scan the booking ID"
            containerClassName="flex-1"
            data-testid="confirm-booking-id"
            autoComplete="off"
          />
          <Button variant="secondary" className={errors.bookingId ? 'mb-6 h-11' : 'h-11'} onClick={onScan} data-testid="confirm-scan">
            Scan
          </Button>
        </div>
        <Checkbox
          label="The customer has arrived"
          {...form.register('arrived')}
          error={errors.arrived?.message}
          data-testid="confirm-arrived"
        />
        {errors.root?.server && (
          <p role="alert" className="text-sm font-medium text-red-600" data-testid="confirm-error">
            {errors.root.server.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
