import { type FormEvent, useState } from 'react';
import { PRODUCT_GST_RATES } from '../../../shared/checkout';
import { longDateTime } from '../../../shared/dates';
import { formatINR } from '../../../shared/money';
import type { ProductWire } from '../../../shared/schemas/checkout';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { FormError } from '../../forms/FormError';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

const MOVEMENT_LABELS = { sale: 'Sold', used_in_service: 'Used in a service', adjustment: 'Adjustment' } as const;
const INVALIDATES = ['merchants.getProducts', 'merchants.getStockMovements', 'merchants.getCheckoutOptions'] as const;

/** Add or edit a product: name, HSN, price with GST, GST rate, low-stock level (and opening stock when new). */
function ProductForm({ merchantId, product, onClose }: { merchantId: string; product: ProductWire | 'new'; onClose: () => void }) {
  const editing = product !== 'new' ? product : null;
  const [v, setV] = useState({
    name: editing?.name ?? '',
    hsn: editing?.hsn ?? '',
    price: editing ? String(editing.price) : '',
    gstRate: editing ? String(editing.gstRate) : '18',
    lowStockAt: editing ? String(editing.lowStockAt) : '3',
    openingStock: '0',
  });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((o) => ({ ...o, [k]: e.target.value }));
  const meta = { successToast: editing ? 'Product saved' : 'Product added', invalidates: INVALIDATES };
  const create = trpc.merchants.createProduct.useMutation({ meta, onSuccess: onClose });
  const update = trpc.merchants.updateProduct.useMutation({ meta, onSuccess: onClose });
  const error = create.error ?? update.error;
  // Numbers go as typed: the shared schemas read form text, and the server answers a bad one naming the field.
  const fields = { name: v.name, hsn: v.hsn, price: v.price, gstRate: v.gstRate, lowStockAt: v.lowStockAt };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (editing) update.mutate({ merchantId, productId: editing._id, ...fields });
    else create.mutate({ merchantId, ...fields, openingStock: v.openingStock });
  };
  const field = error ? (error.data as { field?: string } | undefined)?.field : undefined;
  const errorOf = (k: string) => (field === k && error ? errorMessage(error, '') : undefined);
  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'Add a product'}
      testId="product-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="product-form" loading={create.isPending || update.isPending} data-testid="product-save">
            {editing ? 'Save' : 'Add product'}
          </Button>
        </>
      }
    >
      <form id="product-form" noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError message={error && !field ? errorMessage(error, 'Could not save the product.') : undefined} testId="product-error" />
        </div>
        <Input
          label="Name"
          value={v.name}
          onChange={set('name')}
          error={errorOf('name')}
          maxLength={100}
          containerClassName="sm:col-span-2"
          data-testid="product-name"
        />
        <Input
          label="HSN code"
          value={v.hsn}
          onChange={set('hsn')}
          error={errorOf('hsn')}
          inputMode="numeric"
          hint="4, 6 or 8 digits (3305 hair care, 3304 skin care)"
          data-testid="product-hsn"
        />
        <Input
          label="Price with GST (₹)"
          type="number"
          step="0.01"
          min="0.01"
          value={v.price}
          onChange={set('price')}
          error={errorOf('price')}
          data-testid="product-price"
        />
        <Select
          label="GST rate"
          value={v.gstRate}
          onChange={set('gstRate')}
          error={errorOf('gstRate')}
          options={PRODUCT_GST_RATES.map((r) => ({ value: String(r), label: `${r}%` }))}
          data-testid="product-gst"
        />
        <Input
          label="Low-stock level"
          type="number"
          min="0"
          step="1"
          value={v.lowStockAt}
          onChange={set('lowStockAt')}
          error={errorOf('lowStockAt')}
          hint="Listed under Low stock at or below this"
          data-testid="product-low"
        />
        {!editing && (
          <Input
            label="Opening stock"
            type="number"
            min="0"
            step="1"
            value={v.openingStock}
            onChange={set('openingStock')}
            error={errorOf('openingStock')}
            data-testid="product-opening"
          />
        )}
      </form>
    </Modal>
  );
}

/** A counted change of stock with its reason; the server refuses one that would go below zero. */
function AdjustStock({ merchantId, product, onClose }: { merchantId: string; product: ProductWire; onClose: () => void }) {
  const [change, setChange] = useState('');
  const [reason, setReason] = useState('');
  const adjust = trpc.merchants.adjustStock.useMutation({
    meta: { successToast: 'Stock updated', invalidates: INVALIDATES },
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={`Adjust stock: ${product.name}`}
      description={`${product.stock} in stock. Add a delivery (e.g. 12) or take off breakage (e.g. -2).`}
      testId="adjust-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="adjust-form" loading={adjust.isPending} data-testid="adjust-save">
            Save
          </Button>
        </>
      }
    >
      <form
        id="adjust-form"
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          adjust.mutate({ merchantId, productId: product._id, change, reason });
        }}
      >
        <FormError message={adjust.error ? errorMessage(adjust.error, 'Could not change the stock.') : undefined} testId="adjust-error" />
        <Input
          label="Change (+ or −)"
          type="number"
          step="1"
          value={change}
          onChange={(e) => setChange(e.target.value)}
          data-testid="adjust-change"
        />
        <Input label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} data-testid="adjust-reason" />
      </form>
    </Modal>
  );
}

