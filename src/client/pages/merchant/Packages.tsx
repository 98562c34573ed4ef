import { type FormEvent, useState } from 'react';
import { formatINR } from '../../../shared/money';
import { HOLDING_KIND_LABELS, type HoldingKind } from '../../../shared/packages';
import type { OfferWire } from '../../../shared/schemas/packages';
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

const INVALIDATES = ['merchants.getSalonOffers', 'merchants.getCheckoutOptions'] as const;
const KIND_HINTS: Record<HoldingKind, string> = {
  package: 'A bundle of sessions of one or more services, e.g. 5 facials, paid ahead.',
  membership: 'Prepaid for a period: a discount on services and/or sessions included.',
  voucher: 'A gift voucher of a rupee value with a code, spent at checkout.',
};

/** Add or edit a package, membership or voucher; the server checks each kind's rules and names the field. */
function OfferForm({ merchantId, offer, onClose }: { merchantId: string; offer: OfferWire | 'new'; onClose: () => void }) {
  const editing = offer !== 'new' ? offer : null;
  const options = trpc.merchants.getCheckoutOptions.useQuery({ merchantId });
  const [v, setV] = useState({
    kind: (editing?.kind ?? 'package') as HoldingKind,
    name: editing?.name ?? '',
    price: editing ? String(editing.price) : '',
    validityDays: editing ? String(editing.validityDays) : '180',
    sessions: editing ? String(editing.sessions) : '5',
    discountPercent: editing ? String(editing.discountPercent) : '10',
  });
  const [serviceIds, setServiceIds] = useState<string[]>(editing?.services.map((s) => s._id) ?? []);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((o) => ({ ...o, [k]: e.target.value }));
  const meta = { successToast: editing ? 'Saved' : 'Added', invalidates: INVALIDATES };
  const create = trpc.merchants.createSalonOffer.useMutation({ meta, onSuccess: onClose });
  const update = trpc.merchants.updateSalonOffer.useMutation({ meta, onSuccess: onClose });
  const error = create.error ?? update.error;
  const field = error ? (error.data as { field?: string } | undefined)?.field : undefined;
  const errorOf = (k: string) => (field === k && error ? errorMessage(error, '') : undefined);
  const kind = v.kind;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const fields = {
      name: v.name,
      price: v.price,
      validityDays: v.validityDays,
      ...(kind !== 'voucher' ? { sessions: v.sessions || '0', serviceIds } : {}),
      ...(kind === 'membership' ? { discountPercent: v.discountPercent || '0' } : {}),
    };
    // Numbers go as typed: the shared schemas read form text.
    if (editing) update.mutate({ merchantId, offerId: editing._id, ...fields } as never);
    else create.mutate({ merchantId, kind, ...fields } as never);
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={editing ? `Edit ${editing.name}` : 'Sell a package, membership or voucher'}
      testId="offer-modal"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="offer-form" loading={create.isPending || update.isPending} data-testid="offer-save">
            {editing ? 'Save' : 'Add'}
          </Button>
        </>
      }
    >
      <form id="offer-form" noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError message={error && !field ? errorMessage(error, 'Could not save.') : undefined} testId="offer-error" />
        </div>
        {!editing && (
          <Select
            label="What"
            value={kind}
            onChange={set('kind')}
            options={(['package', 'membership', 'voucher'] as const).map((k) => ({ value: k, label: HOLDING_KIND_LABELS[k] }))}
            hint={KIND_HINTS[kind]}
            containerClassName="sm:col-span-2"
            data-testid="offer-kind"
          />
        )}
        <Input
          label="Name"
          value={v.name}
          onChange={set('name')}
          error={errorOf('name')}
          maxLength={100}
          containerClassName="sm:col-span-2"
          data-testid="offer-name"
        />
        <Input
          label={kind === 'voucher' ? 'Value (₹)' : 'Price with GST (₹)'}
          type="number"
          step="0.01"
          min="1"
          value={v.price}
          onChange={set('price')}
          error={errorOf('price')}
          data-testid="offer-price"
        />
        <Input
          label="Valid for (days)"
          type="number"
          min="1"
          step="1"
          value={v.validityDays}
          onChange={set('validityDays')}
          error={errorOf('validityDays')}
          data-testid="offer-validity"
        />
        {kind === 'membership' && (
          <Input
            label="Discount on services (%)"
            type="number"
            min="0"
            max="90"
            step="1"
            value={v.discountPercent}
            onChange={set('discountPercent')}
            error={errorOf('discountPercent')}
            data-testid="offer-discount"
          />
        )}
        {kind !== 'voucher' && (
          <Input
            label={kind === 'membership' ? 'Sessions included (0 for none)' : 'Sessions'}
            type="number"
            min="0"
            step="1"
            value={v.sessions}
            onChange={set('sessions')}
            error={errorOf('sessions')}
            data-testid="offer-sessions"
          />
        )}
        {kind !== 'voucher' && (
          <fieldset className="sm:col-span-2">
            <legend className="mb-1 text-sm font-medium text-ink-900">Sessions cover</legend>
            {errorOf('serviceIds') && <p className="mb-1 text-sm text-red-700">{errorOf('serviceIds')}</p>}
            <div className="flex max-h-40 flex-wrap gap-2 overflow-auto" data-testid="offer-services">
              {(options.data?.services ?? []).map((s) => {
                const on = serviceIds.includes(s._id);
                return (
                  <label
                    key={s._id}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-blush-200 px-3 text-sm"
                  >
                    <input
                      type="checkbox"
                      checked={on}
                      onChange={() => setServiceIds(on ? serviceIds.filter((x) => x !== s._id) : [...serviceIds, s._id])}
                    />
                    {s.name} <span className="text-ink-500">{formatINR(s.price)}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}
      </form>
    </Modal>
  );
}

function terms(o: OfferWire): string {
  const parts: string[] = [];
  if (o.kind === 'voucher') parts.push(`worth ${formatINR(o.value)}`);
  if (o.discountPercent) parts.push(`${o.discountPercent}% off services`);
  if (o.sessions) parts.push(`${o.sessions} session${o.sessions === 1 ? '' : 's'} of ${o.services.map((s) => s.name).join(', ')}`);
  parts.push(`valid ${o.validityDays} days`);
  return parts.join(' · ');
}

export default function Packages() {
  usePageTitle('Packages & memberships');
  const { merchantId } = useDeskMerchant();
  const [dialog, setDialog] = useState<OfferWire | 'new' | null>(null);
  const q = trpc.merchants.getSalonOffers.useQuery({ merchantId: merchantId ?? undefined }, { enabled: Boolean(merchantId) });
  const toggle = trpc.merchants.updateSalonOffer.useMutation({ meta: { invalidates: INVALIDATES } });
  if (!merchantId)
    return (
      <PageContainer>
        <PageHeader title="Packages & memberships" />
        <EmptyState title="Choose a salon" description="Open this page with ?merchantId= as an admin." />
      </PageContainer>
    );
  const offers = q.data?.offers;
  return (
    <PageContainer>
      <PageHeader
        title="Packages & memberships"
        description="Packages of sessions, memberships and gift vouchers: sold at checkout or online from your salon page, used at booking and checkout."
        actions={
          <Button onClick={() => setDialog('new')} data-testid="add-offer">
            Add
          </Button>
        }
      />
      {q.isError ? (
        <LoadError title="Could not load your packages" onRetry={q.refetch} />
      ) : !offers ? (
        <Skeleton className="h-64 rounded-3xl" />
      ) : offers.length === 0 ? (
        <EmptyState title="Nothing on sale yet" description="Add a package (e.g. 5 facials), a membership or a gift voucher." />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="offer-list">
          {offers.map((o) => (
            <li key={o._id}>
              <Card className="flex h-full flex-col gap-3" data-testid="offer-card" data-name={o.name}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="text-xs font-semibold uppercase tracking-wide text-ink-500">{HOLDING_KIND_LABELS[o.kind]}</p>
                    <h2 className="font-semibold text-ink-900">{o.name}</h2>
                  </div>
                  {o.active ? <Badge tone="success">On sale</Badge> : <Badge>Off sale</Badge>}
                </div>
                <p className="text-2xl font-bold text-ink-900">{formatINR(o.price, { paise: !Number.isInteger(o.price) })}</p>
                <p className="text-sm text-ink-700">{terms(o)}</p>
                {o.sales && o.sales.sold > 0 && (
                  <p className="text-xs text-ink-500" data-testid="offer-sales">
                    Sold {o.sales.sold}
                    {o.sales.lapsed > 0 &&
                      ` · ${o.sales.lapsed} expired with ${formatINR(o.sales.lapsedValue, { paise: !Number.isInteger(o.sales.lapsedValue) })} unused`}
                  </p>
                )}
                <div className="mt-auto flex flex-wrap gap-1.5">
                  <Button size="sm" variant="outline" onClick={() => setDialog(o)}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => toggle.mutate({ merchantId, offerId: o._id, active: !o.active })}
                    aria-label={`${o.active ? 'Take off sale' : 'Put on sale'}: ${o.name}`}
                  >
                    {o.active ? 'Take off sale' : 'Put on sale'}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {dialog && <OfferForm merchantId={merchantId} offer={dialog} onClose={() => setDialog(null)} />}
    </PageContainer>
  );
}
