import { useState } from 'react';
import { formatINR } from '../../../shared/money';
import type { AdminInvoicesAnswer } from '../../../shared/schemas/billing';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { answerMessage } from '../../mutationMeta';
import { trpc } from '../../trpc';
import { refundText } from '../billing/refund';
import { QueryState, TableCard, Td, Th } from './DataTable';
import { ReasonDialog } from './Dialogs';
import { formatDay } from './format';
import { StatTile } from './StatTile';

const rupees = (n: number) => formatINR(n);
type AdminInvoice = AdminInvoicesAnswer['data']['invoices'][number];

function InvoiceStatus({ invoice }: { invoice: AdminInvoice }) {
  if (invoice.cancellation) {
    const r = invoice.cancellation.refund;
    return (
      <div className="space-y-0.5" data-testid="invoice-cancelled">
        <Badge tone="danger">cancelled</Badge>
        <p className="text-xs text-ink-700">
          {invoice.cancellation.number} · {rupees(invoice.cancellation.amount)}
        </p>
        <p className={r.status === 'failed' ? 'text-xs text-red-700' : 'text-xs text-ink-700'} data-testid="invoice-refund">
          {refundText(r)}
        </p>
      </div>
    );
  }
  return <Badge tone={invoice.status === 'paid' ? 'success' : invoice.status === 'pending' ? 'warning' : 'danger'}>{invoice.status}</Badge>;
}

/** Merchants' subscription invoices with their GST, credit notes, failed payment attempts; an admin cancels a paid one. */
export function SubscriptionInvoices() {
  const q = trpc.admin.invoices.useQuery({});
  const d = q.data?.data;
  const [cancelling, setCancelling] = useState<AdminInvoice | null>(null);
  const cancel = trpc.admin.cancelInvoice.useMutation({
    meta: { invalidates: ['admin.invoices', 'admin.reports'], successToast: answerMessage },
    onSuccess: () => setCancelling(null),
  });
  return (
    <section className="space-y-4">
      <h2 className="text-lg font-semibold text-ink-900">Subscription invoices</h2>
      {d && (
        <div className="grid gap-3 sm:grid-cols-3 xl:grid-cols-5">
          <StatTile label="Invoices" value={String(d.totals.count)} hint="paid" />
          <StatTile label="Plan revenue" value={rupees(d.totals.base)} hint="before GST, net of credit notes" testId="plan-revenue" />
          <StatTile
            label="Credit notes"
            value={rupees(d.totals.credited)}
            hint={`${d.totals.creditNotes} issued, before GST`}
            testId="credit-notes-total"
          />
          <StatTile label="Failed payments" value={String(d.failedPayments)} tone={d.failedPayments > 0 ? 'alert' : 'plain'} />
          <StatTile
            label="Refunds due by hand"
            value={String(d.refundsDue ?? 0)}
            hint="late plan payments the gateway could not refund"
            tone={(d.refundsDue ?? 0) > 0 ? 'alert' : 'plain'}
            testId="refunds-due"
          />
        </div>
      )}
      <QueryState
        query={q}
        isEmpty={(d?.invoices.length ?? 0) === 0}
        emptyTitle="No invoices yet"
        emptyDescription="Invoices appear here once merchants subscribe to a paid plan."
      >
        <TableCard testId="admin-invoices" caption="Subscription invoices" minWidth={900}>
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
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {d?.invoices.map((i) => (
              <tr key={i._id} data-testid="admin-invoice-row" data-invoice-number={i.number}>
                <Td className="font-mono text-xs whitespace-nowrap">{i.number}</Td>
                <Td>{i.salonName}</Td>
                <Td className="whitespace-nowrap">{formatDay(i.date)}</Td>
                <Td className="capitalize">{i.plan}</Td>
                <Td className="text-right">
                  {rupees(i.baseAmount)}
                  {i.credited > 0 && !i.cancellation && <p className="text-xs text-ink-700">−{rupees(i.credited)} credited</p>}
                </Td>
                <Td className="text-right">{rupees(i.cgst + i.sgst + i.igst)}</Td>
                <Td className="text-right font-medium">{rupees(i.amount)}</Td>
                <Td>
                  <InvoiceStatus invoice={i} />
                </Td>
                <Td className="text-right">
                  {i.status === 'paid' && !i.cancellation && i.credited < i.baseAmount && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setCancelling(i)}
                      data-testid="cancel-invoice"
                      aria-label={`Cancel invoice ${i.number}`}
                    >
                      Cancel
                    </Button>
                  )}
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
      </QueryState>
      <ReasonDialog
        open={cancelling !== null}
        title={`Cancel invoice ${cancelling?.number ?? ''}?`}
        message={
          cancelling && (
            <p>
              A credit note for {rupees(cancelling.baseAmount - cancelling.credited)} plus GST is issued against it, the amount is refunded
              through {cancelling.gateway === 'test' ? 'the test gateway' : cancelling.gateway} to {cancelling.salonName}, and the salon is
              told. The salon’s plan is not changed. A credit note cannot be undone.
            </p>
          )
        }
        label="Reason (printed on the credit note)"
        confirmLabel="Cancel invoice"
        busy={cancel.isPending}
        failure="Could not cancel the invoice."
        onConfirm={(reason, failed) => cancelling && cancel.mutate({ invoiceId: cancelling._id, reason }, { onError: failed })}
        onClose={() => setCancelling(null)}
      />
    </section>
  );
}
