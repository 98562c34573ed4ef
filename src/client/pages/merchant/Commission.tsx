import { useState } from 'react';
import { type CommissionMonth, commissionCsv, monthLabel } from '../../../shared/commission';
import { formatINR } from '../../../shared/money';
import { recordCommissionPaymentForm } from '../../../shared/schemas/commission';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Skeleton } from '../../components/ui/Skeleton';
import { TableCard, Td, Th } from '../../features/admin/DataTable';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { CSV_TYPE, downloadText } from '../../lib/download';
import { usePageTitle } from '../../lib/usePageTitle';
import { answerMessage } from '../../mutationMeta';
import { trpc } from '../../trpc';

const money = (n: number) => formatINR(n, { paise: true });

const download = (csv: string, name: string) => downloadText(name, csv, CSV_TYPE);

function Tile({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Card>
      <p className="text-xs text-ink-500 sm:text-sm">{label}</p>
      <p className="mt-1 text-lg font-bold text-ink-900 sm:text-xl" data-testid={testId}>
        {value}
      </p>
      {hint && <p className="text-xs text-ink-500">{hint}</p>}
    </Card>
  );
}

/** An admin records a salon's payment of a month's commission (bank transfer, UPI); the page keys it by the month. */
function RecordPayment({ merchantId, month, onClose }: { merchantId: string; month: CommissionMonth | null; onClose: () => void }) {
  const form = useZodForm(recordCommissionPaymentForm, {
    defaultValues: { amount: month ? month.outstanding.toFixed(2) : '', reference: '' },
  });
  const { errors } = form.formState;
  const record = trpc.admin.recordCommissionPayment.useMutation({
    meta: { successToast: answerMessage, invalidates: ['merchants.getCommission'] },
    onSuccess: onClose,
    onError: serverErrorsTo(form, 'Could not record the payment.'),
  });
  if (!month) return null;
  const submit = form.handleSubmit((payment) => record.mutate({ merchantId, month: month.month, ...payment }));
  return (
    <Modal
      open
      onClose={onClose}
      title={`Record commission paid for ${monthLabel(month.month)}`}
      description={`Outstanding: ${money(month.outstanding)}`}
      testId="record-payment-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="record-payment-form" loading={record.isPending} data-testid="record-payment-submit">
            Record payment
          </Button>
        </>
      }
    >
      <form id="record-payment-form" noValidate onSubmit={submit} className="space-y-3">
        <FormError message={errors.root?.server?.message} testId="record-payment-error" />
        <Input
          id="record-payment-amount"
          label="Amount (₹)"
          type="number"
          step="0.01"
          min="0.01"
          {...form.register('amount')}
          error={errors.amount?.message}
          data-testid="record-payment-amount"
        />
        <Input
          id="record-payment-reference"
          label="Bank or UPI reference"
          {...form.register('reference')}
          error={errors.reference?.message}
          maxLength={100}
          data-testid="record-payment-reference"
        />
      </form>
    </Modal>
  );
}

