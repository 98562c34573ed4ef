import { type ReactNode, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  type BillLineIn,
  computeBill,
  PAYMENT_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  SALON_SERVICES_GST_RATE,
} from '../../../shared/checkout';
import { longDateTime } from '../../../shared/dates';
import { formatINR } from '../../../shared/money';
import { HOLDING_KIND_LABELS, memberPricePaise, membershipCovers } from '../../../shared/packages';
import type { CheckoutOptions } from '../../../shared/schemas/checkout';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { DESK_QUERIES } from '../../features/bookingDesk/desk';
import { useDeskMerchant } from '../../features/bookingDesk/useDeskMerchant';
import { FormError } from '../../forms/FormError';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

const money = (n: number) => formatINR(n, { paise: true });
const num = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? 0 : Number(s));

interface Payment {
  method: PaymentMethod;
  amount: string;
  reference: string;
  /** A salon voucher part: the code typed, and the voucher found by it. */
  code?: string;
  voucher?: { holdingId: string; balance: number; name: string } | null;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card className="space-y-3" data-testid={testId}>
      <h2 className="font-semibold text-ink-900">{title}</h2>
      {children}
    </Card>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" className="text-red-700" onClick={onClick} aria-label={`Remove ${label}`}>
      Remove
    </Button>
  );
}

/** Picks a product and a quantity (sold, or used in the service). */
function ProductPicker({
  options,
  onAdd,
  action,
  testId,
}: {
  options: CheckoutOptions['products'];
  onAdd: (productId: string, quantity: number) => void;
  action: string;
  testId: string;
}) {
  const [productId, setProductId] = useState('');
  const [qty, setQty] = useState('1');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        label="Product"
        value={productId}
        onChange={(e) => setProductId(e.target.value)}
        placeholder="Choose a product"
        options={options.map((p) => ({ value: p._id, label: `${p.name} · ${money(p.price)} · ${p.stock} left`, disabled: p.stock === 0 }))}
        containerClassName="min-w-0 flex-1 basis-56"
        data-testid={`${testId}-product`}
      />
      <Input
        label="Qty"
        type="number"
        min="1"
        max="99"
        step="1"
        value={qty}
        onChange={(e) => setQty(e.target.value)}
        containerClassName="w-20"
        data-testid={`${testId}-qty`}
      />
      <Button
        variant="outline"
        disabled={!productId || num(qty) < 1}
        onClick={() => {
          onAdd(productId, Math.floor(num(qty)));
          setProductId('');
          setQty('1');
        }}
        data-testid={`${testId}-add`}
      >
        {action}
      </Button>
    </div>
  );
}

