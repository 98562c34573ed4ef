import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { BookingWire } from '../../../shared/schemas/bookings';
import { bookingCommission, COMMISSION_RATE, isActiveBookingStatus, merchantMoveRefusal, NO_SHOW_GRACE_MINUTES, noShowAllowedFrom } from '../../../shared/policy';
import { Avatar } from '../../components/ui/Avatar';
import { StatusBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { errorMessage, useTRPC, useTRPCClient } from '../../trpc';
import { formatINR, salonToday } from '../booking/format';
import { longDate, weekdayDate } from '../../lib/dates';

export const customerName = (b: BookingWire) => `${b.userDetails.firstName} ${b.userDetails.lastName}`.trim() || b.userDetails.email;
export const serviceNames = (b: BookingWire) => b.services.map((s) => s.serviceName).join(', ');
const money2 = (n: number) => formatINR(n, { paise: true });

interface DeskActor {
  merchantId: string;
  userId: string | undefined;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-ink-500">{label}</dt>
      <dd className="text-right font-medium text-ink-900">{children}</dd>
    </div>
  );
}

/**
 * Where the booking's money stands for the salon: prepaid from the customer's wallet (and, once
 * cancelled, how much went back and how much the salon keeps), or paid or due at the salon.
 */
export function paymentText(b: Pick<BookingWire, 'status' | 'amountPaid' | 'refundAmount' | 'refundPercent' | 'paymentReceived'>): string {
  if (b.amountPaid > 0) {
    const paid = formatINR(b.amountPaid);
    if (b.status === 'no_show') return `Prepaid ${paid}, kept by the salon: the customer did not come`;
    if (b.status !== 'cancelled') return `Prepaid ${paid} from the customer’s wallet`;
    const refunded = b.refundAmount ?? 0;
    if (refunded >= b.amountPaid) return `Prepaid ${paid}, refunded in full to the customer’s wallet`;
    if (refunded > 0) return `Prepaid ${paid}: ${formatINR(refunded)} (${b.refundPercent ?? 0}%) refunded, ${formatINR(b.amountPaid - refunded)} kept for the late cancellation`;
    return `Prepaid ${paid}, kept: cancelled less than an hour before`;
  }
  if (b.status === 'cancelled' || b.status === 'no_show') return 'Nothing was paid';
  return b.paymentReceived ? 'Received at the salon' : 'To be paid at the salon';
}

const timeOfDay = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(d);

/**
 * The desk's moves for a booking now, by the server's own rule (shared/policy merchantMoveRefusal),
 * and, for a move that only the clock stops, when it opens: Complete waits for the start, No-show
 * for the grace period after it; a checked-in booking that has started is no longer cancellable.
 */
export function deskMoves(b: Pick<BookingWire, 'status' | 'startsAt' | 'timeZone'>, now: Date = new Date()) {
  const start = new Date(b.startsAt);
  const can = (to: 'confirmed' | 'completed' | 'cancelled' | 'no_show') => merchantMoveRefusal(b.status, to, start, now) === null;
  return {
    confirm: can('confirmed'),
    complete: can('completed'),
    completeFrom: b.status === 'confirmed' && !can('completed') ? timeOfDay(start, b.timeZone) : null,
    cancel: can('cancelled'),
    noShow: can('no_show'),
    noShowFrom: b.status === 'upcoming' && now.getTime() >= start.getTime() && !can('no_show') ? timeOfDay(noShowAllowedFrom(start), b.timeZone) : null,
  };
}

/** A check-in on another day than the appointment's (salon time) deserves a second look: the text saying so, else null. */
export function notToday(b: Pick<BookingWire, 'bookingDate' | 'timeZone'>, now: Date = new Date()): string | null {
  const today = salonToday(b.timeZone, now);
  if (b.bookingDate === today) return null;
  return b.bookingDate > today
    ? `This appointment is on ${weekdayDate(b.bookingDate)}, not today: check the customer in only if they are here for it now.`
    : `This appointment was on ${weekdayDate(b.bookingDate)}.`;
}

