import { useState } from 'react';
import { bookingCommission, COMMISSION_RATE } from '../../../shared/policy';
import { deskCancelForm, deskCompleteForm } from '../../../shared/schemas/bookings';
import type { CalendarAnswer, CalendarBooking } from '../../../shared/schemas/calendar';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { longDate } from '../../lib/dates';
import { errorMessage, trpc } from '../../trpc';
import { formatINR, salonClock } from '../booking/format';
import { BookingClientFlags } from '../clients/flags';
import { CALENDAR_QUERIES } from './calendarQueries';
import { ACTION_LABEL, clockLabel, type DeskAction, deskActions, isMovable, statusStyle } from './layout';
import { type CalendarDays, MoveBookingForm, type MoveOptions, type MoveRequest } from './MoveBookingForm';

/**
 * A booking on the calendar: who, what, when; the desk's actions on it (check in, complete with
 * the payment received, cancel with a reason, no-show), through the same procedure as the List
 * view; and the keyboard's way to move it (another professional, date and time), the same move a
 * drag makes.
 */
export function BookingCardModal({
  booking,
  merchantId,
  timeZone,
  professionals,
  days,
  onClose,
  onMove,
  onStatusChanged,
  moving,
}: {
  booking: CalendarBooking | null;
  merchantId: string;
  timeZone: string;
  professionals: CalendarAnswer['professionals'];
  /** The shown days' bookings and blocks (the Move form marks the times they hold); none: only the professionals' hours. */
  days?: Pick<CalendarAnswer, 'dates' | 'bookings' | 'blocks'>;
  onClose: () => void;
  onMove: (m: MoveRequest, opts?: MoveOptions) => Promise<boolean>;
  /** The status changed (the toast says how): the card closes. */
  onStatusChanged: () => void;
  moving: boolean;
}) {
  if (!booking) return null;
  return (
    <BookingCard
      key={booking._id}
      booking={booking}
      merchantId={merchantId}
      timeZone={timeZone}
      days={{
        dates: days?.dates ?? [...new Set(professionals.flatMap((p) => p.hours.map((h) => h.date)))],
        professionals,
        bookings: days?.bookings ?? [],
        blocks: days?.blocks ?? [],
      }}
      onClose={onClose}
      onMove={onMove}
      onStatusChanged={onStatusChanged}
      moving={moving}
    />
  );
}

