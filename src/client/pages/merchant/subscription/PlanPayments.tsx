import type { PlanPaymentWire } from '../../../../shared/schemas/billing';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Card, CardHeader } from '../../../components/ui/Card';
import { cn } from '../../../lib/cn';
import { fmtDay, planName, rupees } from './format';

/** A plan payment besides the invoices, in the owner's words: never "in progress" once it is not. */
const PAYMENT_STATUS: Record<PlanPaymentWire['status'], { label: string; tone: BadgeTone }> = {
  in_progress: { label: 'In progress', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
  refunding: { label: 'Refund in progress', tone: 'info' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  refund_due: { label: 'Refund due', tone: 'danger' },
};

function paymentDetail(p: PlanPaymentWire): string {
  const why = p.reason ? `${p.reason.charAt(0).toUpperCase()}${p.reason.slice(1)}` : '';
  switch (p.status) {
    case 'in_progress':
      return 'Waiting for the payment to complete.';
    case 'failed':
      return why || 'The payment did not go through.';
    case 'refunding':
      return `Not applied: ${p.reason}. Being refunded in full; nothing is kept.`;
    case 'refunded':
      return `Not applied: ${p.reason}. Refunded in full${p.refundReference ? ` (refund ${p.refundReference})` : ''}; nothing was kept.`;
    case 'refund_due':
      return `Not applied: ${p.reason}. GlowBook refunds it in full; nothing is kept.`;
  }
}

/** Payments that are not invoices: in progress, failed, and late payments refunded in full. */
export function PlanPayments({ payments }: { payments: PlanPaymentWire[] }) {
  return (
    <Card padded={false} className="min-w-0">
      <div className="p-5 pb-2">
        <CardHeader title="Payments" description="Plan payments in progress, failed or refunded (paid ones are in Billing History)" />
      </div>
      <div className="relative overflow-x-auto" role="region" aria-label="Plan payments" tabIndex={0}>
        {/* No minimum width: the payment column wraps, so a phone shows the status without scrolling. */}
        <table className="w-full text-sm" data-testid="plan-payments">
          <thead className="bg-blush-50 text-left text-xs text-ink-500 uppercase">
            <tr>
              <th className="py-2 pr-2 pl-5">Date</th>
              <th className="px-2 py-2">Payment</th>
              <th className="py-2 pr-5 pl-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-blush-100">
            {payments.map((p) => {
              const st = PAYMENT_STATUS[p.status];
              return (
                <tr key={p._id} data-testid="plan-payment-row" className="align-top">
                  <td className="py-2.5 pr-2 pl-5 whitespace-nowrap">{fmtDay(p.date)}</td>
                  <td className="px-2 py-2.5">
                    <span className="mr-2 text-ink-900">
                      {p.plan ? planName(p.plan) : '—'} plan
                      {p.purpose === 'upgrade' ? ' (upgrade)' : p.purpose === 'renewal' ? ' (renewal)' : ''}
                    </span>
                    <Badge tone={st.tone}>{st.label}</Badge>
                    <p
                      className={cn('mt-0.5 text-xs [overflow-wrap:anywhere]', p.status === 'refund_due' ? 'text-red-700' : 'text-ink-600')}
                    >
                      {paymentDetail(p)}
                    </p>
                  </td>
                  <td className="py-2.5 pr-5 pl-2 text-right whitespace-nowrap">{rupees(p.amount)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
