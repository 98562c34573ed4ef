import { useState } from 'react';
import { useController } from 'react-hook-form';
import type { z } from 'zod';
import { RESCHEDULE_MIN_HOURS, refundAmountFor, refundPercentFor } from '../../../shared/policy';
import { type BookingWire, disputeNoShowForm, type rescheduleBookingAnswer, rescheduleForm } from '../../../shared/schemas/bookings';
import { REVIEW_MAX_LENGTH, reviewForm } from '../../../shared/schemas/reviews';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import { answerMessage } from '../../mutationMeta';
import { errorMessage, httpStatusOf, trpc } from '../../trpc';
import { cancelledText, formatINR } from './format';
import { SlotPicker } from './SlotPicker';

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

/** The spec's confirmation dialog, with the refund tier the cancellation would get right now; the owner keys it by the booking. */
export function CancelBookingDialog({ booking, onClose }: { booking: BookingWire | null; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const cancel = trpc.users.cancelBooking.useMutation({
    meta: {
      successToast: (answer: { data: { refundPercent: number; refundAmount: number; walletCredit: number } }) =>
        cancelledText(answer.data, booking?.amountPaid ?? 0),
      invalidates: ['users.getAllBookings', 'users.getWallet', 'users.getBookingById', 'payments.myPayments'],
    },
    onSuccess: onClose,
    onError: (err) => {
      console.error('cancelBooking failed', err);
      setError(errorMessage(err, 'Could not cancel this booking. Please try again.'));
    },
  });
  const [refundTo, setRefundTo] = useState<'original' | 'wallet'>('original');
  if (!booking) return null;
  const percent = refundPercentFor(new Date(booking.startsAt));
  const online = booking.paymentMethod === 'online';
  const prepaid = booking.paymentMethod === 'wallet' || online;
  const amount = refundAmountFor(booking.amountPaid, percent);

  const onConfirm = () => {
    setError(null);
    cancel.mutate({ bookingId: booking._id, ...(online ? { refundTo } : {}) });
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
          !prepaid
            ? 'bg-blush-50 text-ink-700'
            : percent === 100
              ? 'bg-emerald-50 text-emerald-800'
              : percent === 50
                ? 'bg-amber-50 text-amber-800'
                : 'bg-red-50 text-red-700',
        )}
        data-testid="refund-tier"
        data-percent={percent}
      >
        <p className="font-semibold">
          {prepaid ? `Refund ${percent}% · ${formatINR(amount)}${online ? '' : ' to your wallet'}` : 'Nothing to pay or refund'}
        </p>
        <p className="mt-0.5 text-xs">{prepaid ? TIER_TEXT[percent] : 'You chose to pay at the salon, so nothing was charged.'}</p>
      </div>
      {online && amount > 0 && (
        <fieldset className="mt-4" data-testid="refund-to">
          <legend className="mb-2 text-sm font-semibold text-ink-900">Refund to</legend>
          {(
            [
              ['original', 'How I paid (UPI, card or bank)', 'Usually 5–7 working days; any wallet share goes back to the wallet.'],
              ['wallet', 'My GlowBook wallet', 'At once, to use on your next booking.'],
            ] as const
          ).map(([id, title, detail]) => (
            <label key={id} className="mb-2 flex cursor-pointer items-start gap-3 rounded-xl border border-blush-200 p-3 text-sm">
              <input
                type="radio"
                name="refund-to"
                value={id}
                checked={refundTo === id}
                onChange={() => setRefundTo(id)}
                className="mt-0.5 accent-plum-700"
                data-testid={`refund-to-${id}`}
              />
              <span>
                <span className="block font-semibold text-ink-900">{title}</span>
                <span className="block text-xs text-ink-500">{detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </Modal>
  );
}

/**
 * What a reschedule's confirmation says: the new time and who does it, and when the professional
 * changed with the move (a booking made with "Any professional"), that it did and from whom.
 */
export function movedText({ data }: z.output<typeof rescheduleBookingAnswer>): string {
  const { booking, professionalChanged, previousProfessional } = data;
  const when = `Booking moved to ${longDate(booking.bookingDate)} at ${booking.bookingTime}`;
  return professionalChanged
    ? `${when}, now with ${booking.professional.name} (instead of ${previousProfessional.name}).`
    : `${when}, still with ${booking.professional.name}.`;
}

/**
 * Moves an upcoming booking to another free slot of the same salon; the owner keys it by the booking.
 * A booking made with a chosen professional is offered that professional's free times only (the
 * server keeps it with them); one made with "Any professional" is offered every free time, and the
 * dialog says first that whoever is free then may do it.
 */
export function RescheduleDialog({ booking, onClose }: { booking: BookingWire | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useZodForm(rescheduleForm, { defaultValues: { bookingDate: booking?.bookingDate ?? '', bookingTime: '' } });
  const { errors, isSubmitted } = form.formState;
  const [date, time] = form.watch(['bookingDate', 'bookingTime']);
  const failed = serverErrorsTo(form, 'Could not reschedule this booking. Please try again.');
  const reschedule = trpc.users.rescheduleBooking.useMutation({
    meta: {
      successToast: movedText,
      invalidates: ['users.getAllBookings', 'users.getAvailableSlots'],
    },
    onSuccess: onClose,
    onError: (err) => {
      // Taken meanwhile: the time is cleared and the free ones shown again.
      if (httpStatusOf(err) === 409) {
        form.setValue('bookingTime', '');
        void utils.users.getAvailableSlots.invalidate();
      }
      failed(err);
    },
  });
  if (!booking) return null;
  const serviceIds = booking.services.map((s) => s._id).filter((id): id is string => Boolean(id));
  const servicesGone = serviceIds.length !== booking.services.length;
  const currentSlot = { date: booking.bookingDate, time: booking.bookingTime };
  const pick = (name: 'bookingDate' | 'bookingTime', value: string) => form.setValue(name, value, { shouldValidate: isSubmitted });
  const onConfirm = form.handleSubmit((slot) => reschedule.mutate({ bookingId: booking._id, ...slot }));

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
          <Button
            onClick={onConfirm}
            disabled={!date || !time || servicesGone || !salonTakesBookings(booking)}
            loading={reschedule.isPending}
            data-testid="reschedule-confirm"
          >
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
        <>
          <p
            className="mb-4 rounded-xl bg-blush-50 px-3 py-2.5 text-sm text-ink-700"
            data-testid="reschedule-professional-note"
            data-any={booking.anyProfessional ? 'true' : 'false'}
          >
            {booking.anyProfessional
              ? `You booked with “Any professional”: ${booking.professional.name} has it now, but the new time may be with another professional. The confirmation names who.`
              : `Stays with ${booking.professional.name}: these are ${booking.professional.name}’s free times.`}
          </p>
          <SlotPicker
            idPrefix="reschedule"
            exceptBookingId={booking._id}
            current={currentSlot}
            merchantId={booking.merchantId}
            serviceIds={serviceIds}
            staffId={booking.anyProfessional ? null : booking.professional._id}
            timeZone={booking.timeZone}
            date={date || null}
            time={time || null}
            onDate={(d) => {
              pick('bookingDate', d);
              pick('bookingTime', '');
            }}
            onTime={(t) => pick('bookingTime', t)}
          />
        </>
      )}
      {/* The date and time are picked, not typed: what is wrong with them shows here, with the dialog's own error. */}
      <FormError
        message={errors.root?.server?.message ?? errors.bookingTime?.message ?? errors.bookingDate?.message}
        className="mt-3"
        testId="reschedule-error"
      />
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
 * (reviewRoutes/updateReview). The owner keys it by the booking or review: each opening starts
 * from what it edits.
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
  const form = useZodForm(reviewForm, { defaultValues: { rating: existing?.rating ?? 0, comment: existing?.comment ?? '' } });
  const { errors } = form.formState;
  const { field: rating } = useController({ control: form.control, name: 'rating' });
  const reviewed = () => {
    onReviewed(booking?._id ?? '');
    onClose();
  };
  const failed = serverErrorsTo(form, 'Could not send your review. Please try again.');
  const create = trpc.reviewRoutes.createReview.useMutation({
    meta: { successToast: 'Thanks for your review!' },
    onSuccess: reviewed,
    onError: (err) => {
      // Already reviewed (from another tab): the booking shows its review.
      if (httpStatusOf(err) === 409 && booking) onReviewed(booking._id);
      failed(err);
    },
  });
  const update = trpc.reviewRoutes.updateReview.useMutation({
    meta: { successToast: 'Your review is updated.' },
    onSuccess: reviewed,
    onError: failed,
  });
  if (!booking && !existing) return null;

  const onSubmit = form.handleSubmit((review) => {
    if (existing) update.mutate({ reviewId: existing._id, ...review });
    else if (booking) create.mutate({ bookingId: booking._id, ...review });
  });
  const pickRating = (n: number) => {
    rating.onChange(n);
    // A pick answers the "choose a rating" prompt; a stale refusal would read as if about this rating.
    form.clearErrors('root.server');
  };
  const ratingError = errors.rating?.message;

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
          <Button type="submit" form="review-form" loading={create.isPending || update.isPending} data-testid="review-submit">
            {existing ? 'Save Review' : 'Submit Review'}
          </Button>
        </>
      }
    >
      <form id="review-form" noValidate onSubmit={onSubmit}>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink-700">Your rating</legend>
          <div
            className="flex gap-1"
            role="radiogroup"
            aria-label="Rating"
            aria-invalid={ratingError ? true : undefined}
            aria-describedby={ratingError ? 'review-rating-error' : undefined}
          >
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                // The first star (or the one picked) takes the focus when the rating is wrong.
                ref={n === (rating.value || 1) ? rating.ref : undefined}
                type="button"
                role="radio"
                aria-checked={rating.value === n}
                aria-label={`${n} star${n > 1 ? 's' : ''}`}
                onClick={() => pickRating(n)}
                data-testid={`review-star-${n}`}
                className={cn(
                  'text-3xl leading-none transition-colors',
                  n <= rating.value ? 'text-gold-500' : 'text-blush-300 hover:text-gold-300',
                )}
              >
                ★
              </button>
            ))}
          </div>
          {ratingError && (
            <p id="review-rating-error" role="alert" className="mt-1.5 text-xs font-medium text-red-600" data-testid="review-rating-error">
              {ratingError}
            </p>
          )}
        </fieldset>
        <Textarea
          id="review-comment"
          label="Comment"
          containerClassName="mt-4"
          {...form.register('comment')}
          error={errors.comment?.message}
          maxLength={REVIEW_MAX_LENGTH}
          placeholder="How was your visit?"
          data-testid="review-comment"
        />
        <FormError message={errors.root?.server?.message} className="mt-3" testId="review-error" />
      </form>
    </Modal>
  );
}

