import { useQuery } from '@tanstack/react-query';
import { formatINR } from '../../../shared/money';
import { Badge } from '../../components/ui/Badge';
import { useTRPC } from '../../trpc';
import { QueryState, TableCard, Td, Th } from './DataTable';
import { StatTile } from './StatTile';
import { formatDay } from './format';

const rupees = (n: number) => formatINR(n);

/** Merchants' subscription invoices with their GST, and failed payment attempts. */
export function SubscriptionInvoices() {
  const trpc = useTRPC();
  const q = useQuery(trpc.admin.invoices.queryOptions({}));
  const d = q.data?.data;
  return (
    <section className="space-y-4">
      <h2 className="text-lg font-semibold text-ink-900">Subscription invoices</h2>
      {d && (
        <div className="grid gap-3 sm:grid-cols-4">
          <StatTile label="Invoices" value={String(d.totals.count)} />
          <StatTile label="Plan revenue" value={rupees(d.totals.base)} hint="before GST" />
          <StatTile label="GST collected" value={rupees(d.totals.gst)} />
          <StatTile label="Failed payments" value={String(d.failedPayments)} tone={d.failedPayments > 0 ? 'alert' : 'plain'} />
        </div>
      )}
      <QueryState query={q} isEmpty={(d?.invoices.length ?? 0) === 0} emptyTitle="No invoices yet" emptyDescription="Invoices appear here once merchants subscribe to a paid plan.">
        <TableCard testId="admin-invoices" caption="Subscription invoices" minWidth={760}>
          <thead>
            <tr>
              <Th>Invoice</Th>
              <Th>Salon</Th>
              <Th>Date</Th>
              <Th>Plan</Th>
              <Th className="text-right">Taxable</Th>
              <Th className="text-right">GST</Th>
              <Th className="text-right">Total</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody>
            {d?.invoices.map((i) => (
              <tr key={i._id}>
                <Td className="font-mono text-xs">{i.number}</Td>
                <Td>{i.salonName}</Td>
                <Td className="whitespace-nowrap">{formatDay(i.date)}</Td>
                <Td className="capitalize">{i.plan}</Td>
                <Td className="text-right">{rupees(i.baseAmount)}</Td>
                <Td className="text-right">{rupees(i.cgst + i.sgst + i.igst)}</Td>
                <Td className="text-right font-medium">{rupees(i.amount)}</Td>
                <Td>
                  <Badge tone={i.status === 'paid' ? 'success' : i.status === 'pending' ? 'warning' : 'danger'}>{i.status}</Badge>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
      </QueryState>
    </section>
  );
}