function CheckoutForm({ merchantId, options, bookingId }: { merchantId: string; options: CheckoutOptions; bookingId: string | null }) {
  const [, navigate] = useLocation();
  const booking = options.booking;
  const [walkIn, setWalkIn] = useState({ name: '', phone: '', email: '' });
  const [services, setServices] = useState<{ serviceId: string; staffId: string }[]>([]);
  const [svcPick, setSvcPick] = useState({ serviceId: '', staffId: booking?.staffId ?? options.staff[0]?._id ?? '' });
  const [products, setProducts] = useState<{ productId: string; quantity: number }[]>([]);
  const [used, setUsed] = useState<{ productId: string; quantity: number }[]>([]);
  const [discount, setDiscount] = useState({ amount: '', reason: '' });
  const [tips, setTips] = useState<{ staffId: string; amount: string }[]>([]);
  const [payments, setPayments] = useState<Payment[]>([{ method: 'cash', amount: '', reference: '' }]);
  const [sell, setSell] = useState<string[]>([]);
  const [sellPick, setSellPick] = useState('');
  const [redeem, setRedeem] = useState<{ holdingId: string; serviceId: string }[]>([]);
  const [membershipId, setMembershipId] = useState('');
  const utils = trpc.useUtils();
  const [voucherError, setVoucherError] = useState<string | null>(null);
  const checkout = trpc.merchants.checkoutVisit.useMutation({
    meta: {
      successToast: 'Checked out',
      invalidates: ['merchants.getCheckoutOptions', 'merchants.getReceipts', 'merchants.getProducts', ...DESK_QUERIES],
    },
    onSuccess: ({ receipt }) => navigate(`/merchant/receipts/${receipt._id}`),
  });

  const serviceById = new Map(options.services.map((s) => [s._id, s]));
  const productById = new Map(options.products.map((p) => [p._id, p]));
  const staffById = new Map(options.staff.map((s) => [s._id, s]));
  const offerById = new Map(options.offers.map((o) => [o._id, o]));
  const holdings = booking?.holdings ?? [];
  const membership = holdings.find((h) => h._id === membershipId);
  // The same pricing the server does: a session covers the first uncovered line of its service,
  // a membership prices the others of its categories.
  const serviceLines = [
    ...(booking?.services ?? []).map((s) => ({ serviceId: s.serviceId, label: s.name, price: s.price, categoryId: s.categoryId })),
    ...services.map((s) => ({
      serviceId: s.serviceId,
      label: serviceById.get(s.serviceId)?.name ?? '',
      price: serviceById.get(s.serviceId)?.price ?? 0,
      categoryId: serviceById.get(s.serviceId)?.categoryId ?? null,
    })),
  ].map((l) => ({ ...l, covered: false }));
  for (const r of redeem) {
    const line = serviceLines.find((l) => l.serviceId === r.serviceId && !l.covered);
    if (line) line.covered = true;
  }
  const lines: (BillLineIn & { label: string })[] = [
    ...serviceLines.map((l) => ({
      label: l.label,
      unitPrice: l.covered
        ? 0
        : membership && membershipCovers(membership.categoryIds, l.categoryId)
          ? memberPricePaise(Math.round(l.price * 100), membership.discountPercent) / 100
          : l.price,
      quantity: 1,
      gstRate: SALON_SERVICES_GST_RATE,
    })),
    ...sell.map((id) => ({
      label: offerById.get(id)?.name ?? '',
      unitPrice: offerById.get(id)?.price ?? 0,
      quantity: 1,
      gstRate: offerById.get(id)?.kind === 'voucher' ? 0 : SALON_SERVICES_GST_RATE,
    })),
    ...products.map((p) => ({
      label: productById.get(p.productId)?.name ?? '',
      unitPrice: productById.get(p.productId)?.price ?? 0,
      quantity: p.quantity,
      gstRate: productById.get(p.productId)?.gstRate ?? 0,
    })),
  ];
  const tipsTotal = tips.reduce((a, t) => a + num(t.amount), 0);
  const bill = computeBill(lines, (booking?.bookedDiscount ?? 0) + num(discount.amount), tipsTotal, options.gstRegistered);
  const prepaid = booking?.prepaid ?? 0;
  const toTake = Math.max(0, Math.round((bill.amountDue - prepaid) * 100) / 100);
  const taken = payments.reduce((a, p) => a + num(p.amount), 0);
  const left = Math.round((toTake - taken) * 100) / 100;

  const setPayment = (i: number, patch: Partial<Payment>) => setPayments((ps) => ps.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const submit = () =>
    checkout.mutate({
      merchantId,
      ...(bookingId ? { bookingId } : { walkIn }),
      services,
      products,
      usedInService: used,
      ...(discount.amount.trim() ? { discount: { amount: discount.amount, reason: discount.reason } } : {}),
      tips: tips.filter((t) => t.amount.trim()).map((t) => ({ staffId: t.staffId, amount: t.amount })),
      payments: payments
        .filter((p) => p.amount.trim())
        .map((p) => ({
          method: p.method,
          amount: p.amount,
          ...(p.reference.trim() ? { reference: p.reference } : {}),
          ...(p.method === 'voucher' && p.voucher ? { holdingId: p.voucher.holdingId } : {}),
        })),
      sell: sell.map((offerId) => ({ offerId })),
      redeem,
      ...(membershipId ? { membershipId } : {}),
    });
  const findVoucher = async (i: number, code: string) => {
    setVoucherError(null);
    try {
      const { holding } = await utils.merchants.findSalonVoucher.fetch({ merchantId, code });
      setPayment(i, { voucher: { holdingId: holding._id, balance: holding.balance, name: holding.name } });
      if (holding.state !== 'active') setVoucherError(`${holding.name} is ${holding.state}.`);
    } catch (err) {
      setPayment(i, { voucher: null });
      setVoucherError(errorMessage(err as never, 'No voucher with that code.'));
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-4">
        <Section title="Customer" testId="checkout-customer">
          {booking ? (
            <div className="text-sm text-ink-700">
              <p className="font-medium text-ink-900" data-testid="checkout-customer-name">
                {booking.customerName}
              </p>
              <p>
                Booked for {booking.bookingDate} at {booking.bookingTime} with {booking.staffName}
              </p>
              {booking.prepaid > 0 && <p>Prepaid online: {money(booking.prepaid)}</p>}
              {booking.walletBalance !== null && <p>GlowBook wallet: {money(booking.walletBalance)}</p>}
            </div>
          ) : (
            <div className="grid gap-3 sm:grid-cols-3">
              <Input
                label="Name"
                value={walkIn.name}
                onChange={(e) => setWalkIn({ ...walkIn, name: e.target.value })}
                maxLength={100}
                data-testid="walkin-name"
              />
              <Input
                label="Mobile (optional)"
                inputMode="numeric"
                value={walkIn.phone}
                onChange={(e) => setWalkIn({ ...walkIn, phone: e.target.value })}
                data-testid="walkin-phone"
              />
              <Input
                label="E-mail (optional)"
                type="email"
                value={walkIn.email}
                onChange={(e) => setWalkIn({ ...walkIn, email: e.target.value })}
                data-testid="walkin-email"
              />
            </div>
          )}
        </Section>

        <Section title="Services" testId="checkout-services">
          <ul className="divide-y divide-blush-100 text-sm">
            {booking?.services.map((s, i) => (
              <li key={`b${i}`} className="flex justify-between gap-2 py-2">
                <span>
                  {s.name} <span className="text-xs text-ink-500">· {booking.staffName} · booked</span>
                </span>
                <span>{money(s.price)}</span>
              </li>
            ))}
            {services.map((s, i) => (
              <li key={`s${i}`} className="flex items-center justify-between gap-2 py-2">
                <span>
                  {serviceById.get(s.serviceId)?.name} <span className="text-xs text-ink-500">· {staffById.get(s.staffId)?.name}</span>
                </span>
                <span className="flex items-center gap-1">
                  {money(serviceById.get(s.serviceId)?.price ?? 0)}
                  <RemoveButton
                    label={serviceById.get(s.serviceId)?.name ?? 'service'}
                    onClick={() => setServices(services.filter((_, j) => j !== i))}
                  />
                </span>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-end gap-2">
            <Select
              label="Add a service done"
              value={svcPick.serviceId}
              onChange={(e) => setSvcPick({ ...svcPick, serviceId: e.target.value })}
              placeholder="Choose a service"
              options={options.services.map((s) => ({ value: s._id, label: `${s.name} · ${money(s.price)}` }))}
              containerClassName="min-w-0 flex-1 basis-56"
              data-testid="service-pick"
            />
            <Select
              label="By"
              value={svcPick.staffId}
              onChange={(e) => setSvcPick({ ...svcPick, staffId: e.target.value })}
              options={options.staff.map((s) => ({ value: s._id, label: s.name }))}
              containerClassName="min-w-0 basis-40"
              data-testid="service-staff"
            />
            <Button
              variant="outline"
              disabled={!svcPick.serviceId || !svcPick.staffId}
              onClick={() => {
                setServices([...services, { serviceId: svcPick.serviceId, staffId: svcPick.staffId }]);
                setSvcPick({ ...svcPick, serviceId: '' });
              }}
              data-testid="service-add"
            >
              Add
            </Button>
          </div>
        </Section>

        <Section title="Products sold" testId="checkout-products">
          {products.length > 0 && (
            <ul className="divide-y divide-blush-100 text-sm">
              {products.map((p, i) => {
                const product = productById.get(p.productId);
                return (
                  <li key={p.productId + i} className="flex items-center justify-between gap-2 py-2">
                    <span>
                      {p.quantity} × {product?.name}
                    </span>
                    <span className="flex items-center gap-1">
                      {money((product?.price ?? 0) * p.quantity)}
                      <RemoveButton label={product?.name ?? 'product'} onClick={() => setProducts(products.filter((_, j) => j !== i))} />
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          {options.products.length ? (
            <ProductPicker
              options={options.products}
              action="Sell"
              testId="sell"
              onAdd={(productId, quantity) => setProducts([...products, { productId, quantity }])}
            />
          ) : (
            <p className="text-sm text-ink-500">
              No products on sale. <Link href="/merchant/products">Add products</Link>
            </p>
          )}
          {options.products.length > 0 && (
            <details className="text-sm" open={used.length > 0}>
              <summary className="cursor-pointer font-medium text-plum-800">Used in the service (not charged)</summary>
              <div className="mt-2 space-y-2">
                <ul className="text-ink-700">
                  {used.map((u, i) => (
                    <li key={u.productId + i} className="flex items-center justify-between">
                      {u.quantity} × {productById.get(u.productId)?.name}
                      <RemoveButton
                        label={productById.get(u.productId)?.name ?? 'product'}
                        onClick={() => setUsed(used.filter((_, j) => j !== i))}
                      />
                    </li>
                  ))}
                </ul>
                <ProductPicker
                  options={options.products}
                  action="Record use"
                  testId="use"
                  onAdd={(productId, quantity) => setUsed([...used, { productId, quantity }])}
                />
              </div>
            </details>
          )}
        </Section>

        <Section title="Packages, memberships and vouchers" testId="checkout-holdings">
          {holdings.length > 0 && (
            <ul className="space-y-2 text-sm" data-testid="customer-holdings">
              {holdings.map((h) => {
                const usable = h.sessionsLeft - redeem.filter((r) => r.holdingId === h._id).length;
                const coverable = serviceLines.filter((l) => l.serviceId && h.serviceIds.includes(l.serviceId) && !l.covered);
                return (
                  <li key={h._id} className="rounded-xl border border-blush-100 p-2" data-testid="customer-holding" data-name={h.name}>
                    <p className="font-medium text-ink-900">
                      {HOLDING_KIND_LABELS[h.kind]}: {h.name}
                    </p>
                    <p className="text-xs text-ink-500">
                      {h.sessionsTotal > 0 && `${h.sessionsLeft} of ${h.sessionsTotal} sessions left · `}
                      {h.kind === 'voucher' && `${money(h.balance)} left · `}
                      {h.discountPercent > 0 && `${h.discountPercent}% off services · `}
                      valid until {longDateTime(h.expiresAt)}
                    </p>
                    <div className="mt-1 flex flex-wrap gap-1.5">
                      {coverable.length > 0 && usable > 0 && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setRedeem([...redeem, { holdingId: h._id, serviceId: coverable[0].serviceId! }])}
                          data-testid="use-session"
                        >
                          Use a session for {coverable[0].label}
                        </Button>
                      )}
                      {redeem.some((r) => r.holdingId === h._id) && (
                        <Button size="sm" variant="ghost" onClick={() => setRedeem(redeem.filter((r) => r.holdingId !== h._id))}>
                          Undo sessions ({redeem.filter((r) => r.holdingId === h._id).length})
                        </Button>
                      )}
                      {h.kind === 'membership' && h.discountPercent > 0 && (
                        <Button
                          size="sm"
                          variant={membershipId === h._id ? 'secondary' : 'outline'}
                          aria-pressed={membershipId === h._id}
                          onClick={() => setMembershipId(membershipId === h._id ? '' : h._id)}
                          data-testid="apply-membership"
                        >
                          {membershipId === h._id ? 'Member price applied' : `Apply ${h.discountPercent}% member price`}
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          {sell.length > 0 && (
            <ul className="divide-y divide-blush-100 text-sm">
              {sell.map((id, i) => (
                <li key={id + i} className="flex items-center justify-between gap-2 py-2">
                  <span>
                    {HOLDING_KIND_LABELS[offerById.get(id)?.kind ?? 'package']}: {offerById.get(id)?.name}
                  </span>
                  <span className="flex items-center gap-1">
                    {money(offerById.get(id)?.price ?? 0)}
                    <RemoveButton label={offerById.get(id)?.name ?? 'offer'} onClick={() => setSell(sell.filter((_, j) => j !== i))} />
                  </span>
                </li>
              ))}
            </ul>
          )}
          {options.offers.length ? (
            <div className="flex flex-wrap items-end gap-2">
              <Select
                label="Sell"
                value={sellPick}
                onChange={(e) => setSellPick(e.target.value)}
                placeholder="Choose a package, membership or voucher"
                options={options.offers.map((o) => ({
                  value: o._id,
                  label: `${o.name} · ${money(o.price)}`,
                  disabled: o.kind !== 'voucher' && !booking?.hasAccount,
                }))}
                containerClassName="min-w-0 flex-1 basis-56"
                data-testid="offer-pick"
              />
              <Button
                variant="outline"
                disabled={!sellPick}
                onClick={() => {
                  setSell([...sell, sellPick]);
                  setSellPick('');
                }}
                data-testid="offer-add"
              >
                Sell
              </Button>
            </div>
          ) : (
            <p className="text-sm text-ink-500">
              Nothing on sale. <Link href="/merchant/packages">Add packages and memberships</Link>
            </p>
          )}
          {!booking?.hasAccount && options.offers.some((o) => o.kind !== 'voucher') && (
            <p className="text-xs text-ink-500">
              Packages and memberships are kept in a customer's GlowBook account: check out their booking.
            </p>
          )}
        </Section>

        <Section title="Discount and tips" testId="checkout-extras">
          <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <Input
              label="Discount (₹)"
              type="number"
              min="0"
              step="0.01"
              value={discount.amount}
              onChange={(e) => setDiscount({ ...discount, amount: e.target.value })}
              data-testid="discount-amount"
            />
            <Input
              label="Reason for the discount"
              value={discount.reason}
              onChange={(e) => setDiscount({ ...discount, reason: e.target.value })}
              maxLength={200}
              data-testid="discount-reason"
            />
          </div>
          {booking && booking.bookedDiscount > 0 && (
            <p className="text-xs text-ink-500">Includes the booking's offer of {money(booking.bookedDiscount)}.</p>
          )}
          {options.staff.map((s) => {
            const tip = tips.find((t) => t.staffId === s._id);
            return (
              <Input
                key={s._id}
                label={`Tip for ${s.name} (₹)`}
                type="number"
                min="0"
                step="0.01"
                value={tip?.amount ?? ''}
                onChange={(e) => setTips([...tips.filter((t) => t.staffId !== s._id), { staffId: s._id, amount: e.target.value }])}
                containerClassName="max-w-xs"
                data-testid="tip-amount"
              />
            );
          })}
        </Section>

        <Section title="Payment" testId="checkout-payment">
          {payments.map((p, i) => (
            <div key={i} className="flex flex-wrap items-end gap-2" data-testid="payment-row">
              <Select
                label="Method"
                value={p.method}
                onChange={(e) => setPayment(i, { method: e.target.value as PaymentMethod })}
                options={PAYMENT_METHODS.filter((m) => m !== 'wallet' || booking?.hasAccount).map((m) => ({
                  value: m,
                  label: PAYMENT_LABELS[m],
                }))}
                containerClassName="basis-36"
                data-testid="payment-method"
              />
              <Input
                label="Amount (₹)"
                type="number"
                min="0"
                step="0.01"
                value={p.amount}
                onChange={(e) => setPayment(i, { amount: e.target.value })}
                containerClassName="w-32"
                data-testid="payment-amount"
              />
              {p.method === 'voucher' && (
                <div className="flex min-w-0 flex-1 basis-48 items-end gap-2">
                  <Input
                    label="Voucher code"
                    value={p.code ?? ''}
                    onChange={(e) => setPayment(i, { code: e.target.value.toUpperCase(), voucher: null })}
                    maxLength={10}
                    hint={p.voucher ? `${p.voucher.name}: ${money(p.voucher.balance)} left` : undefined}
                    containerClassName="min-w-0 flex-1"
                    data-testid="voucher-code"
                  />
                  <Button variant="outline" size="sm" disabled={(p.code ?? '').length !== 10} onClick={() => findVoucher(i, p.code ?? '')}>
                    Find
                  </Button>
                </div>
              )}
              {p.method !== 'cash' && p.method !== 'voucher' && (
                <Input
                  label="Reference"
                  value={p.reference}
                  onChange={(e) => setPayment(i, { reference: e.target.value })}
                  maxLength={100}
                  containerClassName="min-w-0 flex-1 basis-32"
                  data-testid="payment-reference"
                />
              )}
              {left > 0 && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setPayment(i, { amount: String(Math.round((num(p.amount) + left) * 100) / 100) })}
                >
                  + rest
                </Button>
              )}
              {payments.length > 1 && <RemoveButton label="payment" onClick={() => setPayments(payments.filter((_, j) => j !== i))} />}
            </div>
          ))}
          {voucherError && <p className="text-sm text-red-700">{voucherError}</p>}
          {payments.length < 6 && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setPayments([...payments, { method: 'upi', amount: '', reference: '' }])}
              data-testid="payment-add"
            >
              Split: add a payment
            </Button>
          )}
        </Section>
      </div>

      <aside className="lg:sticky lg:top-24 lg:self-start">
        <Card className="space-y-2 text-sm" data-testid="checkout-summary">
          <h2 className="font-semibold text-ink-900">Bill</h2>
          <p className="text-xs text-ink-500">
            {options.gstRegistered ? 'Tax invoice: prices include GST' : 'Bill of supply (no GSTIN): no GST'}
          </p>
          <dl className="space-y-1">
            <div className="flex justify-between">
              <dt>Services and products</dt>
              <dd>{money(bill.gross)}</dd>
            </div>
            {bill.discount > 0 && (
              <div className="flex justify-between">
                <dt>Discount</dt>
                <dd>-{money(bill.discount)}</dd>
              </div>
            )}
            {options.gstRegistered && (
              <div className="flex justify-between text-xs text-ink-500">
                <dt>of which CGST + SGST</dt>
                <dd>{money(bill.cgst + bill.sgst)}</dd>
              </div>
            )}
            <div className="flex justify-between font-semibold text-ink-900">
              <dt>Total</dt>
              <dd data-testid="bill-total">{money(bill.total)}</dd>
            </div>
            {bill.tips > 0 && (
              <div className="flex justify-between">
                <dt>Tips</dt>
                <dd>{money(bill.tips)}</dd>
              </div>
            )}
            {prepaid > 0 && (
              <div className="flex justify-between">
                <dt>Prepaid online</dt>
                <dd>-{money(prepaid)}</dd>
              </div>
            )}
            <div className="flex justify-between border-t border-blush-100 pt-1 font-semibold text-ink-900">
              <dt>To take now</dt>
              <dd data-testid="bill-due">{money(toTake)}</dd>
            </div>
            <div className={left === 0 ? 'flex justify-between text-emerald-700' : 'flex justify-between text-amber-700'}>
              <dt>{left >= 0 ? 'Left to enter' : 'Entered too much'}</dt>
              <dd data-testid="bill-left">{money(Math.abs(left))}</dd>
            </div>
          </dl>
          <FormError message={checkout.error ? errorMessage(checkout.error, 'Could not check out.') : undefined} testId="checkout-error" />
          <Button
            fullWidth
            onClick={submit}
            loading={checkout.isPending}
            disabled={lines.length === 0 || left !== 0}
            data-testid="checkout-submit"
          >
            Take {money(toTake)} and issue the receipt
          </Button>
        </Card>
      </aside>
    </div>
  );
}

function RecentReceipts({ merchantId }: { merchantId: string }) {
  const q = trpc.merchants.getReceipts.useQuery({ merchantId, limit: 10 });
  if (!q.data?.receipts.length) return null;
  return (
    <Card className="mt-6" data-testid="recent-receipts">
      <h2 className="mb-2 font-semibold text-ink-900">Recent receipts</h2>
      <ul className="divide-y divide-blush-100 text-sm">
        {q.data.receipts.map((r) => (
          <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link href={`/merchant/receipts/${r._id}`} className="font-mono text-plum-800 underline">
              {r.receiptNumber}
            </Link>
            <span className="min-w-0 flex-1 truncate">{r.customer.name}</span>
            <span className="text-xs text-ink-500">{longDateTime(r.issuedAt)}</span>
            <span className="font-medium">{money(r.amountDue)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Visit checkout: a checked-in booking (?booking=) or a walk-in; the server checks and computes everything again. */
export default function Checkout() {
  usePageTitle('Checkout');
  const { merchantId } = useDeskMerchant();
  const bookingId = new URLSearchParams(useSearch()).get('booking');
  const q = trpc.merchants.getCheckoutOptions.useQuery(
    { merchantId: merchantId ?? undefined, bookingId: bookingId ?? undefined },
    { enabled: Boolean(merchantId) },
  );
  const refusal = q.data?.booking?.refusal;
  const done = q.data?.booking?.receiptId;
  return (
    <PageContainer>
      <PageHeader
        title="Checkout"
        description={
          bookingId
            ? 'Bill the visit, take the payment and issue the receipt.'
            : 'A walk-in: add what was done and sold, take the payment, issue the receipt.'
        }
        actions={
          bookingId ? (
            <Link href="/merchant/checkout" className="text-sm font-semibold text-plum-800 underline">
              New walk-in instead
            </Link>
          ) : undefined
        }
      />
      {!merchantId ? (
        <EmptyState title="Choose a salon" description="Open this page with ?merchantId= as an admin." />
      ) : q.isError ? (
        <LoadError title="Could not load the checkout" onRetry={q.refetch} />
      ) : !q.data ? (
        <Skeleton className="h-96 rounded-3xl" />
      ) : done ? (
        <EmptyState
          title="Already checked out"
          description="This booking has its receipt."
          action={
            <Link href={`/merchant/receipts/${done}`} className="font-semibold text-plum-800 underline">
              Open the receipt
            </Link>
          }
        />
      ) : refusal ? (
        <Card data-testid="checkout-refusal">
          <Badge tone="warning">Not ready</Badge>
          <p className="mt-2 text-sm text-ink-700">{refusal.replace(/^bookingId: /, '')}</p>
        </Card>
      ) : (
        <CheckoutForm key={bookingId ?? 'walk-in'} merchantId={merchantId} options={q.data} bookingId={bookingId} />
      )}
      {merchantId && <RecentReceipts merchantId={merchantId} />}
    </PageContainer>
  );
}