/** Asks, then deletes the customer's own review (reviewRoutes/deleteReview). */
export function DeleteReviewDialog({
  review,
  onClose,
  onDeleted,
}: {
  review: OwnReview | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = trpc.reviewRoutes.deleteReview.useMutation({
    meta: { successToast: 'Your review is deleted.', errorToast: 'Could not delete your review. Please try again.' },
    onSuccess: () => {
      onDeleted();
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={Boolean(review)}
      title="Delete your review?"
      message="The salon's rating no longer counts it, and it leaves the salon page. You cannot undo this."
      confirmLabel="Delete review"
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() => review && remove.mutate({ reviewId: review._id })}
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
          <span className="text-gold-500" role="img" aria-label={`${review.rating} out of 5 stars`} data-testid="own-review-rating">
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
  // The owner keys it by the booking: each dispute starts empty.
  const form = useZodForm(disputeNoShowForm, { defaultValues: { message: '' } });
  const dispute = trpc.users.disputeNoShow.useMutation({
    meta: { successToast: answerMessage, invalidates: ['users.getAllBookings'] },
    onSuccess: onClose,
    onError: serverErrorsTo(form, 'Could not send your dispute. Please try again.'),
  });
  if (!booking) return null;
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => dispute.mutate({ bookingId: booking._id, ...input }));

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
        The salon marked that you did not come. If you did, tell us what happened: our support team checks with the salon and answers you by
        e-mail within one working day.
      </p>
      <FormError message={errors.root?.server?.message} className="mb-3" />
      <Textarea
        label="What happened"
        {...form.register('message')}
        error={errors.message?.message}
        maxLength={2000}
        rows={5}
        placeholder="For example: I arrived at 10:55 and waited at the counter until 11:20."
        data-testid="dispute-message"
        data-autofocus
      />
    </Modal>
  );
}
