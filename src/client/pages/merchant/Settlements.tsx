import { useState } from 'react';
import { formatINR } from '../../../shared/money';
import { SETTLEMENT_STATE_LABELS } from '../../../shared/settlement';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Skeleton } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { TableCard, Td, Th } from '../../features/admin/DataTable';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { indiaToday, RecordPayout } from '../../features/settlements/RecordPayout';
import { cn } from '../../lib/cn';
import { CSV_TYPE, downloadText } from '../../lib/download';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

const money = (n: number) => formatINR(n, { paise: true });

function Tile({
  label,
  value,
  hint,
  testId,
  className,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
  className?: string;
}) {
  return (
    <Card className={cn('@container min-w-0', className)}>
      <p className="text-xs text-ink-500 sm:text-sm">{label}</p>
      {/* The figure stays on one line and follows the tile's width (three tiles share a phone's row). */}
      <p
        className="mt-1 text-[length:clamp(0.8125rem,11cqi,1.25rem)] font-bold whitespace-nowrap text-ink-900 tabular-nums"
        data-testid={testId}
      >
        {value}
      </p>
      {hint && <p className="text-xs text-ink-500">{hint}</p>}
    </Card>
  );
}

export default function Settlements() {
  usePageTitle('Settlements');
  const { merchantId, isAdmin } = useDeskMerchant();
  const [month, setMonth] = useState(() => indiaToday().slice(0, 7));
  const [recording, setRecording] = useState(false);
  const input = { merchantId: merchantId ?? undefined, month };
  const q = trpc.merchants.getSettlement.useQuery(input, { enabled: Boolean(merchantId) && /^\d{4}-\d{2}$/.test(month) });
  const utils = trpc.useUtils();
  const d = q.data?.data;

  if (!merchantId) {
    return (
      <PageContainer>
        <PageHeader title="Settlements" />
        <EmptyState title="Choose a salon" description="Open this page with ?merchantId= to see a salon's settlement as an admin." />
      </PageContainer>
    );
  }

  const exportCsv = async () => {
    try {
      const f = await utils.merchants.settlementCsv.fetch(input);
      downloadText(f.filename, f.csv, CSV_TYPE);
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  return (
    <PageContainer>
      <PageHeader
        title="Settlements"
        description="What GlowBook collected online for your bookings, less its commission, the gateway's fees and refunds, and what it paid you."
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <Input
              id="settlement-month"
              label="Month"
              type="month"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              data-testid="settlement-month"
            />
            <Button variant="outline" onClick={exportCsv} disabled={!d} data-testid="settlement-csv">
              Export CSV
            </Button>
            {isAdmin && d && (
              <Button onClick={() => setRecording(true)} disabled={d.balance.due <= 0} data-testid="record-payout">
                Record payout
              </Button>
            )}
          </div>
        }
      />
      {q.isError ? (
        <LoadError title="Could not load the statement" onRetry={q.refetch} />
      ) : !d ? (
        <Skeleton className="h-96 rounded-3xl" />
      ) : (
        <div className="space-y-6">
          <section aria-label="This month" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Tile
              label="Collected online"
              value={money(d.totals.collected)}
              hint={`${d.totals.payments} payments`}
              testId="settlement-collected"
            />
            <Tile
              label={`Commission (${Math.round(d.rates.commission * 100)}%, direct ${Math.round(d.rates.directCommission * 100)}%)`}
              value={money(d.totals.commission)}
              testId="settlement-commission"
            />
            <Tile
              label="Gateway fees and refunds"
              value={money(d.totals.fees + d.totals.refunds)}
              hint={`fees ${money(d.totals.fees)} · refunds ${money(d.totals.refunds)}`}
              testId="settlement-fees"
            />
            <Tile
              label="Net payable"
              value={money(d.totals.payable)}
              hint={`${money(d.totals.held)} held until appointments`}
              testId="settlement-payable"
            />
          </section>
          <section aria-label="Balance" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Tile label="Earned to date" value={money(d.balance.settledNet)} testId="balance-earned" />
            <Tile label="Paid out to you" value={money(d.balance.paidOut)} testId="balance-paid" />
            <Tile label="Due to you" value={money(d.balance.due)} testId="balance-due" className="col-span-2 sm:col-span-1" />
          </section>

          {d.lines.length === 0 ? (
            <EmptyState title="No online payments this month" description="Payments customers make online for your bookings appear here." />
          ) : (
            <TableCard testId="settlement-lines" caption="Online payments" minWidth={900}>
              <thead>
                <tr>
                  <Th>Booking</Th>
                  <Th className="text-right">Collected</Th>
                  <Th className="text-right">Fee + GST</Th>
                  <Th className="text-right">Refunded</Th>
                  <Th className="text-right">Commission</Th>
                  <Th className="text-right">Net</Th>
                  <Th>State</Th>
                </tr>
              </thead>
              <tbody>
                {d.lines.map((l) => (
                  <tr key={l.paymentId} data-testid="settlement-line" data-booking-id={l.bookingId} data-state={l.state}>
                    <Td className="whitespace-nowrap">
                      <p className="font-medium text-ink-900">{l.bookingReference}</p>
                      <p className="text-xs text-ink-500">
                        {l.customer} · {l.appointment.date} {l.appointment.time} · {l.channel}
                      </p>
                    </Td>
                    <Td className="text-right whitespace-nowrap">{money(l.collected)}</Td>
                    <Td className="text-right whitespace-nowrap">
                      {money(l.fee + l.feeTax)}
                      {!l.feeReported && <span className="block text-xs text-ink-500">estimated</span>}
                    </Td>
                    <Td className="text-right whitespace-nowrap">{money(l.refunded)}</Td>
                    <Td className="text-right whitespace-nowrap">{money(l.commission)}</Td>
                    <Td className="text-right font-semibold whitespace-nowrap text-ink-900" data-testid="line-net">
                      {money(l.net)}
                    </Td>
                    <Td className="whitespace-nowrap text-xs">{SETTLEMENT_STATE_LABELS[l.state]}</Td>
                  </tr>
                ))}
              </tbody>
            </TableCard>
          )}

          <Card data-testid="settlement-payouts">
            <h2 className="mb-2 font-semibold text-ink-900">Payouts this month</h2>
            {d.payouts.length === 0 ? (
              <p className="text-sm text-ink-600">No payouts recorded this month.</p>
            ) : (
              <ul className="divide-y divide-blush-100 text-sm">
                {d.payouts.map((p) => (
                  <li key={p._id} className="flex flex-wrap justify-between gap-2 py-2" data-testid="payout">
                    <span>
                      {p.paidOn} · <span className="font-mono text-xs">{p.reference}</span>
                    </span>
                    <span className="font-medium text-ink-900">{money(p.amount)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card className="space-y-2 text-sm text-ink-700">
            <h2 className="font-semibold text-ink-900">How settlement works</h2>
            <p>
              Each online payment for your bookings is settled once its booking is completed, a no-show or cancelled: GlowBook keeps its
              commission ({Math.round(d.rates.commission * 100)}% on marketplace bookings, none on direct ones), the gateway's fee (
              {Math.round(d.rates.gatewayFee * 100)}% plus {Math.round(d.rates.gatewayFeeGst * 100)}% GST, as the gateway reports it) and
              any refund, and pays you the rest by bank transfer. Payments for appointments still to come are held.
            </p>
          </Card>
        </div>
      )}
      {isAdmin && recording && d && (
        <RecordPayout merchantId={merchantId} salonName={d.salonName} due={d.balance.due} onClose={() => setRecording(false)} />
      )}
    </PageContainer>
  );
}
