import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookingWire } from '../../../shared/schemas/bookings';
import { REVIEW_MAX_LENGTH } from '../../../shared/schemas/reviews';
import { refundAmountFor, refundPercentFor, RESCHEDULE_MIN_HOURS } from '../../../shared/policy';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { cn } from '../../lib/cn';
import { errorMessage, httpStatusOf, useTRPC } from '../../trpc';
import { cancelledText, formatINR } from './format';
import { SlotPicker } from './SlotPicker';
import { longDate } from '../../lib/dates';

/**
 * Whether the booking's salon takes online bookings now (it is published): an unpublished salon's
 * slots answer 404, so its bookings cannot be moved online, only cancelled. `salonBookable` comes
 * with the booking; an answer without it (an older server) counts as bookable.
 */
export function salonTakesBookings(booking: BookingWire & { salonBookable?: boolean }): boolean {
  return booking.salonBookable !== false;
}

export const SALON_NOT_BOOKABLE = 'This salon is not taking online bookings right now';

const TIER_TEXT: Record<number, string> = {
  100: 'Full refund: your appointment is more than 2 hours away.',
  50: '50% refund: your appointment is between 1 and 2 hours away.',
  0: 'No refund: your appointment is less than 1 hour away.',
};

/** The spec's confirmation dialog, with the refund tier the cancellation would get right now. */
export function CancelBookingDialog({ booking, onClose }: { booking: BookingWire | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cancel = useMutation(trpc.users.cancelBooking.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  if (!booking) return null;
  const percent = refundPercentFor(new Date(booking.startsAt));
  const prepaid = booking.paymentMethod === 'wallet';
  const amount = refundAmountFor(booking.amountPaid, percent);

  const onConfirm = async () => {
    setError(null);
    try {
      const answer = await cancel.mutateAsync({ bookingId: booking._id });
      toast.success(cancelledText(answer.data, booking.amountPaid));
      await queryClient.invalidateQueries({ queryKey: trpc.users.getAllBookings.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.users.getWallet.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.users.getBookingById.queryKey({ bookingId: booking._id }) });
      onClose();
    } catch (err) {
      console.error('cancelBooking failed', err);
      setError(errorMessage(err, 'Could not cancel this booking. Please try again.'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Cancel Booking"
      size="sm"
      testId="cancel-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-testid="cancel-keep">
            No, Keep It
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={cancel.isPending} data-testid="cancel-confirm">
            Yes, Cancel Booking
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink-700">Are you sure you want to cancel this booking? This action cannot be undone.</p>
      <div
        className={cn(
          'mt-4 rounded-xl px-3 py-2.5 text-sm',
          !prepaid ? 'bg-blush-50 text-ink-700' : percent === 100 ? 'bg-emerald-50 text-emerald-800' : percent === 50 ? 'bg-amber-50 text-amber-800' : 'bg-red-50 text-red-700',
        )}
        data-testid="refund-tier"
        data-percent={percent}
      >
        <p className="font-semibold">{prepaid ? `Refund ${percent}% · ${formatINR(amount)} to your wallet` : 'Nothing to pay or refund'}</p>
        <p className="mt-0.5 text-xs">{prepaid ? TIER_TEXT[percent] : 'You chose to pay at the salon, so nothing was charged.'}</p>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** Moves an upcoming booking to another free slot of the same salon. */
export function RescheduleDialog({ booking, onClose }: { booking: BookingWire | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reschedule = useMutation(trpc.users.rescheduleBooking.mutationOptions());
  const [date, setDate] = useState<string | null>(booking?.bookingDate ?? null);
  const [time, setTime] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!booking) return null;
  const serviceIds = booking.services.map((s) => s._id).filter((id): id is string => Boolean(id));
  const servicesGone = serviceIds.length !== booking.services.length;
  const currentSlot = { date: booking.bookingDate, time: booking.bookingTime };

  const onConfirm = async () => {
    if (!date || !time) return;
    setError(null);
    try {
      const answer = await reschedule.mutateAsync({ bookingId: booking._id, bookingDate: date, bookingTime: time });
      const moved = answer.data.booking;
      toast.success(`Booking moved to ${longDate(moved.bookingDate)} at ${moved.bookingTime}.`);
      await queryClient.invalidateQueries({ queryKey: trpc.users.getAllBookings.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.users.getAvailableSlots.queryKey() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not reschedule this booking. Please try again.'));
      if (httpStatusOf(err) === 409) {
        setTime(null);
        void queryClient.invalidateQueries({ queryKey: trpc.users.getAvailableSlots.queryKey() });
      }
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Reschedule Booking"
      description={`Currently ${longDate(booking.bookingDate)} at ${booking.bookingTime}. Free up to ${RESCHEDULE_MIN_HOURS} hours before.`}
      size="lg"
      testId="reschedule-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep current time
          </Button>
          <Button onClick={onConfirm} disabled={!date || !time || servicesGone || !salonTakesBookings(booking)} loading={reschedule.isPending} data-testid="reschedule-confirm">
            {time ? `Move to ${time}` : 'Choose a time'}
          </Button>
        </>
      }
    >
      {!salonTakesBookings(booking) ? (
        <p className="text-sm text-ink-700">{SALON_NOT_BOOKABLE}, so this booking cannot be moved online. You can still cancel it.</p>
      ) : servicesGone ? (
        <p className="text-sm text-ink-700">The salon no longer offers one of these services, so this booking cannot be moved online.</p>
      ) : (
        <SlotPicker
          idPrefix="reschedule"
          exceptBookingId={booking._id}
          current={currentSlot}
          merchantId={booking.merchantId}
          serviceIds={serviceIds}
          staffId={null}
          timeZone={booking.timeZone}
          date={date}
          time={time}
          onDate={(d) => {
            setDate(d);
            setTime(null);
          }}
          onTime={setTime}
        />
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** The customer's review being edited: its id and what it says now. */
export interface OwnReview {
  _id: string;
  rating: number;
  comment: string;
}

/**
 * Rating 1-5 and a comment on a completed booking; with `existing`, edits that review instead
 * (reviewRoutes/updateReview).
 */
export function ReviewDialog({
  booking,
  existing,
  subtitle,
  onClose,
  onReviewed,
}: {
  booking: BookingWire | null;
  existing?: OwnReview | null;
  /** Shown under the title when there is no booking to name (the salon page). */
  subtitle?: string;
  onClose: () => void;
  onReviewed: (bookingId: string) => void;
}) {
  const trpc = useTRPC();
  const create = useMutation(trpc.reviewRoutes.createReview.mutationOptions());
  const update = useMutation(trpc.reviewRoutes.updateReview.mutationOptions());
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  if (!booking && !existing) return null;

  const onSubmit = async () => {
    if (rating < 1) {
      setError('Please choose a rating from 1 to 5 stars.');
      return;
    }
    setError(null);
    try {
      if (existing) {
        await update.mutateAsync({ reviewId: existing._id, rating, comment: comment.trim() });
        toast.success('Your review is updated.');
      } else {
        await create.mutateAsync({ bookingId: booking!._id, rating, comment: comment.trim() });
        toast.success('Thanks for your review!');
      }
      onReviewed(booking?._id ?? '');
      onClose();
    } catch (err) {
      if (!existing && httpStatusOf(err) === 409) {
        onReviewed(booking!._id);
      }
      setError(errorMessage(err, 'Could not send your review. Please try again.'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={existing ? 'Edit your review' : 'Write a review'}
      description={booking ? `${booking.salonName} · ${longDate(booking.bookingDate)}` : subtitle}
      testId="review-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSubmit} loading={create.isPending || update.isPending} data-testid="review-submit">
            {existing ? 'Save Review' : 'Submit Review'}
          </Button>
        </>
      }
    >
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-ink-700">Your rating</legend>
        <div className="flex gap-1" role="radiogroup" aria-label="Rating">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={rating === n}
              aria-label={`${n} star${n > 1 ? 's' : ''}`}
              onClick={() => {
                setRating(n);
                // A pick answers the "choose a rating" prompt; a stale refusal would read as if about this rating.
                setError(null);
              }}
              data-testid={`review-star-${n}`}
              className={cn('text-3xl leading-none transition-colors', n <= rating ? 'text-gold-500' : 'text-blush-300 hover:text-gold-300')}
            >
              ★
            </button>
          ))}
        </div>
      </fieldset>
      <Textarea
        label="Comment"
        containerClassName="mt-4"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={REVIEW_MAX_LENGTH}
        placeholder="How was your visit?"
        data-testid="review-comment"
      />
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** Asks, then deletes the customer's own review (reviewRoutes/deleteReview). */
export function DeleteReviewDialog({ review, onClose, onDeleted }: { review: OwnReview | null; onClose: () => void; onDeleted: () => void }) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.reviewRoutes.deleteReview.mutationOptions());
  return (
    <ConfirmDialog
      open={Boolean(review)}
      title="Delete your review?"
      message="The salon's rating no longer counts it, and it leaves the salon page. You cannot undo this."
      confirmLabel="Delete review"
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={async () => {
        if (!review) return;
        try {
          await remove.mutateAsync({ reviewId: review._id });
          toast.success('Your review is deleted.');
          onDeleted();
          onClose();
        } catch (err) {
          toast.error(errorMessage(err, 'Could not delete your review. Please try again.'));
        }
      }}
    />
  );
}

/** The customer's own review, read-only, with Edit and Delete. */
export function OwnReviewBlock({ review, onEdit, onDelete }: { review: OwnReview; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="mt-2 rounded-lg bg-gold-100/50 px-3 py-2 text-sm" data-testid="own-review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-ink-900">
          Your review{' '}
          <span className="text-gold-500" aria-label={`${review.rating} out of 5 stars`} data-testid="own-review-rating">
            {'★'.repeat(review.rating)}
            <span className="text-blush-300">{'★'.repeat(5 - review.rating)}</span>
          </span>
        </p>
        <span className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit} data-testid="edit-review">
            Edit
          </Button>
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onDelete} data-testid="delete-review">
            Delete
          </Button>
        </span>
      </div>
      {review.comment && (
        <p className="mt-0.5 text-ink-700" data-testid="own-review-comment">
          {review.comment}
        </p>
      )}
    </div>
  );
}

/** The customer says they did come to a booking the salon marked as a no-show: a ticket for GlowBook support. */
export function DisputeNoShowDialog({ booking, onClose }: { booking: BookingWire | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dispute = useMutation(trpc.users.disputeNoShow.mutationOptions());
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!booking) return null;

  const onSubmit = async () => {
    if (message.trim().length < 10) {
      setError('Tell us what happened (at least 10 characters).');
      return;
    }
    setError(null);
    try {
      const answer = await dispute.mutateAsync({ bookingId: booking._id, message: message.trim() });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: trpc.users.getAllBookings.queryKey() });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Could not send your dispute. Please try again.'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Dispute the no-show"
      description={`${booking.salonName} · ${longDate(booking.bookingDate)} ${booking.bookingTime}`}
      testId="dispute-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Back
          </Button>
          <Button onClick={onSubmit} loading={dispute.isPending} data-testid="dispute-submit">
            Send to GlowBook support
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-ink-700">
        The salon marked that you did not come. If you did, tell us what happened: our support team checks with the salon and answers you by e-mail within one working day.
      </p>
      <Textarea
        label="What happened"
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={error ?? undefined}
        maxLength={2000}
        rows={5}
        placeholder="For example: I arrived at 10:55 and waited at the counter until 11:20."
        data-testid="dispute-message"
        data-autofocus
      />
    </Modal>
  );
}
