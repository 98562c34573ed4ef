import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { gstBreakdown, indianNumber, PLANS, type PlanId } from '../../../shared/gst';
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
import { useMerchantId } from '../../features/shop/api';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { getSession, sessionAtom } from '../../state/session';
import { failureMessage, httpStatusOf, useTRPC } from '../../trpc';

const rupees = (n: number, decimals = 0) => `₹${indianNumber(n, decimals)}`;
const STATUS_TONE: Record<string, BadgeTone> = { paid: 'success', pending: 'warning', failed: 'danger' };
const PLAN_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};
const fmtDay = (d: string) => longDate(d);
const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? id;

/** Fetches the invoice PDF with the session's token and saves it. */
async function downloadInvoice(id: string, number: string) {
  const res = await fetch(`/api/invoices/${id}/pdf`, { headers: { authorization: `Bearer ${getSession().token}` } });
  if (!res.ok) throw new Error('Could not download the invoice.');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${number.replace(/\//g, '-')}.pdf`;
  a.click();
  URL.revokeObjectURL(url);
}

function ConfirmPlan({
  plan,
  merchantState,
  platformState,
  testMode,
  checkoutKey,
  merchantId,
  onClose,
}: {
  plan: (typeof PLANS)[number];
  merchantState: string;
  platformState: string;
  testMode: boolean;
  checkoutKey: string | null;
  merchantId: string | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useAtomValue(sessionAtom);
  const change = useMutation(trpc.merchants.changePlan.mutationOptions());
  const order = useMutation(trpc.merchants.createPlanOrder.mutationOptions());
  const [card, setCard] = useState('');
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One id per attempt: a double click or a retry after a lost answer is the same payment. A
  // definite answer (paid or refused) ends the attempt; the next Pay Now is a new one.
  const [attemptId, setAttemptId] = useState(newAttemptId);
  const [paying, setPaying] = useState(false);
  const tax = gstBreakdown(plan.price, platformState, merchantState);
  const scope = { merchantId: merchantId ?? undefined, plan: plan.id, attemptId };
  const pay = async () => {
    if (paying) return;
    setError(null);
    if (!checkoutKey && testMode && !expiry.trim()) return setError('Enter the card expiry (MM/YY).');
    setPaying(true);
    try {
      let r;
      if (checkoutKey) {
        const o = await order.mutateAsync(scope);
        const proof = await payWithRazorpay({ key: o.data.keyId, orderId: o.data.orderId, amount: o.data.amount, description: o.data.description, email: session.userEmail ?? undefined, name: session.userName ?? undefined });
        if (!proof) return;
        r = await change.mutateAsync({ ...scope, ...proof });
      } else {
        r = await change.mutateAsync({ ...scope, cardNumber: card || undefined, cardExpiry: expiry.trim() || undefined });
      }
      toast.success(r.message);
      await queryClient.invalidateQueries({ queryKey: trpc.merchants.getSubscription.queryKey() });
      onClose();
    } catch (err) {
      const status = httpStatusOf(err);
      if (status !== undefined && status >= 400 && status < 500 && status !== 409) setAttemptId(newAttemptId());
      setError(err instanceof Error && !(err instanceof TRPCClientError) ? err.message : failureMessage(err, 'Failed to process payment. Please try again.'));
    } finally {
      setPaying(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Confirm Plan Selection"
      size="md"
      testId="confirm-plan"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void pay()} loading={paying} loadingText="Processing..." data-testid="pay-now">
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
      <dl className="mt-4 space-y-1.5 rounded-2xl bg-blush-50 p-4 text-sm" data-testid="price-breakdown">
        <div className="flex justify-between">
          <dt>Plan price (monthly)</dt>
          <dd>{rupees(tax.base, 2)}</dd>
        </div>
        {tax.intraState ? (
          <>
            <div className="flex justify-between">
              <dt>CGST 9%</dt>
              <dd>{rupees(tax.cgst, 2)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>SGST 9%</dt>
              <dd>{rupees(tax.sgst, 2)}</dd>
            </div>
          </>
        ) : (
          <div className="flex justify-between">
            <dt>IGST 18%</dt>
            <dd>{rupees(tax.igst, 2)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-blush-200 pt-1.5 font-semibold text-ink-900">
          <dt>Total</dt>
          <dd>{rupees(tax.total, 2)}</dd>
        </div>
      </dl>
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
                value={card}
                hint={`Use ${TEST_CARDS.approved.replace(/(\d{4})(?=\d)/g, '$1 ')} to approve, ${TEST_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')} to decline.`}
                onChange={(e) => {
                  setCard(e.target.value);
                  setError(null);
                }}
              />
              <Input
                id="plan-card-expiry"
                label="Expiry"
                placeholder="MM/YY"
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={7}
                value={expiry}
                onChange={(e) => {
                  setExpiry(e.target.value);
                  setError(null);
                }}
              />
            </div>
          </div>
        )
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </Modal>
  );
}

export default function Subscription() {
  usePageTitle('Subscription & Billing');
  const merchantId = useMerchantId();
  const trpc = useTRPC();
  const q = useQuery(trpc.merchants.getSubscription.queryOptions({ merchantId: merchantId ?? undefined }));
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  const d = q.data?.data;
  const current = PLANS.find((p) => p.id === d?.plan);
  return (
    <PageContainer>
      <PageHeader title="Subscription & Billing" description="Your plan, invoices with GST, and payment method. Prices are per month, GST extra." />
      {q.isError ? (
        <LoadError title="Could not load your subscription" onRetry={q.refetch} />
      ) : !d ? (
        <Skeleton className="h-96 rounded-3xl" />
      ) : (
        <div className="space-y-6">
          {d.gateway.testMode && (
            <p className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="test-mode">
              Payments run through the offline <strong>test gateway</strong>: no real money moves.
            </p>
          )}
          <Card data-testid="current-plan">
            <p className="text-xs font-semibold tracking-widest text-rose-600 uppercase">Current Plan</p>
            {current ? (
              <div className="mt-1 flex flex-wrap items-end justify-between gap-3">
                <div>
                  <p className="text-2xl font-bold text-ink-900">{current.name}</p>
                  <p className="text-sm text-ink-600">
                    {rupees(current.price)}/month + GST ·{' '}
                    {d.status === 'active'
                      ? `${d.autoRenew ? 'renews' : 'ends'} ${d.nextBillingDate ? fmtDay(d.nextBillingDate) : '—'}`
                      : `ended ${d.nextBillingDate ? fmtDay(d.nextBillingDate) : '—'}; choose a plan to continue`}
                  </p>
                </div>
                <Badge tone={PLAN_STATUS[d.status ?? 'active'].tone}>{PLAN_STATUS[d.status ?? 'active'].label}</Badge>
              </div>
            ) : (
              <p className="mt-1 text-ink-700">Free listing: you pay only the commission on completed bookings. Choose a plan for more tools.</p>
            )}
          </Card>
          <div className="grid gap-4 lg:grid-cols-3" data-testid="plans">
            {PLANS.map((p) => {
              const isCurrent = p.id === d.plan && d.status === 'active';
              return (
                <Card key={p.id} className={cn('flex flex-col', isCurrent && 'ring-2 ring-plum-400')}>
                  <p className="text-lg font-semibold text-ink-900">{p.name}</p>
                  <p className="mt-1 text-3xl font-bold text-plum-800">
                    {rupees(p.price)}
                    <span className="text-sm font-normal text-ink-500">/month</span>
                  </p>
                  <p className="mt-1 text-sm text-ink-600">{p.description}</p>
                  <ul className="mt-3 flex-1 space-y-1 text-sm text-ink-700">
                    {p.features.map((f) => (
                      <li key={f}>✓ {f}</li>
                    ))}
                  </ul>
                  <Button className="mt-4" variant={isCurrent ? 'outline' : 'primary'} disabled={isCurrent} onClick={() => setChoosing(p.id)} data-testid={`choose-${p.id}`}>
                    {isCurrent ? 'Current Plan' : `Choose ${p.name}`}
                  </Button>
                </Card>
              );
            })}
          </div>
          {/* grid-cols-1 and min-w-0 keep the track at the page's width, so the invoice table scrolls in
              its own box instead of widening the page (and the Payment Method card) on a phone. */}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <Card padded={false} className="min-w-0">
              <div className="p-5 pb-2">
                <CardHeader title="Billing History" />
              </div>
              {d.invoices.length === 0 ? (
                <p className="px-5 pb-5 text-sm text-ink-500">No invoices yet.</p>
              ) : (
                <div className="relative overflow-x-auto">
                  <table className="w-full min-w-[560px] text-sm" data-testid="invoices">
                    <thead className="bg-blush-50 text-left text-xs text-ink-500 uppercase">
                      <tr>
                        <th className="px-5 py-2">Invoice</th>
                        <th className="px-3 py-2">Date</th>
                        <th className="px-3 py-2">Description</th>
                        <th className="px-3 py-2 text-right">Amount</th>
                        <th className="px-3 py-2">Status</th>
                        <th className="px-3 py-2" />
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-blush-100">
                      {d.invoices.map((inv) => (
                        <tr key={inv._id} data-testid="invoice-row">
                          <td className="px-5 py-2.5 font-mono text-xs whitespace-nowrap">{inv.number}</td>
                          <td className="px-3 py-2.5 whitespace-nowrap">{fmtDay(inv.date)}</td>
                          <td className="px-3 py-2.5" title={inv.description}>
                            <span className="block text-ink-900">{planName(inv.plan)} plan</span>
                            <span className="block text-xs text-ink-500">
                              <span className="whitespace-nowrap">{fmtDay(inv.periodStart)}</span> to <span className="whitespace-nowrap">{fmtDay(inv.periodEnd)}</span>
                            </span>
                          </td>
                          <td className="px-3 py-2.5 text-right whitespace-nowrap">{rupees(inv.amount, 2)}</td>
                          <td className="px-3 py-2.5">
                            <Badge tone={STATUS_TONE[inv.status] ?? 'neutral'}>{inv.status[0].toUpperCase() + inv.status.slice(1)}</Badge>
                          </td>
                          <td className="px-3 py-2.5">
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Download invoice ${inv.number}`}
                              data-testid="download-invoice"
                              onClick={() => downloadInvoice(inv._id, inv.number).catch((e: Error) => toast.error(e.message))}
                            >
                              ⬇ PDF
                            </Button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Card>
            <Card>
              <CardHeader title="Payment Method" />
              {d.paymentMethod ? (
                <div data-testid="payment-method">
                  <p className="text-sm text-ink-700">Card ending {d.paymentMethod.last4}</p>
                  <p className="text-sm text-ink-700">
                    {d.paymentMethod.expMonth && d.paymentMethod.expYear ? `Expires ${String(d.paymentMethod.expMonth).padStart(2, '0')}/${d.paymentMethod.expYear}` : 'Expiry not shared by the gateway'}
                  </p>
                </div>
              ) : (
                <p className="text-sm text-ink-700">No card on file</p>
              )}
              <p className="mt-1 text-xs text-ink-500">{d.autoRenew ? 'Charged automatically on your next billing date.' : 'The card is charged when you choose a plan.'}</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => toast.info('Your card is updated the next time you pay for a plan.')}>
                Update Payment Method
              </Button>
            </Card>
          </div>
        </div>
      )}
      {choosing && d && (
        <ConfirmPlan
          plan={PLANS.find((p) => p.id === choosing)!}
          merchantState={d.merchantState}
          platformState={d.platformState}
          testMode={d.gateway.testMode}
          checkoutKey={d.gateway.checkoutKey}
          merchantId={merchantId}
          onClose={() => setChoosing(null)}
        />
      )}
    </PageContainer>
  );
}
