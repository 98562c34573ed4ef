import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { GIFT_CARD_MAX, GIFT_CARD_MIN } from '../../../shared/loyalty';
import { formatINR } from '../../../shared/money';
import { purchaseGiftCardInput, redeemGiftCardInput, TEST_CARDS } from '../../../shared/schemas/wallet';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { payWithRazorpay } from '../../features/billing/razorpay';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorField, errorMessage, readableMessage, useTRPC } from '../../trpc';

const AMOUNTS = [500, 1000, 2000, 5000];
type BuyForm = { amount: string; recipientName: string; recipientEmail: string; message: string; paymentMethod: 'wallet' | 'test_card' | 'razorpay'; cardNumber: string };
type BuyErrors = Partial<Record<keyof BuyForm, string>>;

function firstErrors<T extends string>(issues: { path: PropertyKey[]; message: string }[]): Partial<Record<T, string>> {
  const out: Partial<Record<T, string>> = {};
  for (const i of issues) out[i.path[0] as T] ??= readableMessage(i.message);
  return out;
}

function Redeem({ onDone }: { onDone: () => Promise<void> }) {
  const trpc = useTRPC();
  const redeem = useMutation(trpc.users.redeemGiftCard.mutationOptions());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = redeemGiftCardInput.safeParse({ code });
    if (!parsed.success) return setError(readableMessage(parsed.error.issues[0].message));
    setError(undefined);
    try {
      const r = await redeem.mutateAsync(parsed.data);
      toast.success(r.message);
      setCode('');
      await onDone();
    } catch (err) {
      setError(errorMessage(err, 'Could not redeem this code.'));
    }
  };
  return (
    <Card>
      <CardHeader title="Redeem a gift card" description="The amount goes to your wallet, for any booking." />
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" data-testid="redeem-form">
        <Input id="gift-code" label="Gift card code" placeholder="GB-XXXX-XXXX-XXXX" containerClassName="flex-1" value={code} error={error} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        <Button type="submit" className="sm:mt-7" loading={redeem.isPending} loadingText="Redeeming…" data-testid="redeem-submit">
          Redeem
        </Button>
      </form>
    </Card>
  );
}

