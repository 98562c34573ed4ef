import { TRPCClientError } from '@trpc/client';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import { gstBreakdown } from '../../../shared/gst';
import { formatINR } from '../../../shared/money';
import {
  FREE_PLAN,
  PLAN_FEATURES,
  PLANS,
  type PlanFeature,
  type PlanId,
  planAllows,
  staffLimitText,
  type TierId,
  tierOf,
} from '../../../shared/plans';
import { type PlanPaymentWire, type subscriptionAnswer, testCardForm } from '../../../shared/schemas/billing';
import { TEST_CARDS } from '../../../shared/schemas/wallet';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Skeleton } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { newAttemptId, payWithRazorpay } from '../../features/billing/razorpay';
import { refundText } from '../../features/billing/refund';
import { useMerchantId } from '../../features/shop/api';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { answerMessage } from '../../mutationMeta';
import { getSession, sessionAtom } from '../../state/session';
import { errorField, failureMessage, httpStatusOf, trpc } from '../../trpc';

/** The product's one rupee format (shared/money.ts): paise only when there are some. */
const rupees = (n: number) => formatINR(n);
const STATUS_TONE: Record<string, BadgeTone> = { paid: 'success', pending: 'warning', failed: 'danger' };
const PLAN_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};
const fmtDay = (d: string) => longDate(d);
const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? id;

type SubscriptionData = z.infer<typeof subscriptionAnswer>['data'];
type Quote = SubscriptionData['quotes'][number];

