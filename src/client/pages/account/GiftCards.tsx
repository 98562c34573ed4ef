import { getQueryKey } from '@trpc/react-query';
import { useEffect, useRef, useState } from 'react';
import { GIFT_CARD_MAX, GIFT_CARD_MIN } from '../../../shared/loyalty';
import { formatINR } from '../../../shared/money';
import { type GiftCardWire, purchaseGiftCardInput, redeemGiftCardInput, TEST_CARDS } from '../../../shared/schemas/wallet';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { LoadMore } from '../../components/ui/LoadMore';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { Textarea } from '../../components/ui/Textarea';
import { payWithRazorpay } from '../../features/billing/razorpay';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { longDate } from '../../lib/dates';
import { usePagedList } from '../../lib/usePagedList';
import { usePageTitle } from '../../lib/usePageTitle';
import { answerMessage } from '../../mutationMeta';
import { trpc } from '../../trpc';

const AMOUNTS = [500, 1000, 2000, 5000];
/** What a bought or redeemed card changes. */
const GIFT_CARD_QUERIES = ['users.getGiftCards', 'users.getWallet'] as const;

function Redeem() {
  const form = useZodForm(redeemGiftCardInput, { defaultValues: { code: '' } });
  const redeem = trpc.users.redeemGiftCard.useMutation({
    meta: { successToast: answerMessage, invalidates: GIFT_CARD_QUERIES },
    onSuccess: () => form.reset(),
    onError: serverErrorsTo(form, 'Could not redeem this code.'),
  });
  const error = form.formState.errors.code?.message ?? form.formState.errors.root?.server?.message;
  return (
    <Card>
      <CardHeader title="Redeem a gift card" description="The amount goes to your wallet, for any booking." />
      <form
        noValidate
        onSubmit={form.handleSubmit((input) => redeem.mutate(input))}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        data-testid="redeem-form"
      >
        <Input
          id="gift-code"
          label="Gift card code"
          placeholder="GB-XXXX-XXXX-XXXX"
          containerClassName="flex-1"
          className="uppercase"
          {...form.register('code')}
          error={error}
        />
        <Button type="submit" className="sm:mt-7" loading={redeem.isPending} loadingText="Redeeming…" data-testid="redeem-submit">
          Redeem
        </Button>
      </form>
    </Card>
  );
}