const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The short reference customers see on their booking (#44947DD4): the id's first characters. */
const SHORT_REF = /^#?([0-9a-f]{6,8})$/i;

/**
 * The booking a desk entry names: a full id as it is, or a customer's short reference looked up among
 * the salon's bookings (its live ones first); otherwise a message for the Booking ID field.
 */
export async function resolveBookingEntry(
  entry: string,
  find: (prefix: string) => Promise<BookingWire[]>,
): Promise<{ id: string; booking?: BookingWire } | { error: string }> {
  const text = entry.trim();
  if (FULL_ID.test(text)) return { id: text };
  const ref = SHORT_REF.exec(text)?.[1].toLowerCase();
  if (!ref) return { error: 'Enter the booking ID, or the reference on the customer’s booking (like #44947DD4)' };
  const matches = (await find(ref)).filter((b) => b._id.toLowerCase().startsWith(ref));
  const live = matches.filter((b) => isActiveBookingStatus(b.status));
  const pick = live.length ? live : matches;
  if (pick.length === 1) return { id: pick[0]._id, booking: pick[0] };
  if (!pick.length) return { error: `No booking of this salon has the reference #${ref.toUpperCase()}` };
  return { error: `Several bookings start with #${ref.toUpperCase()}: enter the full booking ID` };
}

function useStatusMove() {
  const trpc = useTRPC();
  return useMutation(trpc.merchants.updateBookingStatus.mutationOptions());
}

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
          {moves.complete && <Button onClick={() => onComplete(b)}>Complete</Button>}
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
      <dl className="divide-y divide-blush-100">
        <Row label="Booking ID">
          <span className="font-mono text-xs break-all">{b._id}</span>
        </Row>
        <Row label="Date & Time">
          {longDate(b.bookingDate)} · {b.bookingTime}
        </Row>
        <Row label="Professional">{b.professional.name}</Row>
        <Row label="Services">
          <ul>
            {b.services.map((s, i) => (
              <li key={`${s._id}-${i}`}>
                {s.serviceName} · {formatINR(s.price)}
              </li>
            ))}
          </ul>
        </Row>
        <Row label="Duration">{b.totalDuration} mins</Row>
        {b.discount > 0 && <Row label={`Coupon ${b.couponCode ?? ''}`}>−{formatINR(b.discount)}</Row>}
        <Row label="Total">{formatINR(b.totalPrice)}</Row>
        <Row label="Checked in">{b.scanned ? 'Yes' : 'No'}</Row>
        <Row label="Payment">{paymentText(b)}</Row>
        {moves.completeFrom && <Row label="Complete">from {moves.completeFrom}, once the appointment has started</Row>}
        {moves.noShowFrom && <Row label="No-show">can be marked from {moves.noShowFrom}</Row>}
        {b.status === 'no_show' && (
          <Row label="No-show">
            {b.noShowAt ? `Marked ${longDate(b.noShowAt)}` : 'Marked'}
            {b.noShowDispute ? ` · disputed by the customer (${b.noShowDispute === 'closed' ? 'closed' : 'with GlowBook support'})` : ''}
          </Row>
        )}
        {(b.status === 'completed' || b.status === 'no_show') && b.commission !== null && (
          <>
            <Row label={`Commission (${COMMISSION_RATE * 100}%)`}>{money2(b.commission)}</Row>
            <Row label="Your earning">{money2(b.merchantEarning ?? 0)}</Row>
          </>
        )}
        {b.status === 'cancelled' && (
          <Row label="Cancellation">
            {b.cancellationReason ?? '—'}
            {b.cancelledBy ? ` (by ${b.cancelledBy})` : ''}
          </Row>
        )}
        <Row label="Booked on">{longDate(b.createdAt)}</Row>
      </dl>
    </Modal>
  );
}

