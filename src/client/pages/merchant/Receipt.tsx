import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { PAYMENT_LABELS } from '../../../shared/checkout';
import { longDateTime } from '../../../shared/dates';
import { formatINR } from '../../../shared/money';
import type { ReceiptWire } from '../../../shared/schemas/checkout';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Skeleton } from '../../components/ui/Skeleton';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { FormError } from '../../forms/FormError';
import { downloadSigned, pdfName } from '../../lib/download';
import { usePageTitle } from '../../lib/usePageTitle';
import { answerMessage } from '../../mutationMeta';
import { errorMessage, trpc } from '../../trpc';

const money = (n: number) => formatINR(n, { paise: true });

/** Fetches the receipt's PDF with the session's token and saves it. */
const downloadPdf = (r: ReceiptWire) =>
  downloadSigned(`/api/receipts/${r._id}/pdf`, pdfName(r.receiptNumber), 'Could not download the receipt.');

function SendReceipt({ merchantId, r }: { merchantId: string; r: ReceiptWire }) {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const send = trpc.merchants.sendReceipt.useMutation({ meta: { successToast: answerMessage } });
  const go = (channels: ('email' | 'whatsapp')[]) =>
    send.mutate({ merchantId, receiptId: r._id, channels, ...(email ? { email } : {}), ...(phone ? { phone } : {}) });
  return (
    <Card className="space-y-3 print:hidden" data-testid="receipt-send">
      <h2 className="font-semibold text-ink-900">Send to the customer</h2>
      {!r.customer.email && <Input label="E-mail address" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      {!r.customer.phone && <Input label="WhatsApp number" inputMode="numeric" value={phone} onChange={(e) => setPhone(e.target.value)} />}
      <FormError message={send.error ? errorMessage(send.error, 'Could not send the receipt.') : undefined} testId="receipt-send-error" />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => go(['email'])} loading={send.isPending} data-testid="receipt-send-email">
          E-mail{r.customer.email ? ` ${r.customer.email}` : ''}
        </Button>
        <Button variant="outline" onClick={() => go(['whatsapp'])} loading={send.isPending} data-testid="receipt-send-whatsapp">
          WhatsApp{r.customer.phone ? ` ${r.customer.phone}` : ''}
        </Button>
      </div>
      {send.data && (
        <p className="text-sm text-emerald-700" role="status">
          Queued to {send.data.sent.map((s) => s.to).join(', ')}.
        </p>
      )}
    </Card>
  );
}

function ReceiptView({ r }: { r: ReceiptWire }) {
  const tax = r.documentKind === 'tax_invoice';
  return (
    <Card className="space-y-4" data-testid="receipt">
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0 text-sm">
          <p className="text-lg font-bold text-plum-800">{r.supplier.name}</p>
          <p className="text-ink-500">{r.supplier.address}</p>
          <p className="text-ink-500">{r.supplier.state}</p>
          <p className="font-medium">{r.supplier.gstin ? `GSTIN ${r.supplier.gstin}` : 'Not registered under GST'}</p>
        </div>
        <div className="text-sm sm:text-right">
          <p className="font-bold tracking-wide text-ink-900">{tax ? 'TAX INVOICE' : 'BILL OF SUPPLY'}</p>
          <p className="font-mono" data-testid="receipt-number">
            {r.receiptNumber}
          </p>
          <p className="text-ink-500">{longDateTime(r.issuedAt)}</p>
          <p className="text-ink-500">Place of supply: {r.placeOfSupply}</p>
        </div>
      </div>
      <div className="text-sm">
        <p className="text-xs text-ink-500">Billed to</p>
        <p className="font-medium text-ink-900">{r.customer.name}</p>
        <p className="text-ink-500">{[r.customer.phone, r.customer.email].filter(Boolean).join(' · ')}</p>
      </div>
      <ul className="divide-y divide-blush-100 border-y border-blush-100 text-sm" data-testid="receipt-lines">
        {r.lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-3 py-2">
            <span className="min-w-0">
              {l.quantity > 1 ? `${l.quantity} × ` : ''}
              {l.name}
              <span className="block text-xs text-ink-500">
                {l.kind === 'product' ? 'HSN' : 'SAC'} {l.code}
                {tax ? ` · GST ${l.gstRate}% · taxable ${money(l.taxable)}` : ''}
                {l.staffName ? ` · ${l.staffName}` : ''}
                {l.discount ? ` · discount ${money(l.discount)}` : ''}
              </span>
            </span>
            <span className="shrink-0">{money(l.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="ml-auto max-w-sm space-y-1 text-sm">
        <div className="flex justify-between">
          <dt>Gross</dt>
          <dd>{money(r.gross)}</dd>
        </div>
        {r.discount > 0 && (
          <div className="flex justify-between">
            <dt>Discount ({r.discountReason})</dt>
            <dd>-{money(r.discount)}</dd>
          </div>
        )}
        {tax && (
          <>
            <div className="flex justify-between">
              <dt>Taxable value</dt>
              <dd>{money(r.taxable)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>CGST</dt>
              <dd>{money(r.cgst)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>SGST</dt>
              <dd>{money(r.sgst)}</dd>
            </div>
          </>
        )}
        <div className="flex justify-between text-base font-bold text-plum-800">
          <dt>Total</dt>
          <dd data-testid="receipt-total">{money(r.total)}</dd>
        </div>
        {r.tips.map((t) => (
          <div key={t.staffId} className="flex justify-between">
            <dt>Tip for {t.staffName}</dt>
            <dd>{money(t.amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between border-t border-blush-100 pt-1 font-semibold">
          <dt>Paid</dt>
          <dd>{money(r.amountDue)}</dd>
        </div>
        {r.payments.map((p, i) => (
          <div key={i} className="flex justify-between text-ink-500" data-testid="receipt-payment">
            <dt>
              {PAYMENT_LABELS[p.method]}
              {p.reference ? ` (${p.reference})` : ''}
            </dt>
            <dd>{money(p.amount)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export default function Receipt() {
  usePageTitle('Receipt');
  const { id } = useParams<{ id: string }>();
  const { merchantId } = useDeskMerchant();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const q = trpc.merchants.getReceipt.useQuery({ merchantId: merchantId ?? undefined, receiptId: id }, { enabled: Boolean(merchantId) });
  const r = q.data?.receipt;
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title="Receipt"
        actions={
          r ? (
            <div className="flex flex-wrap gap-2 print:hidden">
              <Button variant="outline" onClick={() => window.print()}>
                Print
              </Button>
              <Button onClick={() => downloadPdf(r).catch((e: Error) => setDownloadError(e.message))} data-testid="receipt-pdf">
                Download PDF
              </Button>
            </div>
          ) : undefined
        }
      />
      <FormError message={downloadError ?? undefined} testId="receipt-pdf-error" />
      {q.isError ? (
        <LoadError title="Could not load the receipt" onRetry={q.refetch} />
      ) : !r || !merchantId ? (
        <Skeleton className="h-96 rounded-3xl" />
      ) : (
        <div className="space-y-4">
          <ReceiptView r={r} />
          <SendReceipt merchantId={merchantId} r={r} />
          <p className="text-sm print:hidden">
            <Link href="/merchant/checkout" className="font-semibold text-plum-800 underline">
              Next checkout
            </Link>
          </p>
        </div>
      )}
    </PageContainer>
  );
}
