import { TRPCClientError } from '@trpc/client';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { z } from 'zod';
import type { PlanId, TierId } from '../../../../shared/plans';
import { testCardForm } from '../../../../shared/schemas/billing';
import { newAttemptId, payWithRazorpay } from '../../../features/billing/razorpay';
import { serverErrorsTo, useZodForm } from '../../../forms/useZodForm';
import { answerMessage } from '../../../mutationMeta';
import { sessionAtom } from '../../../state/session';
import { errorField, failureMessage, httpStatusOf, trpc } from '../../../trpc';

/** The salon's plan, usage, invoices and quotes; and "Keep" for a scheduled change. */
export function useSubscription(merchantId: string | null) {
  const q = trpc.merchants.getSubscription.useQuery({ merchantId: merchantId ?? undefined });
  const cancelChange = trpc.merchants.cancelScheduledPlanChange.useMutation({
    meta: {
      successToast: answerMessage,
      errorToast: 'Could not cancel the change. Please try again.',
      invalidates: ['merchants.getSubscription'],
    },
  });
  const d = q.data?.data;
  const keepPlan = () => cancelChange.mutate({ merchantId: merchantId ?? undefined });
  const quoteOf = (id: PlanId) => d?.quotes.find((x) => x.plan === id);
  return { q, d, cancelChange, keepPlan, quoteOf };
}

/**
 * Paying for a plan: through Razorpay Checkout when the gateway has a key, else with the test
 * gateway's card (asked only in test mode). `pay` closes the dialog once the plan changed.
 */
export function usePlanPayment({
  plan,
  merchantId,
  checkoutKey,
  testMode,
  onClose,
}: {
  plan: PlanId;
  merchantId: string | null;
  checkoutKey: string | null;
  testMode: boolean;
  onClose: () => void;
}) {
  const session = useAtomValue(sessionAtom);
  const change = trpc.merchants.changePlan.useMutation({
    meta: { successToast: answerMessage, invalidates: ['merchants.getSubscription'] },
  });
  const order = trpc.merchants.createPlanOrder.useMutation();
  const utils = trpc.useUtils();
  /** The test gateway's card, asked only in test mode without Razorpay Checkout. */
  const asksCard = !checkoutKey && testMode;
  const form = useZodForm(testCardForm, { defaultValues: { cardNumber: '', cardExpiry: '' } });
  const { errors } = form.formState;
  const failed = serverErrorsTo(form, 'Failed to process payment. Please try again.');
  // One id per attempt: a double click or a retry after a lost answer is the same payment. A
  // definite answer (paid or refused) ends the attempt; the next Pay Now is a new one.
  const [attemptId, setAttemptId] = useState(newAttemptId);
  const [paying, setPaying] = useState(false);
  const scope = { merchantId: merchantId ?? undefined, plan, attemptId };
  const pay = async (card: z.output<typeof testCardForm> | null) => {
    if (paying) return;
    form.clearErrors('root');
    setPaying(true);
    try {
      // Paid: the change's meta says so and refreshes the plan.
      if (checkoutKey) {
        const o = await order.mutateAsync(scope);
        const proof = await payWithRazorpay({
          key: o.data.keyId,
          orderId: o.data.orderId,
          amount: o.data.amount,
          description: o.data.description,
          email: session.userEmail ?? undefined,
          name: session.userName ?? undefined,
        });
        if (!proof) return;
        await change.mutateAsync({ ...scope, ...proof });
      } else {
        await change.mutateAsync({ ...scope, ...card });
      }
      onClose();
    } catch (err) {
      const status = httpStatusOf(err);
      // A 409 without a field is "being processed": the same attempt may be sent again. Any other
      // refusal is definite (among them an earlier order paid after all, or a late payment refunded),
      // so the next Pay Now is a new attempt, and the page shows what the server now knows.
      const busy = status === 409 && !errorField(err);
      if (status !== undefined && status >= 400 && status < 500 && !busy) setAttemptId(newAttemptId());
      if (status === 409 && !busy) void utils.merchants.getSubscription.invalidate();
      // Razorpay Checkout's own failure is in words for people; the server's refusal of the card goes under the card.
      if (err instanceof Error && !(err instanceof TRPCClientError))
        form.setError('root.server', { type: 'checkout', message: err.message });
      else failed(err);
    } finally {
      setPaying(false);
    }
  };
  return { form, errors, asksCard, paying, pay };
}

/** Scheduling a downgrade (or Free) for the end of the paid period; a refusal is `error`. */
export function useSchedulePlanChange({ target, merchantId, onClose }: { target: TierId; merchantId: string | null; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const schedule = trpc.merchants.schedulePlanChange.useMutation({
    meta: { successToast: answerMessage, invalidates: ['merchants.getSubscription'] },
    onSuccess: onClose,
    onError: (err) => setError(failureMessage(err, 'Could not schedule the change. Please try again.')),
  });
  const submit = () => {
    setError(null);
    schedule.mutate({ merchantId: merchantId ?? undefined, plan: target as Exclude<TierId, 'enterprise'> });
  };
  return { schedule, error, submit };
}
