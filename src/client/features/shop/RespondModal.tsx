import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewWire } from '../../../shared/schemas/reviews';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { errorMessage, useTRPC } from '../../trpc';
import { Stars } from './Stars';

export function RespondModal({ review, merchantId, onClose }: { review: ReviewWire | null; merchantId: string | null; onClose: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const respond = useMutation(trpc.reviewRoutes.respondToReviewByMerchant.mutationOptions());

  useEffect(() => {
    setText(review?.response?.text ?? '');
    setError(undefined);
  }, [review]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!review) return;
    const responseText = text.trim();
    if (!responseText) {
      setError('Please enter a response.');
      return;
    }
    try {
      await respond.mutateAsync({ reviewId: review._id, merchantId: merchantId ?? undefined, customerId: review.customerId._id, responseText });
      onClose();
      toast.success('Response submitted successfully!');
      await queryClient.invalidateQueries({ queryKey: trpc.reviewRoutes.getReviewsByMerchant.queryKey() });
    } catch (err) {
      setError(errorMessage(err, 'Failed to submit response. Please try again.'));
    }
  };

  return (
    <Modal
      open={Boolean(review)}
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
      {review && (
        <form id="respond-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="rounded-xl bg-blush-50 px-4 py-3">
            <div className="flex items-center justify-between gap-2">
              <p className="font-semibold text-ink-900">{review.userName}</p>
              <Stars rating={review.rating} />
            </div>
            {review.comment && <p className="mt-1 text-sm text-ink-700">{review.comment}</p>}
          </div>
          <Textarea id="response-text" label="Your response" rows={4} value={text} error={error} onChange={(e) => setText(e.target.value)} data-autofocus />
        </form>
      )}
    </Modal>
  );
}