/** Check-in: the booking ID (typed or from a scanned QR) and the arrival tick. */
export function ConfirmBookingModal({
  open,
  initialBookingId,
  booking,
  actor,
  onClose,
  onScan,
  onDone,
}: {
  open: boolean;
  initialBookingId: string;
  /** The booking a scan found, for a glance at whom is being checked in. */
  booking: BookingWire | null;
  actor: DeskActor;
  onClose: () => void;
  onScan: () => void;
  onDone: (b: BookingWire) => void;
}) {
  const move = useStatusMove();
  const client = useTRPCClient();
  const [bookingId, setBookingId] = useState(initialBookingId);
  const [arrived, setArrived] = useState(false);
  const [errors, setErrors] = useState<{ bookingId?: string; arrived?: string; form?: string }>({});
  // A booking a typed reference found on another day than today: shown with its note, checked in on a second Confirm.
  const [lookedUp, setLookedUp] = useState<BookingWire | null>(null);
  const shown = booking && booking._id === bookingId.trim() ? booking : lookedUp;

  useEffect(() => {
    if (open) {
      setBookingId(initialBookingId);
      setArrived(false);
      setErrors({});
      setLookedUp(null);
    }
  }, [open, initialBookingId]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const next: typeof errors = {};
    if (!bookingId.trim()) next.bookingId = 'Please enter the booking ID';
    if (!arrived) next.arrived = 'Please confirm that the customer has arrived';
    setErrors(next);
    if (next.bookingId || next.arrived) return;
    try {
      const found = await resolveBookingEntry(bookingId, async (prefix) =>
        (await client.merchants.merchantGetAllBookings.query({ merchantId: actor.merchantId, searchQuery: prefix })).bookings,
      );
      if ('error' in found) {
        setErrors({ bookingId: found.error });
        return;
      }
      if (found.booking && notToday(found.booking) && lookedUp?._id !== found.id) {
        setLookedUp(found.booking);
        return;
      }
      const answer = await move.mutateAsync({
        bookingId: found.id,
        status: 'confirmed',
        userId: actor.userId,
        merchantId: actor.merchantId,
      });
      onDone(answer.booking);
    } catch (err) {
      setErrors({ form: errorMessage(err, 'An error occurred while confirming the booking') });
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Confirm Booking"
      description="Check the customer in when they arrive."
      testId="confirm-booking-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => submit()} disabled={!arrived} loading={move.isPending} data-testid="confirm-booking-submit">
            Confirm
          </Button>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4">
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
            value={bookingId}
            onChange={(e) => {
              setBookingId(e.target.value);
              setLookedUp(null);
            }}
            error={errors.bookingId}
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
          checked={arrived}
          onChange={(e) => setArrived(e.target.checked)}
          error={errors.arrived}
          data-testid="confirm-arrived"
        />
        {errors.form && (
          <p role="alert" className="text-sm font-medium text-red-600" data-testid="confirm-error">
            {errors.form}
          </p>
        )}
      </form>
    </Modal>
  );
}

export function CancelDeskBookingModal({
  booking,
  actor,
  onClose,
  onDone,
}: {
  booking: BookingWire | null;
  actor: DeskActor;
  onClose: () => void;
  onDone: (b: BookingWire) => void;
}) {
  const move = useStatusMove();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!booking) return null;

  const submit = async () => {
    if (!reason.trim()) {
      setError('Please provide a reason for cancellation');
      return;
    }
    setError(null);
    try {
      const answer = await move.mutateAsync({
        bookingId: booking._id,
        status: 'cancelled',
        userId: actor.userId,
        merchantId: actor.merchantId,
        cancellationReason: reason.trim(),
      });
      onDone(answer.booking);
    } catch (err) {
      setError(errorMessage(err, 'An error occurred while cancelling the booking'));
    }
  };

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
          <Button variant="danger" onClick={submit} loading={move.isPending} data-testid="cancel-booking-submit">
            Cancel Booking
          </Button>
        </>
      }
    >
      <Textarea
        label="Reason for cancellation"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? undefined}
        maxLength={500}
        placeholder="Tell the customer why"
        data-testid="cancel-reason"
      />
      <p className="mt-2 text-xs text-ink-500">The customer is notified and gets a full refund.</p>
    </Modal>
  );
}