export default function Commission() {
  usePageTitle('Commission');
  const { merchantId, isAdmin } = useDeskMerchant();
  const [recording, setRecording] = useState<CommissionMonth | null>(null);
  const q = trpc.merchants.getCommission.useQuery({ merchantId: merchantId ?? undefined }, { enabled: Boolean(merchantId) });
  const d = q.data?.data;
  const percent = d ? `${Math.round(d.rate * 100)}%` : '10%';

  if (!merchantId) {
    return (
      <PageContainer>
        <PageHeader title="Commission" />
        <EmptyState title="Choose a salon" description="Open this page with ?merchantId= to see a salon's commission as an admin." />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        title="Commission"
        description={`What you took through GlowBook each month, the platform's ${percent} commission, and what you still owe.`}
        actions={
          d && d.months.length > 0 ? (
            <Button
              variant="outline"
              onClick={() => download(commissionCsv(d.months), 'glowbook-commission.csv')}
              data-testid="commission-csv"
            >
              Export CSV
            </Button>
          ) : undefined
        }
      />
      {q.isError ? (
        <LoadError title="Could not load your commission" onRetry={q.refetch} />
      ) : !d ? (
        <Skeleton className="h-96 rounded-3xl" />
      ) : (
        <div className="space-y-6">
          <section aria-label="Totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Tile
              label="Gross"
              value={money(d.totals.gross)}
              hint={`${d.totals.completedBookings} completed bookings, ${d.totals.directBookings} direct`}
              testId="commission-gross"
            />
            <Tile
              label={`Commission (${percent}, direct ${Math.round(d.directRate * 100)}%)`}
              value={money(d.totals.commission)}
              testId="commission-total"
            />
            <Tile label="Net (yours)" value={money(d.totals.net)} hint="Gross less commission" testId="commission-net" />
            <Tile
              label="Outstanding"
              value={money(d.totals.outstanding)}
              hint={`${money(d.totals.paid)} paid`}
              testId="commission-outstanding"
            />
          </section>

          {d.months.length === 0 ? (
            <EmptyState
              title="No commission yet"
              description="Commission is due on bookings you complete, and on prepayments kept when a customer does not come."
            />
          ) : (
            <TableCard testId="commission-months" caption="Commission per month" minWidth={820}>
              <thead>
                <tr>
                  {/* What the salon owes first (a phone shows these without scrolling), then how it was reached. */}
                  <Th>Month</Th>
                  <Th className="text-right">Commission</Th>
                  <Th className="text-right">Paid</Th>
                  <Th className="text-right">Outstanding</Th>
                  <Th className="text-right">Completed</Th>
                  <Th className="text-right">Gross</Th>
                  <Th className="text-right">Net</Th>
                  {isAdmin && <Th />}
                </tr>
              </thead>
              <tbody>
                {d.months.map((m) => (
                  <tr key={m.month} data-testid="commission-month" data-month={m.month}>
                    <Td className="whitespace-nowrap">
                      <p className="font-medium text-ink-900">{monthLabel(m.month)}</p>
                      {m.noShows > 0 && (
                        <p className="text-xs text-ink-500">
                          {m.noShows} no-show{m.noShows === 1 ? '' : 's'}
                        </p>
                      )}
                    </Td>
                    <Td className="text-right whitespace-nowrap">{money(m.commission)}</Td>
                    <Td className="text-right whitespace-nowrap">{money(m.paid)}</Td>
                    <Td
                      className={
                        m.outstanding > 0 ? 'text-right font-semibold whitespace-nowrap text-ink-900' : 'text-right whitespace-nowrap'
                      }
                      data-testid="month-outstanding"
                    >
                      {money(m.outstanding)}
                    </Td>
                    <Td className="text-right whitespace-nowrap" data-testid="month-completed">
                      {m.completedBookings}
                      {m.directBookings > 0 && <span className="block text-xs text-ink-500">{m.directBookings} direct</span>}
                    </Td>
                    <Td className="text-right whitespace-nowrap">{money(m.gross)}</Td>
                    <Td className="text-right whitespace-nowrap">{money(m.net)}</Td>
                    {isAdmin && (
                      <Td className="text-right">
                        {m.outstanding > 0 && (
                          <Button size="sm" variant="outline" onClick={() => setRecording(m)} data-testid="record-payment">
                            Record payment
                          </Button>
                        )}
                      </Td>
                    )}
                  </tr>
                ))}
              </tbody>
            </TableCard>
          )}

          <Card className="space-y-2 text-sm text-ink-700" data-testid="commission-rules">
            <h2 className="font-semibold text-ink-900">How commission works</h2>
            <p>
              GlowBook takes {percent} of each booking you complete through the marketplace, and nothing on direct bookings: those customers
              book through your own link, website widget or QR poster (Settings → Online booking). When a customer does not come, a booking
              they prepaid stays paid to you and {percent} of it is commission; one to be paid at the salon carries none.
            </p>
            <p>
              Paid: commission already deducted from what customers prepaid online, plus payments you made. Pay what is outstanding by bank
              transfer or UPI to GlowBook, quoting your salon and the month; we record it here.
            </p>
          </Card>

          {d.payments.length > 0 && (
            <Card data-testid="commission-payments">
              <h2 className="mb-2 font-semibold text-ink-900">Payments recorded</h2>
              <ul className="divide-y divide-blush-100 text-sm">
                {d.payments.map((p) => (
                  <li key={p._id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span>
                      {monthLabel(p.month)} · <span className="font-mono text-xs">{p.reference}</span>
                    </span>
                    <span className="font-medium text-ink-900">{money(p.amount)}</span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>
      )}
      {isAdmin && merchantId && (
        <RecordPayment key={recording?.month ?? 'none'} merchantId={merchantId} month={recording} onClose={() => setRecording(null)} />
      )}
    </PageContainer>
  );
}
