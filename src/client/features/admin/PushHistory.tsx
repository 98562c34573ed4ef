import { Badge } from '../../components/ui/Badge';
import { trpc } from '../../trpc';
import { QueryState, TableCard, Td, Th } from './DataTable';
import { formatCount, formatDateTime } from './format';
import { StatTile } from './StatTile';

const AUDIENCE = { all: 'Everyone', customer: 'Customers', merchant: 'Merchants', admin: 'Admins' } as const;

/** Push broadcasts with what the push services answered: delivered, failed (e.g. expired), pending. */
export function PushHistory() {
  const q = trpc.notification.getAllSubscribeUserNotifications.useQuery({}, { refetchInterval: 5000 });
  const list = q.data?.data.broadcasts ?? [];
  return (
    <section className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <StatTile
          label="Subscribed browsers"
          value={formatCount(q.data?.data.subscribers ?? 0)}
          hint="People who allowed notifications"
          testId="push-subscribers"
        />
        <StatTile label="Pushes delivered" value={formatCount(list.reduce((n, b) => n + b.sent, 0))} hint="Last 50 broadcasts" />
        <StatTile
          label="Pushes failed"
          value={formatCount(list.reduce((n, b) => n + b.failed, 0))}
          hint="Expired subscriptions are removed"
        />
      </div>
      <h2 className="text-lg font-semibold text-ink-900">Push deliveries</h2>
      <QueryState
        query={q}
        isEmpty={list.length === 0}
        emptyTitle="No push sent yet"
        emptyDescription="Tick “Also send as a push notification” when you send a broadcast."
      >
        <TableCard testId="push-table" caption="Push deliveries" minWidth={720}>
          <thead>
            <tr>
              <Th>Sent</Th>
              <Th>Notification</Th>
              <Th>Audience</Th>
              <Th className="text-right">Browsers</Th>
              <Th className="text-right">Delivered</Th>
              <Th className="text-right">Failed</Th>
              <Th className="text-right">Pending</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((b) => (
              <tr key={b._id} data-testid="push-row">
                <Td className="whitespace-nowrap">{formatDateTime(b.createdAt)}</Td>
                <Td className="max-w-80">
                  <p className="font-medium text-ink-900">{b.title}</p>
                  <p className="line-clamp-2 text-xs text-ink-500">{b.body}</p>
                </Td>
                <Td>
                  <Badge>{AUDIENCE[b.audience]}</Badge>
                </Td>
                <Td className="text-right">{formatCount(b.subscriptions)}</Td>
                <Td className="text-right text-emerald-700">{formatCount(b.sent)}</Td>
                <Td className="text-right text-red-700">{formatCount(b.failed)}</Td>
                <Td className="text-right">{formatCount(b.pending)}</Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
      </QueryState>
    </section>
  );
}
