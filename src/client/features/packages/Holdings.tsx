import { getQueryKey } from '@trpc/react-query';
import { longDate } from '../../../shared/dates';
import { formatINR } from '../../../shared/money';
import { HOLDING_KIND_LABELS } from '../../../shared/packages';
import type { HoldingWire } from '../../../shared/schemas/packages';
import { Badge } from '../../components/ui/Badge';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { LoadMore } from '../../components/ui/LoadMore';
import { Skeleton } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { downloadSigned, pdfName } from '../../lib/download';
import { usePagedList } from '../../lib/usePagedList';
import { trpc } from '../../trpc';

/** What is left on a holding, in words: sessions, rupees, a discount. */
export function holdingBalance(h: HoldingWire): string {
  const parts: string[] = [];
  // Its expiry recorded: what was left then lapsed (the balance is zero now).
  if (h.lapsed) {
    if (h.lapsed.sessions > 0) parts.push(`${h.lapsed.sessions} of ${h.sessionsTotal} sessions lapsed`);
    if (h.kind === 'voucher')
      parts.push(`${formatINR(h.lapsed.amount, { paise: !Number.isInteger(h.lapsed.amount) })} of ${formatINR(h.value)} lapsed`);
    if (!parts.length) parts.push(h.kind === 'membership' ? 'Membership ended' : 'Nothing was left when it expired');
    return parts.join(' · ');
  }
  if (h.sessionsTotal > 0) parts.push(`${h.sessionsLeft} of ${h.sessionsTotal} sessions left`);
  if (h.kind === 'voucher') parts.push(`${formatINR(h.balance, { paise: !Number.isInteger(h.balance) })} of ${formatINR(h.value)} left`);
  if (h.discountPercent > 0) parts.push(`${h.discountPercent}% off services`);
  return parts.join(' · ');
}

const STATE_BADGE = {
  active: <Badge tone="success">Active</Badge>,
  used: <Badge>Used up</Badge>,
  expired: <Badge tone="warning">Expired</Badge>,
} as const;

const HOLDINGS_PAGE = 20;

/** The customer's packages, memberships and salon vouchers, with balances and expiry (account → wallet), a page at a time. */
export function MyHoldings() {
  const client = trpc.useUtils().client;
  const list = usePagedList({
    queryKey: getQueryKey(trpc.users.getMyHoldings, { limit: HOLDINGS_PAGE }, 'infinite'),
    fetchPage: (page) => client.users.getMyHoldings.query({ page, limit: HOLDINGS_PAGE }),
    pagingOf: (d) => d.paging,
    itemsOf: (d) => d.holdings,
    idOf: (h) => h._id,
  });
  const q = list.query;
  return (
    <Card data-testid="my-holdings">
      <CardHeader
        title="Salon packages, memberships and vouchers"
        description="Bought from a salon at a visit or online: use them when you book that salon or at its counter."
      />
      {q.isError ? (
        <LoadError title="Could not load them" onRetry={q.refetch} />
      ) : !list.first ? (
        <Skeleton className="h-24" />
      ) : list.items.length === 0 ? (
        <p className="text-sm text-ink-500">None yet. Salons sell packages (e.g. 5 facials), memberships and gift vouchers.</p>
      ) : (
        <>
          <ul className="divide-y divide-blush-100">
            {list.items.map((h) => (
              <li key={h._id} className="flex flex-wrap items-start justify-between gap-2 py-3" data-testid="holding" data-name={h.name}>
                <div className="min-w-0">
                  <p className="text-xs font-semibold uppercase tracking-wide text-ink-500">
                    {HOLDING_KIND_LABELS[h.kind]} · {h.salonName}
                  </p>
                  <p className="font-semibold text-ink-900">{h.name}</p>
                  <p className="text-sm text-ink-700" data-testid="holding-balance">
                    {holdingBalance(h)}
                  </p>
                  <p className="text-xs text-ink-500">
                    {h.state === 'expired' ? 'Expired' : 'Valid until'} {longDate(h.expiresAt.slice(0, 10))}
                    {h.code && <span className="font-mono"> · code {h.code}</span>}
                  </p>
                  {h.receiptNumber && (
                    <button
                      type="button"
                      className="text-xs font-semibold text-plum-700 underline"
                      data-testid="holding-receipt"
                      onClick={() =>
                        downloadSigned(
                          `/api/holdings/${h._id}/receipt.pdf`,
                          pdfName(h.receiptNumber!),
                          'Could not download the receipt.',
                        ).catch((e: Error) => toast.error(e.message))
                      }
                    >
                      Receipt {h.receiptNumber} (PDF)
                    </button>
                  )}
                </div>
                {STATE_BADGE[h.state]}
              </li>
            ))}
          </ul>
          <LoadMore
            paging={list.paging}
            shown={list.items.length}
            noun="packages, memberships and vouchers"
            hasMore={list.hasMore}
            loading={list.loadingMore}
            onLoadMore={list.loadMore}
            testId="holdings-paging"
          />
        </>
      )}
    </Card>
  );
}
