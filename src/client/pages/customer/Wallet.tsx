import { getQueryKey } from '@trpc/react-query';
import { Link } from 'wouter';
import { formatINR } from '../../../shared/money';
import type { WalletEntryWire } from '../../../shared/schemas/wallet';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { LoadMore } from '../../components/ui/LoadMore';
import { Skeleton } from '../../components/ui/Skeleton';
import { MyHoldings } from '../../features/packages/Holdings';
import { BalanceCard, LedgerList } from '../../features/wallet/Ledger';
import { usePagedList } from '../../lib/usePagedList';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

const KIND_LABELS: Record<WalletEntryWire['kind'], string> = {
  refund: 'Refund',
  booking_payment: 'Booking payment',
  gift_card_redeemed: 'Gift card added',
  gift_card_purchase: 'Gift card bought',
  adjustment: 'Adjustment',
  visit_payment: 'Paid at the salon',
  salon_purchase: 'Salon package or voucher',
};

const WALLET_PAGE = 20;

export default function Wallet() {
  usePageTitle('Wallet');
  const client = trpc.useUtils().client;
  const list = usePagedList({
    queryKey: getQueryKey(trpc.users.getWallet, { limit: WALLET_PAGE }, 'infinite'),
    fetchPage: (page) => client.users.getWallet.query({ page, limit: WALLET_PAGE }),
    pagingOf: (a) => a.data.paging,
    itemsOf: (a) => a.data.entries,
    idOf: (e) => e._id,
  });
  const q = list.query;
  // The balance is the first page's (it is refetched with every page on a refresh).
  const data = list.first?.data;
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="Wallet"
        description="Refunds from cancellations and gift cards land here. Pay for a booking from your wallet at checkout."
      />
      {q.isError ? (
        <LoadError title="Could not load your wallet" onRetry={q.refetch} />
      ) : (
        <div className="space-y-6">
          {data ? (
            <BalanceCard label="Available balance" value={formatINR(data.balance)} hint="Use it for any booking on GlowBook.">
              <Link href="/gift-cards" className={buttonClasses('secondary', 'sm')}>
                Redeem a gift card
              </Link>
              <Link href="/salons" className={buttonClasses('outline', 'sm', 'border-white/40 bg-white/10 text-white hover:bg-white/20')}>
                Book a salon
              </Link>
            </BalanceCard>
          ) : (
            <Skeleton className="h-40 rounded-3xl" />
          )}
          <MyHoldings />
          <Card>
            <CardHeader title="Transactions" description="Every credit and debit, newest first." />
            {!data ? (
              <Skeleton className="h-32" />
            ) : list.items.length === 0 ? (
              <EmptyState
                title="No transactions yet"
                description="Refunds for prepaid bookings you cancel and gift cards you redeem will appear here."
              />
            ) : (
              <>
                <LedgerList
                  testId="wallet-entries"
                  unit="inr"
                  rows={list.items.map((e) => ({
                    _id: e._id,
                    description: e.description,
                    createdAt: e.createdAt,
                    amount: e.amount,
                    balanceAfter: e.balanceAfter,
                    label: KIND_LABELS[e.kind],
                  }))}
                />
                <LoadMore
                  paging={list.paging}
                  shown={list.items.length}
                  noun="transactions"
                  hasMore={list.hasMore}
                  loading={list.loadingMore}
                  onLoadMore={list.loadMore}
                  testId="wallet-paging"
                />
              </>
            )}
          </Card>
          <p className="text-xs text-ink-500">
            Refunds follow the cancellation policy: the full amount up to 2 hours before the appointment, half between 2 hours and 1 hour,
            nothing in the last hour. A salon that cancels refunds everything.
          </p>
        </div>
      )}
    </PageContainer>
  );
}
