import { type ReviewWire, respondToReviewForm } from '../../../shared/schemas/reviews';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { trpc } from '../../trpc';
import { Stars } from './Stars';

/** The owner's answer to a review; mounted while open, so it starts from the review's current answer. */
export function RespondModal({ review, merchantId, onClose }: { review: ReviewWire; merchantId: string | null; onClose: () => void }) {
  const form = useZodForm(respondToReviewForm, { defaultValues: { responseText: review.response?.text ?? '' } });
  const { errors } = form.formState;
  const respond = trpc.reviewRoutes.respondToReviewByMerchant.useMutation({
    meta: { successToast: 'Response submitted successfully!', invalidates: ['reviewRoutes.getReviewsByMerchant'] },
    onSuccess: onClose,
    onError: serverErrorsTo(form, 'Failed to submit response. Please try again.'),
  });
  const onSubmit = form.handleSubmit((input) =>
    respond.mutate({ reviewId: review._id, merchantId: merchantId ?? undefined, customerId: review.customerId._id, ...input }),
  );

  return (
    <Modal
      open
      onClose={onClose}
      title="Respond to Review"
      testId="respond-modal"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={respond.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="respond-form" loading={respond.isPending} loadingText="Submitting..." data-testid="submit-response">
            Submit Response
          </Button>
        </>
      }
    >
      <form id="respond-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="rounded-xl bg-blush-50 px-4 py-3">
          <div className="flex items-center justify-between gap-2">
            <p className="font-semibold text-ink-900">{review.userName}</p>
            <Stars rating={review.rating} />
          </div>
          {review.comment && <p className="mt-1 text-sm text-ink-700">{review.comment}</p>}
        </div>
        <Textarea
          id="response-text"
          label="Your response"
          rows={4}
          {...form.register('responseText')}
          error={errors.responseText?.message ?? errors.root?.server?.message}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
