import type { Dispatch } from 'react';
import { FREE_PLAN, PLANS, type PlanId } from '../../../../shared/plans';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { cn } from '../../../lib/cn';
import { fmtDay, type Quote, rupees, type SubscriptionData } from './format';
import type { PlanModalAction } from './planModalState';

/** Free and the paid plans, each with what choosing it does now: upgrade now, or change at the period's end. */
export function PlanCards({
  d,
  quoteOf,
  dispatch,
}: {
  d: SubscriptionData;
  quoteOf: (id: PlanId) => Quote | undefined;
  dispatch: Dispatch<PlanModalAction>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="plans">
      {[FREE_PLAN, ...PLANS].map((p) => {
        const isCurrent = p.id === d.tier;
        const quote = p.id === 'free' ? null : quoteOf(p.id);
        const scheduled = d.scheduledChange?.plan === p.id;
        let action: { label: string; onClick?: () => void; disabled?: boolean };
        if (isCurrent) action = { label: 'Current Plan', disabled: true };
        else if (scheduled) action = { label: `From ${fmtDay(d.scheduledChange!.on)}`, disabled: true };
        else if (p.id === 'free' || quote?.kind === 'downgrade')
          action = {
            label: `Change on ${d.nextBillingDate ? fmtDay(d.nextBillingDate) : '—'}`,
            onClick: () => dispatch({ type: 'schedule', target: p.id }),
          };
        else if (quote?.kind === 'upgrade')
          action = { label: `Upgrade: ${rupees(quote.due ?? 0)} now`, onClick: () => dispatch({ type: 'choose', plan: p.id as PlanId }) };
        else action = { label: `Choose ${p.name}`, onClick: () => dispatch({ type: 'choose', plan: p.id as PlanId }) };
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
  );
}