function History({ merchantId, product, onClose }: { merchantId: string; product: ProductWire; onClose: () => void }) {
  const q = trpc.merchants.getStockMovements.useQuery({ merchantId, productId: product._id });
  return (
    <Modal open onClose={onClose} title={`Stock history: ${product.name}`} size="lg" testId="history-modal">
      {q.isError ? (
        <LoadError title="Could not load the history" onRetry={q.refetch} />
      ) : !q.data ? (
        <Skeleton className="h-40" />
      ) : q.data.movements.length === 0 ? (
        <p className="text-sm text-ink-500">No movements yet.</p>
      ) : (
        <ul className="divide-y divide-blush-100 text-sm" data-testid="history-list">
          {q.data.movements.map((m) => (
            <li key={m._id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-ink-900">{MOVEMENT_LABELS[m.kind]}</span>
                {m.reason && <span className="text-ink-500"> · {m.reason}</span>}
                {m.receiptNumber && <span className="font-mono text-xs text-ink-500"> · {m.receiptNumber}</span>}
                <span className="block text-xs text-ink-500">{longDateTime(m.createdAt)}</span>
              </span>
              <span className="text-right">
                <span className={m.change < 0 ? 'font-semibold text-red-700' : 'font-semibold text-emerald-700'}>
                  {m.change > 0 ? `+${m.change}` : m.change}
                </span>
                <span className="block text-xs text-ink-500">{m.stockAfter} left</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

type Dialog = { kind: 'form'; product: ProductWire | 'new' } | { kind: 'adjust' | 'history'; product: ProductWire } | null;

export default function Products() {
  usePageTitle('Products & stock');
  const { merchantId } = useDeskMerchant();
  const [lowOnly, setLowOnly] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const q = trpc.merchants.getProducts.useQuery(
    { merchantId: merchantId ?? undefined, lowStockOnly: lowOnly },
    { enabled: Boolean(merchantId) },
  );
  const toggle = trpc.merchants.updateProduct.useMutation({ meta: { invalidates: INVALIDATES } });
  if (!merchantId)
    return (
      <PageContainer>
        <PageHeader title="Products & stock" />
        <EmptyState title="Choose a salon" description="Open this page with ?merchantId= as an admin." />
      </PageContainer>
    );
  const products = q.data?.products;
  return (
    <PageContainer>
      <PageHeader
        title="Products & stock"
        description="Retail products you sell at checkout and use in services. Stock goes down with each sale and never below zero."
        actions={
          <Button onClick={() => setDialog({ kind: 'form', product: 'new' })} data-testid="add-product">
            Add product
          </Button>
        }
      />
      <div className="mb-4 flex gap-2" role="group" aria-label="Show">
        <Button size="sm" variant={lowOnly ? 'outline' : 'secondary'} aria-pressed={!lowOnly} onClick={() => setLowOnly(false)}>
          All products
        </Button>
        <Button
          size="sm"
          variant={lowOnly ? 'secondary' : 'outline'}
          aria-pressed={lowOnly}
          onClick={() => setLowOnly(true)}
          data-testid="low-stock-filter"
        >
          Low stock
        </Button>
      </div>
      {q.isError ? (
        <LoadError title="Could not load your products" onRetry={q.refetch} />
      ) : !products ? (
        <Skeleton className="h-64 rounded-3xl" />
      ) : products.length === 0 ? (
        <EmptyState
          title={lowOnly ? 'Nothing is low on stock' : 'No products yet'}
          description={
            lowOnly ? 'Every product on sale is above its low-stock level.' : 'Add the retail products you sell: shampoos, serums, oils.'
          }
        />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="product-list">
          {products.map((p) => (
            <li key={p._id}>
              <Card className="flex h-full flex-col gap-3" data-testid="product-card" data-name={p.name}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="truncate font-semibold text-ink-900">{p.name}</h2>
                    <p className="text-xs text-ink-500">
                      HSN {p.hsn} · GST {p.gstRate}% · {formatINR(p.price, { paise: true })}
                    </p>
                  </div>
                  {!p.active ? <Badge>Off sale</Badge> : p.lowStock ? <Badge tone="warning">Low stock</Badge> : null}
                </div>
                <p className="text-sm text-ink-700">
                  <span className="text-2xl font-bold text-ink-900" data-testid="product-stock">
                    {p.stock}
                  </span>{' '}
                  in stock <span className="text-xs text-ink-500">(low at {p.lowStockAt})</span>
                </p>
                <div className="mt-auto flex flex-wrap gap-1.5">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setDialog({ kind: 'adjust', product: p })}
                    data-testid="product-adjust"
                  >
                    Adjust stock
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'history', product: p })}>
                    History
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'form', product: p })}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => toggle.mutate({ merchantId, productId: p._id, active: !p.active })}
                    aria-label={`${p.active ? 'Take off sale' : 'Put on sale'}: ${p.name}`}
                  >
                    {p.active ? 'Take off sale' : 'Put on sale'}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === 'form' && <ProductForm merchantId={merchantId} product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'adjust' && <AdjustStock merchantId={merchantId} product={dialog.product} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'history' && <History merchantId={merchantId} product={dialog.product} onClose={() => setDialog(null)} />}
    </PageContainer>
  );
}
