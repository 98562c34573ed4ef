import { useState } from 'react';
import { useSearch } from 'wouter';
import { formatINR } from '../../../shared/money';
import { payStatementCsv } from '../../../shared/staffPayCsv';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Skeleton } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { CSV_TYPE, downloadSigned, downloadText } from '../../lib/download';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

const money = (n: number) => formatINR(n, { paise: true });
/** Today in India, and the first of its month. */
const todayIst = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

/** Fetches the pay statement's PDF with the session's token and saves it. */
const downloadPdf = (staffId: string, from: string, to: string) =>
  downloadSigned(
    `/api/staff-pay/${staffId}/pdf?from=${from}&to=${to}`,
    `pay-statement-${from}-${to}.pdf`,
    'Could not download the statement.',
  );

/**
 * A professional's pay statement for a period (their own; the owner opens anyone's from Staff →
 * Sign-in & pay with ?staff=<id>): services, products, commission per line, tips, base and total.
 */
export default function MyPay() {
  usePageTitle('Pay statement');
  const me = trpc.merchants.myMembership.useQuery();
  const staffParam = new URLSearchParams(useSearch()).get('staff');
  const staffId = me.data?.role === 'professional' ? me.data.staffId : staffParam;
  const today = todayIst();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const q = trpc.merchants.getPayStatement.useQuery(
    { staffId: staffId ?? '', from, to },
    { enabled: !!staffId && !!from && !!to && from <= to },
  );
  const s = q.data;
  return (
    <PageContainer>
      <PageHeader
        eyebrow={me.data?.shopName}
        title={s ? `Pay statement: ${s.staffName}` : 'Pay statement'}
        description="Services done and products sold on completed checkouts, commission per line, tips and base (India dates)."
        actions={
          s && (
            <>
              <Button
                size="sm"
                variant="outline"
                data-testid="pay-csv"
                onClick={() => downloadText(`pay-statement-${from}-${to}.csv`, payStatementCsv(s), CSV_TYPE)}
              >
                Download CSV
              </Button>
              <Button
                size="sm"
                variant="outline"
                data-testid="pay-pdf"
                onClick={() => downloadPdf(s.staffId, from, to).catch((e: Error) => toast.error(e.message))}
              >
                Download PDF
              </Button>
            </>
          )
        }
      />
      <div className="mb-4 grid max-w-md grid-cols-2 gap-3">
        <Input label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="pay-from" />
        <Input label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} data-testid="pay-to" />
      </div>
      {!staffId && me.data && <EmptyState title="Choose a professional" description="Open a statement from Staff → Sign-in & pay." />}
      {q.isLoading && <Skeleton className="h-40" />}
      {q.error && <LoadError title="Could not load" description={q.error.message} onRetry={() => void q.refetch()} />}
      {s && (
        <>
          <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
            {(
              [
                ['Service commission', s.totals.serviceCommission],
                ['Product commission', s.totals.productCommission],
                ['Tips', s.totals.tips],
                ['Base', s.totals.base],
                ['Total to pay', s.totals.total],
              ] as const
            ).map(([label, v]) => (
              <Card key={label}>
                <p className="text-xs text-ink-500">{label}</p>
                <p className="mt-1 text-lg font-bold text-ink-900" data-testid={`pay-total-${label.toLowerCase().replace(/\s+/g, '-')}`}>
                  {money(v)}
                </p>
              </Card>
            ))}
          </div>
          <Card>
            {s.lines.length === 0 && s.tips.length === 0 ? (
              <p className="text-sm text-ink-500">Nothing in this period yet.</p>
            ) : (
              <ul className="divide-y divide-ink-100 text-sm" data-testid="pay-lines">
                {s.lines.map((l, i) => (
                  <li key={`${l.checkoutId}-${i}`} className="flex flex-wrap justify-between gap-2 py-2">
                    <span>
                      <span className="font-medium text-ink-900">{l.name}</span>
                      <span className="text-ink-500">
                        {' '}
                        · {l.date} · {l.receiptNumber}
                        {l.kind === 'product' ? ` · product ×${l.quantity}` : l.category ? ` · ${l.category}` : ''}
                      </span>
                    </span>
                    <span className="text-ink-700">
                      {money(l.charged)} × {l.rate}% = <strong>{money(l.commission)}</strong>
                    </span>
                  </li>
                ))}
                {s.tips.map((t) => (
                  <li key={`tip-${t.checkoutId}`} className="flex justify-between gap-2 py-2">
                    <span className="text-ink-700">
                      Tip · {t.date} · {t.receiptNumber}
                    </span>
                    <strong>{money(t.amount)}</strong>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </PageContainer>
  );
}