function BookingCard({
  booking,
  merchantId,
  timeZone,
  days,
  onClose,
  onMove,
  onStatusChanged,
  moving,
}: {
  booking: CalendarBooking;
  merchantId: string;
  timeZone: string;
  days: CalendarDays;
  onClose: () => void;
  onMove: (m: MoveRequest, opts?: MoveOptions) => Promise<boolean>;
  /** The status changed (the toast says how): the card closes. */
  onStatusChanged: () => void;
  moving: boolean;
}) {
  // The action being confirmed: completing asks for the payment, cancelling for a reason.
  const [step, setStep] = useState<'completed' | 'cancelled' | null>(null);
  const cancelForm = useZodForm(deskCancelForm, { defaultValues: { cancellationReason: '' } });
  const completeForm = useZodForm(deskCompleteForm, { defaultValues: { paymentReceived: false } });
  /** Why a check-in or no-show (an action with nothing to fill in) failed. */
  const [actionError, setActionError] = useState<string | null>(null);
  const movable = isMovable(booking);
  const actions = deskActions(booking.status);
  const pro = days.professionals.find((p) => p._id === booking.staffId);
  const today = salonClock(timeZone).date;
  const split = bookingCommission(booking.totalPrice);
  const who = booking.customerName;
  const setStatus = trpc.merchants.updateBookingStatus.useMutation({
    meta: {
      successToast: (_answer, { status }: { status: string }) =>
        status === 'confirmed'
          ? `${who} is checked in.`
          : status === 'completed'
            ? `${who}’s booking is completed: ${formatINR(split.merchantEarning)} is yours after the ${formatINR(split.commission)} commission.`
            : status === 'cancelled'
              ? `${who}’s booking is cancelled; they are told and refunded.`
              : `${who} is marked as a no-show.`,
      invalidates: CALENDAR_QUERIES,
    },
    onSuccess: onStatusChanged,
  });
  const FAILED = 'The booking could not be changed. Please try again.';
  const scope = { merchantId, bookingId: booking._id };

  const cancel = cancelForm.handleSubmit(({ cancellationReason }) =>
    setStatus.mutate({ ...scope, status: 'cancelled', cancellationReason }, { onError: serverErrorsTo(cancelForm, FAILED) }),
  );
  const complete = completeForm.handleSubmit(() =>
    setStatus.mutate({ ...scope, status: 'completed', paymentReceived: true }, { onError: serverErrorsTo(completeForm, FAILED) }),
  );

  const start = (to: DeskAction) => {
    setActionError(null);
    if (to === 'completed' || to === 'cancelled') return setStep(to);
    setStatus.mutate({ ...scope, status: to }, { onError: (err) => setActionError(errorMessage(err, FAILED)) });
  };

  const stepForm = step === 'cancelled' ? cancelForm : step === 'completed' ? completeForm : null;
  const error = stepForm ? stepForm.formState.errors.root?.server?.message : actionError;

  return (
    <Modal
      open
      onClose={onClose}
      title={booking.customerName}
      description={`#${booking.reference} · ${statusStyle(booking.status).label}`}
      testId="calendar-booking-modal"
      footer={
        step ? (
          <>
            <Button variant="outline" onClick={() => setStep(null)} data-testid="card-action-back">
              {step === 'cancelled' ? 'Keep booking' : 'Back'}
            </Button>
            <Button
              type="submit"
              form={`card-${step}-form`}
              variant={step === 'cancelled' ? 'danger' : 'primary'}
              loading={setStatus.isPending}
              data-testid="card-action-submit"
            >
              {step === 'cancelled' ? 'Cancel booking' : 'Complete'}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {movable && (
              <Button type="submit" form="card-move-form" loading={moving} data-testid="move-submit">
                Move booking
              </Button>
            )}
          </>
        )
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-500">When</dt>
        <dd className="text-ink-900">
          {longDate(booking.bookingDate)}, {clockLabel(booking.start)} – {clockLabel(booking.end)}
        </dd>
        <dt className="text-ink-500">With</dt>
        <dd className="text-ink-900">{pro?.name ?? '—'}</dd>
        <dt className="text-ink-500">Services</dt>
        <dd className="text-ink-900">{booking.services.map((s) => s.serviceName).join(', ')}</dd>
        <dt className="text-ink-500">Price</dt>
        <dd className="text-ink-900">{formatINR(booking.totalPrice)}</dd>
        {booking.customerPhone && (
          <>
            <dt className="text-ink-500">Phone</dt>
            <dd className="text-ink-900">{booking.customerPhone}</dd>
          </>
        )}
      </dl>
      <BookingClientFlags bookingId={booking._id} className="mt-3" />

      {step === 'cancelled' ? (
        <form
          id="card-cancelled-form"
          noValidate
          onSubmit={cancel}
          className="mt-5 border-t border-blush-100 pt-4"
          data-testid="card-cancel"
        >
          <Textarea
            label="Reason for cancellation"
            {...cancelForm.register('cancellationReason')}
            error={cancelForm.formState.errors.cancellationReason?.message}
            maxLength={500}
            placeholder="Tell the customer why"
            data-testid="card-cancel-reason"
          />
          <p className="mt-2 text-xs text-ink-500">The customer is notified and gets a full refund.</p>
        </form>
      ) : step === 'completed' ? (
        <form
          id="card-completed-form"
          noValidate
          onSubmit={complete}
          className="mt-5 border-t border-blush-100 pt-4"
          data-testid="card-complete"
        >
          <dl className="mb-3 grid grid-cols-[1fr_auto] gap-y-1 text-sm">
            <dt className="text-ink-500">Amount</dt>
            <dd className="text-right text-ink-900">{formatINR(booking.totalPrice, { paise: true })}</dd>
            <dt className="text-ink-500">Commission ({COMMISSION_RATE * 100}%)</dt>
            <dd className="text-right text-ink-900">−{formatINR(split.commission, { paise: true })}</dd>
            <dt className="font-medium text-ink-700">Your earning</dt>
            <dd className="text-right font-semibold text-plum-800">{formatINR(split.merchantEarning, { paise: true })}</dd>
          </dl>
          <Checkbox
            label="I have received the payment"
            {...completeForm.register('paymentReceived')}
            error={completeForm.formState.errors.paymentReceived?.message}
            data-testid="card-complete-paid"
          />
        </form>
      ) : (
        actions.length > 0 && (
          <div className="mt-5 border-t border-blush-100 pt-4">
            {actions.includes('confirmed') && booking.bookingDate !== today && (
              <p className="mb-2 rounded-lg bg-amber-50 px-2 py-1.5 text-xs font-medium text-amber-800" data-testid="card-not-today">
                This appointment is on {longDate(booking.bookingDate)}, not today: check the customer in only if they are here for it now.
              </p>
            )}
            <div role="group" aria-label="Desk actions" className="flex flex-wrap gap-2">
              {actions.map((a) => (
                <Button
                  key={a}
                  size="sm"
                  variant={a === 'cancelled' || a === 'no_show' ? 'outline' : 'secondary'}
                  className={a === 'cancelled' || a === 'no_show' ? 'text-red-700' : undefined}
                  onClick={() => start(a)}
                  loading={setStatus.isPending && setStatus.variables?.status === a}
                  data-testid={`card-action-${a}`}
                >
                  {ACTION_LABEL[a]}
                </Button>
              ))}
            </div>
          </div>
        )
      )}
      <FormError message={error} className="mt-3" testId="card-action-error" />

      {!step &&
        (movable ? (
          <MoveBookingForm booking={booking} merchantId={merchantId} timeZone={timeZone} days={days} onMove={onMove} onMoved={onClose} />
        ) : (
          <p className="mt-4 text-sm text-ink-500">A {statusStyle(booking.status).label.toLowerCase()} booking cannot be moved.</p>
        ))}
    </Modal>
  );
}
