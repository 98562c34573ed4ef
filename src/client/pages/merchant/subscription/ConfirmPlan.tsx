import { gstBreakdown } from '../../../../shared/gst';
import { type PLANS, type TierId, tierOf } from '../../../../shared/plans';
import { TEST_CARDS } from '../../../../shared/schemas/wallet';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { FormError } from '../../../forms/FormError';
import { type Quote, rupees } from './format';
import { usePlanPayment } from './useSubscription';

/** Pay for a plan (or an upgrade's difference): the price with its GST, and the test card in test mode. */
export function ConfirmPlan({
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
  const { form, errors, asksCard, paying, pay } = usePlanPayment({ plan: plan.id, merchantId, checkoutKey, testMode, onClose });
  const tax = gstBreakdown(plan.price, platformState, merchantState);
  const upgrade = quote.kind === 'upgrade';
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
