import { getQueryKey } from '@trpc/react-query';
import { Link } from 'wouter';
import { TIERS } from '../../../shared/loyalty';
import { formatINR } from '../../../shared/money';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { LoadMore } from '../../components/ui/LoadMore';
import { Skeleton } from '../../components/ui/Skeleton';
import { BalanceCard, LedgerList } from '../../features/wallet/Ledger';
import { cn } from '../../lib/cn';
import { usePagedList } from '../../lib/usePagedList';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

const KIND_LABELS = { booking_completed: 'Visit', reward_redeemed: 'Reward', adjustment: 'Adjustment' } as const;

const POINTS_PAGE = 20;

export default function Loyalty() {
  usePageTitle('Loyalty Program');
  const client = trpc.useUtils().client;
  const list = usePagedList({
    queryKey: getQueryKey(trpc.users.getLoyalty, { limit: POINTS_PAGE }, 'infinite'),
    fetchPage: (page) => client.users.getLoyalty.query({ page, limit: POINTS_PAGE }),
    pagingOf: (a) => a.data.paging,
    itemsOf: (a) => a.data.entries,
    idOf: (e) => e._id,
  });
  const q = list.query;
  // Points, tier and reward are the first page's; the history is every page loaded.
  const d = list.first?.data;
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="Loyalty Program"
        description="Earn points every time you visit a salon through GlowBook, and turn them into discounts."
      />
      {q.isError ? (
        <LoadError title="Could not load your points" onRetry={q.refetch} />
      ) : !d ? (
        <Skeleton className="h-64 rounded-3xl" />
      ) : (
        <div className="space-y-6">
          <BalanceCard
            label={`${d.tier} member`}
            value={`${d.points.toLocaleString('en-IN')} points`}
            hint={
              d.nextTier
                ? `${d.nextTier.pointsToGo.toLocaleString('en-IN')} more points to ${d.nextTier.name}`
                : 'You are at the top tier. Thank you!'
            }
          >
            <Link href="/rewards" className={buttonClasses('secondary', 'sm')}>
              Use points on My Rewards
            </Link>
          </BalanceCard>
          <Card>
            <CardHeader title="How it works" />
            <ul className="grid gap-3 text-sm text-ink-700 sm:grid-cols-3">
              <li className="rounded-2xl bg-blush-50 p-4">
                <p className="font-semibold text-ink-900">Earn</p>1 point for every {formatINR(d.rupeesPerPoint)} of a completed booking.
              </li>
              <li className="rounded-2xl bg-blush-50 p-4">
                <p className="font-semibold text-ink-900">Redeem</p>
                {d.reward.points} points = {formatINR(d.reward.value)} off any booking, valid {d.reward.validDays} days.
              </li>
              <li className="rounded-2xl bg-blush-50 p-4">
                <p className="font-semibold text-ink-900">Tiers</p>
                {TIERS.map((t) => `${t.name} ${t.from.toLocaleString('en-IN')}+`).join(' · ')} points earned.
              </li>
            </ul>
            <ol className="mt-4 flex gap-2" aria-label="Tiers">
              {TIERS.map((t) => (
                <li
                  key={t.name}
                  className={cn(
                    'flex-1 rounded-full px-3 py-1.5 text-center text-xs font-semibold',
                    t.name === d.tier ? 'bg-plum-700 text-white' : 'bg-blush-100 text-plum-800',
                  )}
                >
                  {t.name}
                </li>
              ))}
            </ol>
          </Card>
          <Card>
            <CardHeader title="Points history" />
            {list.items.length === 0 ? (
              <EmptyState title="No points yet" description="Points arrive when the salon marks your appointment completed." />
            ) : (
              <>
                <LedgerList
                  testId="points-entries"
                  unit="points"
                  rows={list.items.map((e) => ({
                    _id: e._id,
                    description: e.description,
                    createdAt: e.createdAt,
                    amount: e.points,
                    balanceAfter: e.balanceAfter,
                    label: KIND_LABELS[e.kind],
                  }))}
                />
                <LoadMore
                  paging={list.paging}
                  shown={list.items.length}
                  noun="entries"
                  hasMore={list.hasMore}
                  loading={list.loadingMore}
                  onLoadMore={list.loadMore}
                  testId="points-paging"
                />
              </>
            )}
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
