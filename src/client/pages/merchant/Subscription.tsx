import { useReducer } from 'react';
import { PLANS, tierOf } from '../../../shared/plans';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { LoadError } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { useMerchantId } from '../../features/shop/api';
import { usePageTitle } from '../../lib/usePageTitle';
import { CreditNotesCard, InvoicesCard } from './subscription/BillingTables';
import { ConfirmPlan } from './subscription/ConfirmPlan';
import { CurrentPlanCard } from './subscription/CurrentPlanCard';
import { PlanCards } from './subscription/PlanCards';
import { PlanPayments } from './subscription/PlanPayments';
import { PlanUsage } from './subscription/PlanUsage';
import { noPlanModal, planModalReducer } from './subscription/planModalState';
import { ScheduleChange } from './subscription/ScheduleChange';
import { SideCards } from './subscription/SideCards';
import { useSubscription } from './subscription/useSubscription';

export default function Subscription() {
  usePageTitle('Subscription & Billing');
  const merchantId = useMerchantId();
  const { q, d, cancelChange, keepPlan, quoteOf } = useSubscription(merchantId);
  const [modal, dispatch] = useReducer(planModalReducer, noPlanModal);
  const current = d ? tierOf(d.tier) : null;
  const choosing = modal.kind === 'choose' ? modal.plan : null;
  const close = () => dispatch({ type: 'close' });
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
            <CurrentPlanCard d={d} onKeep={keepPlan} keeping={cancelChange.isPending} />
            <PlanUsage d={d} />
          </div>
          <PlanCards d={d} quoteOf={quoteOf} dispatch={dispatch} />
          {/* grid-cols-1 and min-w-0 keep the track at the page's width, so the invoice table scrolls in
              its own box instead of widening the page (and the Payment Method card) on a phone. */}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="min-w-0 space-y-6">
              <InvoicesCard invoices={d.invoices} />
              {(d.payments ?? []).length > 0 && <PlanPayments payments={d.payments} />}
              {d.creditNotes.length > 0 && <CreditNotesCard creditNotes={d.creditNotes} />}
            </div>
            <div className="space-y-6">
              <SideCards d={d} />
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
          onClose={close}
        />
      )}
      {modal.kind === 'schedule' && d && <ScheduleChange target={modal.target} d={d} merchantId={merchantId} onClose={close} />}
    </PageContainer>
  );
}
