import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card, CardHeader } from '../../../components/ui/Card';
import { toast } from '../../../components/ui/Toast';
import { refundText } from '../../../features/billing/refund';
import { downloadDocument, fmtDay, planName, rupees, STATUS_TONE, type SubscriptionData } from './format';

/** The tax invoices, each with its PDF. */
export function InvoicesCard({ invoices }: { invoices: SubscriptionData['invoices'] }) {
  return (
    <Card padded={false} className="min-w-0">
      <div className="p-5 pb-2">
        <CardHeader title="Billing History" description="Tax invoices, with GSTINs, SAC and place of supply in the PDF" />
      </div>
      {invoices.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-ink-500">No invoices yet.</p>
      ) : (
        <div className="relative overflow-x-auto" role="region" aria-label="Billing history" tabIndex={0}>
          <table className="w-full min-w-[560px] text-sm" data-testid="invoices">
            <thead className="bg-blush-50 text-left text-xs text-ink-500 uppercase">
              <tr>
                <th className="px-5 py-2">Invoice</th>
                <th className="px-3 py-2">Date</th>
                <th className="px-3 py-2 text-right">Amount</th>
                <th className="px-3 py-2">Status</th>
                <th className="px-3 py-2">Description</th>
                <th className="px-3 py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-blush-100">
              {invoices.map((inv) => (
                <tr key={inv._id} data-testid="invoice-row">
                  <td className="px-5 py-2.5 font-mono text-xs whitespace-nowrap">{inv.number}</td>
                  <td className="px-3 py-2.5 whitespace-nowrap">{fmtDay(inv.date)}</td>
                  <td className="px-3 py-2.5 text-right whitespace-nowrap">{rupees(inv.amount)}</td>
                  <td className="px-3 py-2.5">
                    <Badge tone={STATUS_TONE[inv.status] ?? 'neutral'}>{inv.status[0].toUpperCase() + inv.status.slice(1)}</Badge>
                  </td>
                  <td className="px-3 py-2.5" title={inv.description}>
                    <span className="block text-ink-900">
                      {/\(upgrade from/.test(inv.description) ? `${planName(inv.plan)} plan (upgrade)` : `${planName(inv.plan)} plan`}
                    </span>
                    <span className="block text-xs text-ink-500">
                      <span className="whitespace-nowrap">{fmtDay(inv.periodStart)}</span> to{' '}
                      <span className="whitespace-nowrap">{fmtDay(inv.periodEnd)}</span>
                    </span>
                  </td>
                  <td className="px-3 py-2.5">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Download PDF of invoice ${inv.number}`}
                      data-testid="download-invoice"
                      onClick={() => downloadDocument('invoices', inv._id, inv.number).catch((e: Error) => toast.error(e.message))}
                    >
                      <span aria-hidden="true">⬇</span> PDF
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** Credit notes (upgrades' unused days, refunds, cancelled invoices), each with its refund's state and PDF. */
export function CreditNotesCard({ creditNotes }: { creditNotes: SubscriptionData['creditNotes'] }) {
  return (
    <Card padded={false} className="min-w-0">
      <div className="p-5 pb-2">
        <CardHeader title="Credit Notes" description="Credits for unused days on upgrades, refunds and cancelled invoices" />
      </div>
      <div className="relative overflow-x-auto" role="region" aria-label="Credit notes" tabIndex={0}>
        <table className="w-full min-w-[560px] text-sm" data-testid="credit-notes">
          <thead className="bg-blush-50 text-left text-xs text-ink-500 uppercase">
            <tr>
              <th className="px-5 py-2">Credit note</th>
              <th className="px-3 py-2">Date</th>
              <th className="px-3 py-2 text-right">Credit</th>
              <th className="px-3 py-2">Against</th>
              <th className="px-3 py-2">Reason</th>
              <th className="px-3 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-blush-100">
            {creditNotes.map((c) => (
              <tr key={c._id} data-testid="credit-note-row">
                <td className="px-5 py-2.5 font-mono text-xs whitespace-nowrap">{c.number}</td>
                <td className="px-3 py-2.5 whitespace-nowrap">{fmtDay(c.date)}</td>
                <td className="px-3 py-2.5 text-right whitespace-nowrap text-emerald-700">−{rupees(c.amount)}</td>
                <td className="px-3 py-2.5 font-mono text-xs whitespace-nowrap">{c.invoiceNumber}</td>
                <td className="px-3 py-2.5" title={c.description}>
                  {c.reason === 'proration' ? 'Unused days (upgrade)' : c.reason === 'refund' ? 'Refund' : 'Cancelled invoice'}
                  {c.reason !== 'proration' && (
                    <p
                      className={c.refund.status === 'failed' ? 'text-xs text-red-700' : 'text-xs text-ink-700'}
                      data-testid="credit-note-refund"
                    >
                      {refundText(c.refund)}
                    </p>
                  )}
                </td>
                <td className="px-3 py-2.5">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Download PDF of credit note ${c.number}`}
                    data-testid="download-credit-note"
                    onClick={() => downloadDocument('credit-notes', c._id, c.number).catch((e: Error) => toast.error(e.message))}
                  >
                    <span aria-hidden="true">⬇</span> PDF
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