/**
 * Marks a customer who did not come (not checked in, the grace period after the start passed): the
 * customer is told and may dispute it; a prepayment stays with the salon, with 10% commission on it.
 */
export function NoShowModal({
  booking,
  actor,
  onClose,
  onDone,
}: {
  booking: BookingWire | null;
  actor: DeskActor;
  onClose: () => void;
  onDone: (b: BookingWire) => void;
}) {
  const move = useStatusMove();
  const [error, setError] = useState<string | null>(null);
  if (!booking) return null;
  const submit = async () => {
    setError(null);
    try {
      const answer = await move.mutateAsync({ bookingId: booking._id, status: 'no_show', userId: actor.userId, merchantId: actor.merchantId });
      onDone(answer.booking);
    } catch (err) {
      setError(errorMessage(err, 'An error occurred while marking the no-show'));
    }
  };
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
          The customer was not checked in by {NO_SHOW_GRACE_MINUTES} minutes after the start. They are told by e-mail and in the app, and can dispute it with
          GlowBook support if they did come.
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

/** Completion with the payment tick; shows the platform's 10% and what the salon keeps. */
export function CompleteBookingModal({
  booking,
  actor,
  onClose,
  onDone,
}: {
  booking: BookingWire | null;
  actor: DeskActor;
  onClose: () => void;
  onDone: (b: BookingWire) => void;
}) {
  const move = useStatusMove();
  const [paid, setPaid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BookingWire | null>(null);
  if (!booking) return null;
  // The figures the server will record on the booking, so the preview matches the result.
  const split = bookingCommission(booking.totalPrice);

  const submit = async () => {
    if (!paid) {
      setError('Please confirm that you have received the payment');
      return;
    }
    setError(null);
    try {
      const answer = await move.mutateAsync({
        bookingId: booking._id,
        status: 'completed',
        userId: actor.userId,
        merchantId: actor.merchantId,
        paymentReceived: true,
      });
      setResult(answer.booking);
      onDone(answer.booking);
    } catch (err) {
      setError(errorMessage(err, 'An error occurred while completing the booking'));
    }
  };

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
          <Row label="Amount">{money2(result.totalPrice)}</Row>
          <Row label={`Commission (${COMMISSION_RATE * 100}%)`}>
            <span data-testid="complete-commission">{money2(result.commission ?? split.commission)}</span>
          </Row>
          <Row label="Your earning">
            <span data-testid="complete-earning">{money2(result.merchantEarning ?? split.merchantEarning)}</span>
          </Row>
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
          <Button onClick={submit} loading={move.isPending} data-testid="complete-booking-submit">
            Complete
          </Button>
        </>
      }
    >
      <dl className="mb-4 divide-y divide-blush-100">
        <Row label="Amount">{money2(booking.totalPrice)}</Row>
        <Row label={`Commission (${COMMISSION_RATE * 100}%)`}>
          <span data-testid="complete-commission-preview">−{money2(split.commission)}</span>
        </Row>
        <Row label="Final amount">
          <span className="text-plum-800">{money2(split.merchantEarning)}</span>
        </Row>
      </dl>
      <Checkbox
        label="I have received the payment"
        checked={paid}
        onChange={(e) => setPaid(e.target.checked)}
        error={error === 'Please confirm that you have received the payment' ? error : undefined}
        data-testid="complete-paid"
      />
      {error && error !== 'Please confirm that you have received the payment' && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </Modal>
  );
}
