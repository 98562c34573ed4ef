import { formatINR } from '../../../shared/money';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Skeleton } from '../../components/ui/Skeleton';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { answerMessage } from '../../mutationMeta';
import { trpc } from '../../trpc';

export default function Rewards() {
  usePageTitle('My Rewards');
  const q = trpc.users.getLoyalty.useQuery({});
  const redeem = trpc.users.redeemReward.useMutation({
    meta: { successToast: answerMessage, errorToast: 'Could not redeem the reward.', invalidates: ['users.getLoyalty'] },
  });
  const d = q.data?.data;
  const canRedeem = d ? d.points >= d.reward.points : false;

  const onRedeem = () => redeem.mutate({});

  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title="My Rewards" description="Turn loyalty points into money off your next appointment." />
      {q.isError ? (
        <LoadError title="Could not load your rewards" onRetry={q.refetch} />
      ) : !d ? (
        <Skeleton className="h-48 rounded-3xl" />
      ) : (
        <div className="space-y-6">
          <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between" data-testid="reward-card">
            <div>
              <p className="text-xs font-semibold tracking-widest text-rose-600 uppercase">Reward</p>
              <p className="text-2xl font-bold text-ink-900">{formatINR(d.reward.value)} off</p>
              <p className="text-sm text-ink-500">
                For {d.reward.points} points, on any booking of {formatINR(d.reward.value)} or more. You have{' '}
                {d.points.toLocaleString('en-IN')} points.
              </p>
            </div>
            <Button
              onClick={onRedeem}
              disabled={!canRedeem}
              loading={redeem.isPending}
              loadingText="Redeeming…"
              data-testid="redeem-reward"
            >
              {canRedeem ? 'Redeem' : `${(d.reward.points - d.points).toLocaleString('en-IN')} points to go`}
            </Button>
          </Card>
          <Card>
            <CardHeader
              title="Your reward codes"
              description="Enter a code in the coupon box when you book. Each works once, only on your account."
            />
            {d.rewards.length === 0 ? (
              <p className="text-sm text-ink-500">No reward codes yet.</p>
            ) : (
              <ul className="divide-y divide-blush-100" data-testid="reward-codes">
                {d.rewards.map((r) => (
                  <li key={r.code} className="flex items-center justify-between gap-3 py-3">
                    <div>
                      <p className="font-mono text-base font-semibold tracking-wider text-plum-800">{r.code}</p>
                      <p className="text-xs text-ink-500">
                        {formatINR(r.value)} off{r.validUntil ? ` · valid until ${longDate(r.validUntil)}` : ''}
                      </p>
                    </div>
                    <Badge tone={r.used ? 'neutral' : 'success'}>{r.used ? 'Used' : 'Ready to use'}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
