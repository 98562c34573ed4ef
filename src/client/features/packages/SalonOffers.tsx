import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatINR } from '../../../shared/money';
import { HOLDING_KIND_LABELS } from '../../../shared/packages';
import type { OfferWire } from '../../../shared/schemas/packages';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';

/** What an offer gives, in words: sessions of which services, a discount, a voucher's value, how long. */
export function offerTerms(o: OfferWire): string {
  const parts: string[] = [];
  if (o.sessions > 0) parts.push(`${o.sessions} sessions${o.services.length ? ` of ${o.services.map((s) => s.name).join(', ')}` : ''}`);
  if (o.discountPercent > 0)
    parts.push(`${o.discountPercent}% off ${o.categories.length ? o.categories.map((c) => c.name).join(', ') : 'services'}`);
  if (o.kind === 'voucher') parts.push(`${formatINR(o.value)} to spend`);
  parts.push(`valid ${o.validityDays} days`);
  return parts.join(' · ');
}

/**
 * The salon's packages, memberships and gift vouchers on its page, each with Buy (the wallet, or the
 * offline test gateway's card in test mode): the holding then shows on the customer's Wallet page and
 * in the booking flow. Nothing is shown for a salon that sells none.
 */
export function SalonOffers({ merchantId, salonName }: { merchantId: string; salonName: string }) {
  const offers = trpc.merchants.salonOffers.useQuery({ merchantId }, { staleTime: 60_000 });
  const [buying, setBuying] = useState<OfferWire | null>(null);
  const list = offers.data?.offers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-8" data-testid="salon-offers">
      <h3 className="mb-3 font-semibold text-ink-900">Packages, memberships and vouchers</h3>
      <ul className="grid gap-3 sm:grid-cols-2">
        {list.map((o) => (
          <li
            key={o._id}
            className="flex flex-col rounded-xl border border-blush-200 bg-white p-4"
            data-testid="salon-offer"
            data-name={o.name}
          >
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold text-ink-900">{o.name}</p>
              <Badge>{HOLDING_KIND_LABELS[o.kind]}</Badge>
            </div>
            {o.description && <p className="mt-1 text-sm text-ink-600">{o.description}</p>}
            <p className="mt-2 text-sm text-ink-700">{offerTerms(o)}</p>
            <div className="mt-auto flex items-center justify-between gap-2 pt-3">
              <span className="text-lg font-semibold text-ink-900">{formatINR(o.price)}</span>
              <Button size="sm" onClick={() => setBuying(o)} data-testid="offer-buy">
                Buy
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {buying && <BuyOffer offer={buying} salonName={salonName} onClose={() => setBuying(null)} />}
    </div>
  );
}

function BuyOffer({ offer, salonName, onClose }: { offer: OfferWire; salonName: string; onClose: () => void }) {
  const session = useAtomValue(sessionAtom);
  const customer = session.userType === 'customer';
  const wallet = trpc.users.getWallet.useQuery({}, { enabled: customer });
  const options = trpc.payments.options.useQuery({}, { enabled: customer });
  const testMode = options.data?.data.testMode ?? false;
  const balance = wallet.data?.data.balance ?? 0;
  const [card, setCard] = useState('4111 1111 1111 1111');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const utils = trpc.useUtils();
  const buy = trpc.users.buySalonOffer.useMutation({
    onSuccess: () => {
      setDone(true);
      void utils.users.getMyHoldings.invalidate();
      void utils.users.getWallet.invalidate();
    },
    onError: (err) => setError(errorMessage(err, 'The purchase did not go through.')),
  });
  const pay = (method: 'wallet' | 'test_card') => {
    setError(null);
    buy.mutate({ offerId: offer._id, method, ...(method === 'test_card' ? { cardNumber: card.replace(/\s/g, '') } : {}) });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={`Buy ${offer.name}`}
      description={`${salonName} · ${formatINR(offer.price)}`}
      testId="offer-buy-dialog"
    >
      {!customer ? (
        <p className="text-sm text-ink-700">
          <Link href="/login" className="font-semibold text-rose-700 underline">
            Sign in
          </Link>{' '}
          as a customer to buy it.
        </p>
      ) : done ? (
        <div className="space-y-3" data-testid="offer-bought">
          <p className="text-sm text-ink-700">Bought. It is on your Wallet page, and you can use it when you book {salonName}.</p>
          <Link href="/wallet" className="text-sm font-semibold text-rose-700 underline">
            See it in your wallet
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-ink-700">{offerTerms(offer)}</p>
          <div className="rounded-lg border border-blush-200 p-3">
            <p className="text-sm font-medium text-ink-900">From my GlowBook wallet</p>
            <p className="text-sm text-ink-500">Balance {formatINR(balance)}</p>
            <Button
              className="mt-2"
              size="sm"
              variant="outline"
              disabled={balance < offer.price}
              loading={buy.isPending && buy.variables?.method === 'wallet'}
              onClick={() => pay('wallet')}
              data-testid="offer-pay-wallet"
            >
              {balance < offer.price ? 'Not enough in the wallet' : `Pay ${formatINR(offer.price)} from wallet`}
            </Button>
          </div>
          {testMode && (
            <div className="rounded-lg border border-blush-200 p-3">
              <p className="flex items-center gap-2 text-sm font-medium text-ink-900">
                Card <Badge tone="warning">Test mode</Badge>
              </p>
              <p className="text-sm text-ink-500">No real money moves: 4111 1111 1111 1111 is approved.</p>
              <Input
                label="Card number"
                className="mt-2"
                value={card}
                onChange={(e) => setCard(e.target.value)}
                inputMode="numeric"
                autoComplete="cc-number"
                data-testid="offer-card"
              />
              <Button
                className="mt-2"
                size="sm"
                loading={buy.isPending && buy.variables?.method === 'test_card'}
                onClick={() => pay('test_card')}
                data-testid="offer-pay-card"
              >
                Pay {formatINR(offer.price)} by card
              </Button>
            </div>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700" data-testid="offer-buy-error">
              {error}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
