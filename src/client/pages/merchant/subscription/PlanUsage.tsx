import { PLAN_FEATURES, type PlanFeature, planAllows, tierOf } from '../../../../shared/plans';
import { Card, CardHeader } from '../../../components/ui/Card';
import { cn } from '../../../lib/cn';
import type { SubscriptionData } from './format';

/** What the salon's plan allows and how much of it is used: the same rules the server enforces. */
export function PlanUsage({ d }: { d: SubscriptionData }) {
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
