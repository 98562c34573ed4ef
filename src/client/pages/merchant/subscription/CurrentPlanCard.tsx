import { Link } from 'wouter';
import { FREE_PLAN, tierOf } from '../../../../shared/plans';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { fmtDay, PLAN_STATUS, rupees, type SubscriptionData } from './format';

/** The plan the salon is on, when it renews or ends, and a scheduled change with "Keep". */
export function CurrentPlanCard({ d, onKeep, keeping }: { d: SubscriptionData; onKeep: () => void; keeping: boolean }) {
  const current = tierOf(d.tier);
  return (
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
          <Button size="sm" variant="outline" onClick={onKeep} loading={keeping} data-testid="cancel-scheduled-change">
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
  );
}