/** The card payment this server takes: Razorpay Checkout when a live gateway is configured, else the offline test card. */
function Buy({ balance, checkoutKey }: { balance: number; checkoutKey: string | null }) {
  const cardMethod = checkoutKey ? 'razorpay' : 'test_card';
  const defaults = { amount: 1000, recipientName: '', recipientEmail: '', message: '', paymentMethod: cardMethod, cardNumber: '' } as const;
  const form = useZodForm(purchaseGiftCardInput, { defaultValues: defaults });
  const { errors } = form.formState;
  const [amount, paymentMethod] = form.watch(['amount', 'paymentMethod']);
  // The card just bought: said in full above a form that starts over (no second purchase by accident).
  const [bought, setBought] = useState<GiftCardWire | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (bought) confirmation.current?.focus();
  }, [bought]);
  const buy = trpc.users.purchaseGiftCard.useMutation({
    meta: { invalidates: GIFT_CARD_QUERIES },
    onSuccess: (answer) => {
      setBought(answer.data.giftCard);
      form.reset(defaults);
    },
  });
  const order = trpc.users.createGiftCardOrder.useMutation();
  const submit = form.handleSubmit(async (input) => {
    setBought(null);
    try {
      if (input.paymentMethod === 'razorpay') {
        const { paymentMethod: _card, cardNumber: _n, ...details } = input;
        const o = await order.mutateAsync(details);
        const proof = await payWithRazorpay({
          key: o.data.keyId,
          orderId: o.data.orderId,
          amount: o.data.amount,
          description: o.data.description,
        });
        if (proof) await buy.mutateAsync({ ...input, ...proof });
      } else {
        await buy.mutateAsync(input);
      }
    } catch (err) {
      serverErrorsTo(form, 'Could not buy the gift card.')(err);
    }
  });
  return (
    <Card>
      <CardHeader
        title="Buy a gift card"
        description={`${formatINR(GIFT_CARD_MIN)} to ${formatINR(GIFT_CARD_MAX)}, for any salon, spa or parlour on GlowBook.`}
      />
      {bought && (
        <div
          ref={confirmation}
          tabIndex={-1}
          role="status"
          data-testid="gift-bought"
          className="mb-5 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 outline-none"
        >
          <p className="font-semibold text-emerald-900">
            Gift card bought: {formatINR(bought.amount)}
            {bought.recipientName ? ` for ${bought.recipientName}` : ''}
          </p>
          <p className="mt-1 text-sm text-ink-700">
            Code{' '}
            <span className="font-mono font-semibold tracking-wider text-plum-800" data-testid="gift-bought-code">
              {bought.code}
            </span>
            .{' '}
            {bought.recipientEmail
              ? `We have e-mailed it to ${bought.recipientEmail}.`
              : 'Share it with the person it is for; it is also listed under Your gift cards below.'}
          </p>
        </div>
      )}
      <form noValidate onSubmit={submit} className="grid gap-4" data-testid="buy-form">
        <FormError message={errors.root?.server?.message} />
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick amounts">
          {AMOUNTS.map((a) => (
            <Button
              key={a}
              type="button"
              size="sm"
              variant={amount === a ? 'primary' : 'outline'}
              onClick={() => form.setValue('amount', a, { shouldValidate: form.formState.isSubmitted })}
            >
              {formatINR(a)}
            </Button>
          ))}
        </div>
        <Input
          id="gift-amount"
          label="Amount (₹)"
          inputMode="numeric"
          {...form.register('amount', { valueAsNumber: true })}
          error={errors.amount?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            id="gift-recipient"
            label="Recipient's name (optional)"
            {...form.register('recipientName')}
            error={errors.recipientName?.message}
          />
          <Input
            id="gift-email"
            label="Recipient's e-mail (optional)"
            type="email"
            hint="We e-mail the code to them."
            {...form.register('recipientEmail')}
            error={errors.recipientEmail?.message}
          />
        </div>
        <Textarea
          id="gift-message"
          label="Message (optional)"
          rows={2}
          maxLength={300}
          {...form.register('message')}
          error={errors.message?.message}
        />
        <Select
          id="gift-pay"
          label="Pay with"
          {...form.register('paymentMethod')}
          error={errors.paymentMethod?.message}
          options={[
            checkoutKey
              ? { value: 'razorpay', label: 'Card, UPI or net banking (Razorpay)' }
              : { value: 'test_card', label: 'Card (test mode)' },
            { value: 'wallet', label: `Wallet (${formatINR(balance)} available)` },
          ]}
        />
        {paymentMethod === 'test_card' && (
          <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4">
            <p className="mb-2 text-sm font-semibold text-amber-900">Test mode: no real money moves.</p>
            <Input
              id="gift-card-number"
              label="Card number"
              inputMode="numeric"
              placeholder={TEST_CARDS.approved.replace(/(\d{4})(?=\d)/g, '$1 ')}
              hint={`Use ${TEST_CARDS.approved.replace(/(\d{4})(?=\d)/g, '$1 ')} to approve, ${TEST_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')} to see a decline.`}
              {...form.register('cardNumber', { shouldUnregister: true })}
              error={errors.cardNumber?.message}
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

const GIFT_CARDS_PAGE = 20;

export default function GiftCards() {
  usePageTitle('Gift Cards');
  const client = trpc.useUtils().client;
  const cardList = usePagedList({
    queryKey: getQueryKey(trpc.users.getGiftCards, { limit: GIFT_CARDS_PAGE }, 'infinite'),
    fetchPage: (page) => client.users.getGiftCards.query({ page, limit: GIFT_CARDS_PAGE }),
    pagingOf: (a) => a.data.paging,
    itemsOf: (a) => a.data.giftCards,
    idOf: (g) => g._id,
  });
  const cards = cardList.query;
  const wallet = trpc.users.getWallet.useQuery({});
  const payments = trpc.users.giftCardPaymentOptions.useQuery({}, { staleTime: Infinity });
  const list = cardList.items;
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title="Gift Cards" description="Give the gift of a good day, or add a card you received to your wallet." />
      <div className="space-y-6">
        <Redeem />
        {payments.isError ? (
          <LoadError title="Could not load how gift cards can be paid" onRetry={payments.refetch} />
        ) : !payments.data ? (
          <Skeleton className="h-64" />
        ) : (
          <Buy balance={wallet.data?.data.balance ?? 0} checkoutKey={payments.data.data.checkoutKey} />
        )}
        <Card>
          <CardHeader title="Your gift cards" />
          {cards.isError ? (
            <LoadError title="Could not load your gift cards" onRetry={cards.refetch} />
          ) : !cardList.first ? (
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
                      {g.purchasedByMe ? `Bought${g.recipientName ? ` for ${g.recipientName}` : ''}` : 'Received'} · {longDate(g.createdAt)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="font-semibold text-ink-900">{formatINR(g.amount)}</span>
                    <Badge tone={g.status === 'active' ? 'success' : 'neutral'}>
                      {g.status === 'active' ? 'Not redeemed' : 'Redeemed'}
                    </Badge>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <LoadMore
            paging={cardList.paging}
            shown={list.length}
            noun="gift cards"
            hasMore={cardList.hasMore}
            loading={cardList.loadingMore}
            onLoadMore={cardList.loadMore}
            testId="gift-cards-paging"
          />
        </Card>
      </div>
    </PageContainer>
  );
}
