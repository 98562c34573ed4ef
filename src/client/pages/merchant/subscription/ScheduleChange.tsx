import { PLAN_FEATURES, type PlanFeature, planAllows, staffLimitText, type TierId, tierOf } from '../../../../shared/plans';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { fmtDay, rupees, type SubscriptionData } from './format';
import { useSchedulePlanChange } from './useSubscription';

/** A downgrade (or leaving for Free) at the end of the paid period: nothing is charged now. */
export function ScheduleChange({
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
  const { schedule, error, submit } = useSchedulePlanChange({ target, merchantId, onClose });
  const current = tierOf(d.tier);
  const next = tierOf(target);
  const on = d.nextBillingDate ? fmtDay(d.nextBillingDate) : '—';
  const lost = (Object.keys(PLAN_FEATURES) as PlanFeature[]).filter((f) => planAllows(d.tier, f) && !planAllows(target, f));
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