/** Fetches a tax document's PDF with the session's token and saves it. */
async function downloadDocument(kind: 'invoices' | 'credit-notes', id: string, number: string) {
  const res = await fetch(`/api/${kind}/${id}/pdf`, { headers: { authorization: `Bearer ${getSession().token}` } });
  if (!res.ok) throw new Error(kind === 'invoices' ? 'Could not download the invoice.' : 'Could not download the credit note.');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${number.replace(/\//g, '-')}.pdf`;
  a.click();
  URL.revokeObjectURL(url);
}

function ConfirmPlan({
  plan,
  quote,
  currentPlan,
  merchantState,
  platformState,
  testMode,
  checkoutKey,
  merchantId,
  onClose,
}: {
  plan: (typeof PLANS)[number];
  quote: Quote;
  currentPlan: TierId;
  merchantState: string;
  platformState: string;
  testMode: boolean;
  checkoutKey: string | null;
  merchantId: string | null;
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
  const tax = gstBreakdown(plan.price, platformState, merchantState);
  const upgrade = quote.kind === 'upgrade';
  const scope = { merchantId: merchantId ?? undefined, plan: plan.id, attemptId };
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
  return (
    <Modal
      open
      onClose={onClose}
      title={upgrade ? `Upgrade to ${plan.name}` : 'Confirm Plan Selection'}
      size="md"
      testId="confirm-plan"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={asksCard ? form.handleSubmit(pay) : () => void pay(null)}
            loading={paying}
            loadingText="Processing..."
            data-testid="pay-now"
          >
            Pay Now
          </Button>
        </>
      }
    >
      <p className="font-semibold text-ink-900">{plan.name} plan</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-700">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {upgrade ? (
        <dl className="mt-4 space-y-1.5 rounded-2xl bg-blush-50 p-4 text-sm" data-testid="price-breakdown">
          <p className="text-ink-700">
            {plan.name} starts now; your billing date stays. You pay the difference for the {quote.days} of {quote.periodDays} days left in
            this period.
          </p>
          <div className="flex justify-between">
            <dt>
              {plan.name}, {quote.days} days (invoice, GST incl.)
            </dt>
            <dd>{rupees(quote.charge ?? 0)}</dd>
          </div>
          <div className="flex justify-between text-emerald-700">
            <dt>Unused {tierOf(currentPlan).name} days (credit note)</dt>
            <dd>−{rupees(quote.credit ?? 0)}</dd>
          </div>
          <div className="flex justify-between border-t border-blush-200 pt-1.5 font-semibold text-ink-900">
            <dt>Due now</dt>
            <dd data-testid="due-now">{rupees(quote.due ?? 0)}</dd>
          </div>
        </dl>
      ) : (
        <dl className="mt-4 space-y-1.5 rounded-2xl bg-blush-50 p-4 text-sm" data-testid="price-breakdown">
          <div className="flex justify-between">
            <dt>Plan price (monthly)</dt>
            <dd>{rupees(tax.base)}</dd>
          </div>
          {tax.intraState ? (
            <>
              <div className="flex justify-between">
                <dt>CGST 9%</dt>
                <dd>{rupees(tax.cgst)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>SGST 9%</dt>
                <dd>{rupees(tax.sgst)}</dd>
              </div>
            </>
          ) : (
            <div className="flex justify-between">
              <dt>IGST 18%</dt>
              <dd>{rupees(tax.igst)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-blush-200 pt-1.5 font-semibold text-ink-900">
            <dt>Total</dt>
            <dd>{rupees(tax.total)}</dd>
          </div>
        </dl>
      )}
      {checkoutKey ? (
        <p className="mt-4 text-sm text-ink-600">
          Pay Now opens Razorpay's secure checkout{testMode ? ' in test mode' : ''}; the plan changes once the payment is verified.
        </p>
      ) : (
        testMode && (
          <div className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-4">
            <p className="mb-2 text-sm font-semibold text-amber-900">TEST MODE: no real money moves.</p>
            <div className="grid gap-3 sm:grid-cols-[1fr_7rem]">
              <Input
                id="plan-card"
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                {...form.register('cardNumber')}
                error={errors.cardNumber?.message}
                hint={`Use ${TEST_CARDS.approved.replace(/(\d{4})(?=\d)/g, '$1 ')} to approve, ${TEST_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')} to decline.`}
              />
              <Input
                id="plan-card-expiry"
                label="Expiry"
                placeholder="MM/YY"
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={7}
                {...form.register('cardExpiry')}
                error={errors.cardExpiry?.message}
              />
            </div>
          </div>
        )
      )}
      <FormError message={errors.root?.server?.message} className="mt-3" testId="confirm-plan-error" />
    </Modal>
  );
}

/** A downgrade (or leaving for Free) at the end of the paid period: nothing is charged now. */
function ScheduleChange({
  target,
  d,
  merchantId,
  onClose,
}: {
  target: TierId;
  d: SubscriptionData;
  merchantId: string | null;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const schedule = trpc.merchants.schedulePlanChange.useMutation({
    meta: { successToast: answerMessage, invalidates: ['merchants.getSubscription'] },
    onSuccess: onClose,
    onError: (err) => setError(failureMessage(err, 'Could not schedule the change. Please try again.')),
  });
  const current = tierOf(d.tier);
  const next = tierOf(target);
  const on = d.nextBillingDate ? fmtDay(d.nextBillingDate) : '—';
  const lost = (Object.keys(PLAN_FEATURES) as PlanFeature[]).filter((f) => planAllows(d.tier, f) && !planAllows(target, f));
  const submit = () => {
    setError(null);
    schedule.mutate({ merchantId: merchantId ?? undefined, plan: target as Exclude<TierId, 'enterprise'> });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={target === 'free' ? 'Switch to Free' : `Change to ${next.name}`}
      size="md"
      testId="schedule-change"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Keep {current.name}
          </Button>
          <Button onClick={submit} loading={schedule.isPending} loadingText="Saving..." data-testid="confirm-schedule">
            Change on {on}
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink-700">
        You keep <strong>{current.name}</strong> until <strong>{on}</strong>, the end of the period you paid for; then your salon{' '}
        {target === 'free' ? 'is on Free and nothing more is charged' : `changes to ${next.name} at ${rupees(next.price)}/month + GST`}.
        Nothing is charged or refunded now, and you can cancel the change until then.
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-ink-700">
        <li>
          Staff: {staffLimitText(next.staffLimit)} ({d.usage.staff.onTeam} on your team now)
        </li>
        {lost.map((f) => (
          <li key={f}>No {PLAN_FEATURES[f].charAt(0).toLowerCase() + PLAN_FEATURES[f].slice(1)}</li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** A plan payment besides the invoices, in the owner's words: never "in progress" once it is not. */
const PAYMENT_STATUS: Record<PlanPaymentWire['status'], { label: string; tone: BadgeTone }> = {
  in_progress: { label: 'In progress', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
  refunding: { label: 'Refund in progress', tone: 'info' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  refund_due: { label: 'Refund due', tone: 'danger' },
};

function paymentDetail(p: PlanPaymentWire): string {
  const why = p.reason ? `${p.reason.charAt(0).toUpperCase()}${p.reason.slice(1)}` : '';
  switch (p.status) {
    case 'in_progress':
      return 'Waiting for the payment to complete.';
    case 'failed':
      return why || 'The payment did not go through.';
    case 'refunding':
      return `Not applied: ${p.reason}. Being refunded in full; nothing is kept.`;
    case 'refunded':
      return `Not applied: ${p.reason}. Refunded in full${p.refundReference ? ` (refund ${p.refundReference})` : ''}; nothing was kept.`;
    case 'refund_due':
      return `Not applied: ${p.reason}. GlowBook refunds it in full; nothing is kept.`;
  }
}

/** Payments that are not invoices: in progress, failed, and late payments refunded in full. */
function PlanPayments({ payments }: { payments: PlanPaymentWire[] }) {
  return (
    <Card padded={false} className="min-w-0">
      <div className="p-5 pb-2">
        <CardHeader title="Payments" description="Plan payments in progress, failed or refunded (paid ones are in Billing History)" />
      </div>
      <div className="relative overflow-x-auto" role="region" aria-label="Plan payments" tabIndex={0}>
        {/* No minimum width: the payment column wraps, so a phone shows the status without scrolling. */}
        <table className="w-full text-sm" data-testid="plan-payments">
          <thead className="bg-blush-50 text-left text-xs text-ink-500 uppercase">
            <tr>
              <th className="py-2 pr-2 pl-5">Date</th>
              <th className="px-2 py-2">Payment</th>
              <th className="py-2 pr-5 pl-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-blush-100">
            {payments.map((p) => {
              const st = PAYMENT_STATUS[p.status];
              return (
                <tr key={p._id} data-testid="plan-payment-row" className="align-top">
                  <td className="py-2.5 pr-2 pl-5 whitespace-nowrap">{fmtDay(p.date)}</td>
                  <td className="px-2 py-2.5">
                    <span className="mr-2 text-ink-900">
                      {p.plan ? planName(p.plan) : '—'} plan
                      {p.purpose === 'upgrade' ? ' (upgrade)' : p.purpose === 'renewal' ? ' (renewal)' : ''}
                    </span>
                    <Badge tone={st.tone}>{st.label}</Badge>
                    <p
                      className={cn('mt-0.5 text-xs [overflow-wrap:anywhere]', p.status === 'refund_due' ? 'text-red-700' : 'text-ink-600')}
                    >
                      {paymentDetail(p)}
                    </p>
                  </td>
                  <td className="py-2.5 pr-5 pl-2 text-right whitespace-nowrap">{rupees(p.amount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** What the salon's plan allows and how much of it is used: the same rules the server enforces. */
function PlanUsage({ d }: { d: SubscriptionData }) {
  const { onTeam, limit } = d.usage.staff;
  const over = limit !== null && onTeam > limit;
  return (
    <Card data-testid="plan-usage">
      <CardHeader title="Limits and usage" description={`What your ${tierOf(d.tier).name} plan includes`} />
      <div className="mt-3">
        <div className="flex items-baseline justify-between text-sm">
          <span className="font-medium text-ink-900">Staff on your team</span>
          <span data-testid="staff-usage" className={cn(over ? 'font-semibold text-red-600' : 'text-ink-700')}>
            {onTeam} of {limit ?? 'unlimited'}
          </span>
        </div>
        {limit !== null && (
          <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-blush-100" aria-hidden>
            <div
              className={cn('h-full rounded-full', over ? 'bg-red-500' : 'bg-plum-600')}
              style={{ width: `${Math.min(100, (onTeam / Math.max(1, limit)) * 100)}%` }}
            />
          </div>
        )}
        {over && (
          <p className="mt-1 text-xs text-red-600">Over the limit: set someone Inactive or choose a bigger plan before adding staff.</p>
        )}
      </div>
      <ul className="mt-4 grid gap-1.5 text-sm sm:grid-cols-2" data-testid="plan-tools">
        {(Object.keys(PLAN_FEATURES) as PlanFeature[]).map((f) => {
          const ok = planAllows(d.tier, f);
          return (
            <li key={f} className={cn('flex items-center gap-2', ok ? 'text-ink-800' : 'text-ink-400')}>
              <span aria-hidden className={ok ? 'text-emerald-600' : 'text-ink-300'}>
                {ok ? '✓' : '✕'}
              </span>
              <span>
                {PLAN_FEATURES[f]}
                <span className="sr-only">{ok ? ': included' : ': not included'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export default function Subscription() {
  usePageTitle('Subscription & Billing');
  const merchantId = useMerchantId();
  const q = trpc.merchants.getSubscription.useQuery({ merchantId: merchantId ?? undefined });
  const cancelChange = trpc.merchants.cancelScheduledPlanChange.useMutation({
    meta: {
      successToast: answerMessage,
      errorToast: 'Could not cancel the change. Please try again.',
      invalidates: ['merchants.getSubscription'],
    },
  });
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  const [scheduling, setScheduling] = useState<TierId | null>(null);
  const d = q.data?.data;
  const current = d ? tierOf(d.tier) : null;
  const keepPlan = () => cancelChange.mutate({ merchantId: merchantId ?? undefined });
  const quoteOf = (id: PlanId) => d?.quotes.find((x) => x.plan === id);
  return (
    <PageContainer>
      <PageHeader
        title="Subscription & Billing"
        description="Your plan and its limits, GST invoices and credit notes, and payment method. Prices are per month, GST extra."
      />
      {q.isError ? (
        <LoadError title="Could not load your subscription" onRetry={q.refetch} />
      ) : !d || !current ? (
        <Skeleton className="h-96 rounded-3xl" />
      ) : (
        <div className="space-y-6">
          {d.gateway.testMode && (
            <p className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="test-mode">
              Payments run through the offline <strong>test gateway</strong>: no real money moves.
            </p>
          )}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card data-testid="current-plan">
              <p className="text-xs font-semibold tracking-widest text-rose-600 uppercase">Current Plan</p>
              <div className="mt-1 flex flex-wrap items-end justify-between gap-3">
                <div>
                  <p className="text-2xl font-bold text-ink-900">{current.name}</p>
                  <p className="text-sm text-ink-600">
                    {d.tier === 'free'
                      ? d.plan && d.nextBillingDate
                        ? `Your ${tierOf(d.plan).name} plan ended ${fmtDay(d.nextBillingDate)}. ${FREE_PLAN.description}`
                        : FREE_PLAN.description
                      : `${rupees(current.price)}/month + GST · ${d.scheduledChange ? 'paid until' : d.autoRenew ? 'renews' : 'ends'} ${d.nextBillingDate ? fmtDay(d.nextBillingDate) : '—'}`}
                  </p>
                </div>
                <Badge tone={d.tier === 'free' ? 'neutral' : PLAN_STATUS.active.tone}>
                  {d.tier === 'free' ? 'Free' : PLAN_STATUS.active.label}
                </Badge>
              </div>
              {d.scheduledChange && (
                <div
                  className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900"
                  data-testid="scheduled-change"
                >
                  <span>
                    Changes to <strong>{tierOf(d.scheduledChange.plan).name}</strong> on {fmtDay(d.scheduledChange.on)}
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={keepPlan}
                    loading={cancelChange.isPending}
                    data-testid="cancel-scheduled-change"
                  >
                    Keep {current.name}
                  </Button>
                </div>
              )}
              <Link
                href="/merchant/commission"
                className="mt-3 inline-block text-sm font-medium text-plum-700 underline"
                data-testid="subscription-commission-link"
              >
                Commission per month, paid and outstanding
              </Link>
            </Card>
            <PlanUsage d={d} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="plans">
            {[FREE_PLAN, ...PLANS].map((p) => {
              const isCurrent = p.id === d.tier;
              const quote = p.id === 'free' ? null : quoteOf(p.id);
              const scheduled = d.scheduledChange?.plan === p.id;
              let action: { label: string; onClick?: () => void; disabled?: boolean };
              if (isCurrent) action = { label: 'Current Plan', disabled: true };
              else if (scheduled) action = { label: `From ${fmtDay(d.scheduledChange!.on)}`, disabled: true };
              else if (p.id === 'free' || quote?.kind === 'downgrade')
                action = { label: `Change on ${d.nextBillingDate ? fmtDay(d.nextBillingDate) : '—'}`, onClick: () => setScheduling(p.id) };
              else if (quote?.kind === 'upgrade')
                action = { label: `Upgrade: ${rupees(quote.due ?? 0)} now`, onClick: () => setChoosing(p.id as PlanId) };
              else action = { label: `Choose ${p.name}`, onClick: () => setChoosing(p.id as PlanId) };
              return (
                <Card key={p.id} className={cn('flex flex-col', isCurrent && 'ring-2 ring-plum-400')} data-testid={`plan-${p.id}`}>
                  <p className="text-lg font-semibold text-ink-900">{p.name}</p>
                  <p className="mt-1 text-3xl font-bold text-plum-800">
                    {p.price === 0 ? '₹0' : rupees(p.price)}
                    <span className="text-sm font-normal text-ink-500">/month</span>
                  </p>
                  <p className="mt-1 text-sm text-ink-600">{p.description}</p>
                  <ul className="mt-3 flex-1 space-y-1 text-sm text-ink-700">
                    {p.features.map((f) => (
                      <li key={f}>✓ {f}</li>
                    ))}
                  </ul>
                  <Button
                    className="mt-4"
                    variant={isCurrent || scheduled ? 'outline' : 'primary'}
                    disabled={action.disabled}
                    onClick={action.onClick}
                    data-testid={`choose-${p.id}`}
                  >
                    {action.label}
                  </Button>
                </Card>
              );
            })}
          </div>
          {/* grid-cols-1 and min-w-0 keep the track at the page's width, so the invoice table scrolls in
              its own box instead of widening the page (and the Payment Method card) on a phone. */}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="min-w-0 space-y-6">
              <Card padded={false} className="min-w-0">
                <div className="p-5 pb-2">
                  <CardHeader title="Billing History" description="Tax invoices, with GSTINs, SAC and place of supply in the PDF" />
                </div>
                {d.invoices.length === 0 ? (
                  <p className="px-5 pb-5 text-sm text-ink-500">No invoices yet.</p>
                ) : (
                  <div className="relative overflow-x-auto" role="region" aria-label="Billing history" tabIndex={0}>
                    <table className="w-full min-w-[560px] text-sm" data-testid="invoices">
                      <thead className="bg-blush-50 text-left text-xs text-ink-500 uppercase">
                        <tr>
                          <th className="px-5 py-2">Invoice</th>
                          <th className="px-3 py-2">Date</th>
                          <th className="px-3 py-2 text-right">Amount</th>
                          <th className="px-3 py-2">Status</th>
                          <th className="px-3 py-2">Description</th>
                          <th className="px-3 py-2" />
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-blush-100">
                        {d.invoices.map((inv) => (
                          <tr key={inv._id} data-testid="invoice-row">
                            <td className="px-5 py-2.5 font-mono text-xs whitespace-nowrap">{inv.number}</td>
                            <td className="px-3 py-2.5 whitespace-nowrap">{fmtDay(inv.date)}</td>
                            <td className="px-3 py-2.5 text-right whitespace-nowrap">{rupees(inv.amount)}</td>
                            <td className="px-3 py-2.5">
                              <Badge tone={STATUS_TONE[inv.status] ?? 'neutral'}>{inv.status[0].toUpperCase() + inv.status.slice(1)}</Badge>
                            </td>
                            <td className="px-3 py-2.5" title={inv.description}>
                              <span className="block text-ink-900">
                                {/\(upgrade from/.test(inv.description)
                                  ? `${planName(inv.plan)} plan (upgrade)`
                                  : `${planName(inv.plan)} plan`}
                              </span>
                              <span className="block text-xs text-ink-500">
                                <span className="whitespace-nowrap">{fmtDay(inv.periodStart)}</span> to{' '}
                                <span className="whitespace-nowrap">{fmtDay(inv.periodEnd)}</span>
                              </span>
                            </td>
                            <td className="px-3 py-2.5">
                              <Button
                                size="sm"
                                variant="ghost"
                                aria-label={`Download PDF of invoice ${inv.number}`}
                                data-testid="download-invoice"
                                onClick={() =>
                                  downloadDocument('invoices', inv._id, inv.number).catch((e: Error) => toast.error(e.message))
                                }
                              >
                                <span aria-hidden="true">⬇</span> PDF
                              </Button>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </Card>
              {(d.payments ?? []).length > 0 && <PlanPayments payments={d.payments} />}
              {d.creditNotes.length > 0 && (
                <Card padded={false} className="min-w-0">
                  <div className="p-5 pb-2">
                    <CardHeader title="Credit Notes" description="Credits for unused days on upgrades, refunds and cancelled invoices" />
                  </div>
                  <div className="relative overflow-x-auto" role="region" aria-label="Credit notes" tabIndex={0}>
                    <table className="w-full min-w-[560px] text-sm" data-testid="credit-notes">
                      <thead className="bg-blush-50 text-left text-xs text-ink-500 uppercase">
                        <tr>
                          <th className="px-5 py-2">Credit note</th>
                          <th className="px-3 py-2">Date</th>
                          <th className="px-3 py-2 text-right">Credit</th>
                          <th className="px-3 py-2">Against</th>
                          <th className="px-3 py-2">Reason</th>
                          <th className="px-3 py-2" />
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-blush-100">
                        {d.creditNotes.map((c) => (
                          <tr key={c._id} data-testid="credit-note-row">
                            <td className="px-5 py-2.5 font-mono text-xs whitespace-nowrap">{c.number}</td>
                            <td className="px-3 py-2.5 whitespace-nowrap">{fmtDay(c.date)}</td>
                            <td className="px-3 py-2.5 text-right whitespace-nowrap text-emerald-700">−{rupees(c.amount)}</td>
                            <td className="px-3 py-2.5 font-mono text-xs whitespace-nowrap">{c.invoiceNumber}</td>
                            <td className="px-3 py-2.5" title={c.description}>
                              {c.reason === 'proration' ? 'Unused days (upgrade)' : c.reason === 'refund' ? 'Refund' : 'Cancelled invoice'}
                              {c.reason !== 'proration' && (
                                <p
                                  className={c.refund.status === 'failed' ? 'text-xs text-red-700' : 'text-xs text-ink-700'}
                                  data-testid="credit-note-refund"
                                >
                                  {refundText(c.refund)}
                                </p>
                              )}
                            </td>
                            <td className="px-3 py-2.5">
                              <Button
                                size="sm"
                                variant="ghost"
                                aria-label={`Download PDF of credit note ${c.number}`}
                                data-testid="download-credit-note"
                                onClick={() =>
                                  downloadDocument('credit-notes', c._id, c.number).catch((e: Error) => toast.error(e.message))
                                }
                              >
                                <span aria-hidden="true">⬇</span> PDF
                              </Button>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </Card>
              )}
            </div>
            <div className="space-y-6">
              <Card>
                <CardHeader title="Payment Method" />
                {d.paymentMethod ? (
                  <div data-testid="payment-method">
                    <p className="text-sm text-ink-700">Card ending {d.paymentMethod.last4}</p>
                    <p className="text-sm text-ink-700">
                      {d.paymentMethod.expMonth && d.paymentMethod.expYear
                        ? `Expires ${String(d.paymentMethod.expMonth).padStart(2, '0')}/${d.paymentMethod.expYear}`
                        : 'Expiry not shared by the gateway'}
                    </p>
                  </div>
                ) : (
                  <p className="text-sm text-ink-700">No card on file</p>
                )}
                <p className="mt-1 text-xs text-ink-500">
                  {d.autoRenew ? 'Charged automatically on your next billing date.' : 'The card is charged when you choose a plan.'}
                </p>
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-3"
                  onClick={() => toast.info('Your card is updated the next time you pay for a plan.')}
                >
                  Update Payment Method
                </Button>
              </Card>
              <Card data-testid="gst-details">
                <CardHeader title="GST details" />
                <dl className="mt-2 space-y-2 text-sm">
                  <div>
                    <dt className="text-xs text-ink-500">Your GSTIN</dt>
                    <dd className="font-mono text-ink-900" data-testid="salon-gstin">
                      {d.gst.salonGstin ?? (
                        <span className="font-sans text-ink-600">Not added: invoices are issued to an unregistered recipient</span>
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-ink-500">GlowBook's GSTIN ({d.platformState})</dt>
                    <dd className="font-mono text-ink-900">{d.gst.platformGstin}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-ink-500">SAC · place of supply</dt>
                    <dd className="text-ink-900">
                      {d.gst.sac} · {d.merchantState} (
                      {d.merchantState.trim().toLowerCase() === d.platformState.trim().toLowerCase() ? 'CGST + SGST' : 'IGST'})
                    </dd>
                  </div>
                </dl>
                <Link href="/merchant/settings#gst" className="mt-3 inline-block text-sm font-medium text-plum-700 underline">
                  {d.gst.salonGstin ? 'Change GSTIN in Settings' : 'Add your GSTIN in Settings'}
                </Link>
              </Card>
            </div>
          </div>
        </div>
      )}
      {choosing && d && quoteOf(choosing) && (
        <ConfirmPlan
          plan={PLANS.find((p) => p.id === choosing)!}
          quote={quoteOf(choosing)!}
          currentPlan={d.tier}
          merchantState={d.merchantState}
          platformState={d.platformState}
          testMode={d.gateway.testMode}
          checkoutKey={d.gateway.checkoutKey}
          merchantId={merchantId}
          onClose={() => setChoosing(null)}
        />
      )}
      {scheduling && d && <ScheduleChange target={scheduling} d={d} merchantId={merchantId} onClose={() => setScheduling(null)} />}
    </PageContainer>
  );
}