/** The card payment this server takes: Razorpay Checkout when a live gateway is configured, else the offline test card. */
function Buy({ balance, checkoutKey, onDone }: { balance: number; checkoutKey: string | null; onDone: () => Promise<void> }) {
  const trpc = useTRPC();
  const buy = useMutation(trpc.users.purchaseGiftCard.mutationOptions());
  const order = useMutation(trpc.users.createGiftCardOrder.mutationOptions());
  const cardMethod = checkoutKey ? 'razorpay' : 'test_card';
  const [form, setForm] = useState<BuyForm>({ amount: '1000', recipientName: '', recipientEmail: '', message: '', paymentMethod: cardMethod, cardNumber: '' });
  const [errors, setErrors] = useState<BuyErrors>({});
  const set = <K extends keyof BuyForm>(k: K, v: BuyForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const amount = form.amount.trim() === '' ? undefined : Number(form.amount.trim());
    const parsed = purchaseGiftCardInput.safeParse({ ...form, amount, cardNumber: form.paymentMethod === 'test_card' ? form.cardNumber : undefined });
    if (!parsed.success) return setErrors(firstErrors<keyof BuyForm>(parsed.error.issues));
    setErrors({});
    try {
      let r;
      if (parsed.data.paymentMethod === 'razorpay') {
        const { paymentMethod: _card, cardNumber: _n, ...details } = parsed.data;
        const o = await order.mutateAsync(details);
        const proof = await payWithRazorpay({ key: o.data.keyId, orderId: o.data.orderId, amount: o.data.amount, description: o.data.description });
        if (!proof) return;
        r = await buy.mutateAsync({ ...parsed.data, ...proof });
      } else {
        r = await buy.mutateAsync(parsed.data);
      }
      toast.success(r.message);
      setForm((f) => ({ ...f, recipientName: '', recipientEmail: '', message: '', cardNumber: '' }));
      await onDone();
    } catch (err) {
      const msg = errorMessage(err, 'Could not buy the gift card.');
      const field = errorField(err) as keyof BuyForm | undefined;
      if (field && field in form) setErrors({ [field]: msg });
      else toast.error(msg);
    }
  };
  return (
    <Card>
      <CardHeader title="Buy a gift card" description={`${formatINR(GIFT_CARD_MIN)} to ${formatINR(GIFT_CARD_MAX)}, for any salon, spa or parlour on GlowBook.`} />
      <form noValidate onSubmit={submit} className="grid gap-4" data-testid="buy-form">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick amounts">
          {AMOUNTS.map((a) => (
            <Button key={a} type="button" size="sm" variant={form.amount === String(a) ? 'primary' : 'outline'} onClick={() => set('amount', String(a))}>
              {formatINR(a)}
            </Button>
          ))}
        </div>
        <Input id="gift-amount" label="Amount (₹)" inputMode="numeric" value={form.amount} error={errors.amount} onChange={(e) => set('amount', e.target.value)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input id="gift-recipient" label="Recipient's name (optional)" value={form.recipientName} error={errors.recipientName} onChange={(e) => set('recipientName', e.target.value)} />
          <Input id="gift-email" label="Recipient's e-mail (optional)" type="email" hint="We e-mail the code to them." value={form.recipientEmail} error={errors.recipientEmail} onChange={(e) => set('recipientEmail', e.target.value)} />
        </div>
        <Textarea id="gift-message" label="Message (optional)" rows={2} maxLength={300} value={form.message} error={errors.message} onChange={(e) => set('message', e.target.value)} />
        <Select
          id="gift-pay"
          label="Pay with"
          value={form.paymentMethod}
          error={errors.paymentMethod}
          options={[
            checkoutKey ? { value: 'razorpay', label: 'Card, UPI or net banking (Razorpay)' } : { value: 'test_card', label: 'Card (test mode)' },
            { value: 'wallet', label: `Wallet (${formatINR(balance)} available)` },
          ]}
          onChange={(e) => set('paymentMethod', e.target.value as BuyForm['paymentMethod'])}
        />
        {form.paymentMethod === 'test_card' && (
          <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4">
            <p className="mb-2 text-sm font-semibold text-amber-900">Test mode: no real money moves.</p>
            <Input
              id="gift-card-number"
              label="Card number"
              inputMode="numeric"
              placeholder={TEST_CARDS.approved.replace(/(\d{4})(?=\d)/g, '$1 ')}
              hint={`Use ${TEST_CARDS.approved.replace(/(\d{4})(?=\d)/g, '$1 ')} to approve, ${TEST_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')} to see a decline.`}
              value={form.cardNumber}
              error={errors.cardNumber}
              onChange={(e) => set('cardNumber', e.target.value)}
            />
          </div>
        )}
        <div>
          <Button type="submit" loading={buy.isPending || order.isPending} loadingText="Paying…" data-testid="buy-submit">
            Buy gift card
          </Button>
        </div>
      </form>
    </Card>
  );
}

export default function GiftCards() {
  usePageTitle('Gift Cards');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const cards = useQuery(trpc.users.getGiftCards.queryOptions({}));
  const wallet = useQuery(trpc.users.getWallet.queryOptions({}));
  const payments = useQuery(trpc.users.giftCardPaymentOptions.queryOptions({}, { staleTime: Infinity }));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.users.getGiftCards.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.users.getWallet.queryKey() });
  };
  const list = cards.data?.data.giftCards ?? [];
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title="Gift Cards" description="Give the gift of a good day, or add a card you received to your wallet." />
      <div className="space-y-6">
        <Redeem onDone={refresh} />
        {payments.isError ? (
          <LoadError title="Could not load how gift cards can be paid" onRetry={payments.refetch} />
        ) : !payments.data ? (
          <Skeleton className="h-64" />
        ) : (
          <Buy balance={wallet.data?.data.balance ?? 0} checkoutKey={payments.data.data.checkoutKey} onDone={refresh} />
        )}
        <Card>
          <CardHeader title="Your gift cards" />
          {cards.isError ? (
            <LoadError title="Could not load your gift cards" onRetry={cards.refetch} />
          ) : !cards.data ? (
            <Skeleton className="h-24" />
          ) : list.length === 0 ? (
            <p className="text-sm text-ink-500">Cards you buy or redeem are listed here.</p>
          ) : (
            <ul className="divide-y divide-blush-100" data-testid="gift-cards">
              {list.map((g) => (
                <li key={g._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-mono font-semibold tracking-wider text-plum-800">{g.code}</p>
                    <p className="text-xs text-ink-500">
                      {g.purchasedByMe ? `Bought${g.recipientName ? ` for ${g.recipientName}` : ''}` : 'Received'} ·{' '}
                      {longDate(g.createdAt)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="font-semibold text-ink-900">{formatINR(g.amount)}</span>
                    <Badge tone={g.status === 'active' ? 'success' : 'neutral'}>{g.status === 'active' ? 'Not redeemed' : 'Redeemed'}</Badge>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </PageContainer>
  );
}
