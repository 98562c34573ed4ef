import { formatINR } from '../../../shared/money';
import type { BOOKING_PAYMENT_METHODS } from '../../../shared/schemas/bookings';
import { Badge } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { cn } from '../../lib/cn';
import { trpc } from '../../trpc';

export type PaymentMethod = (typeof BOOKING_PAYMENT_METHODS)[number];

/**
 * Pay at the salon, now online (UPI, card, net banking; part from the wallet if wanted), or now
 * from the wallet when its balance covers the total.
 */
export function PaymentChoice({
  total,
  value,
  onChange,
  useWallet,
  onUseWallet,
  terms,
}: {
  /** The salon's payment policy for these services (payments/bookingTerms), once read. */
  terms?: { kind: 'pay_at_salon' | 'deposit' | 'online'; dueNow: number; text: string; payAtSalon: boolean };
  total: number;
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  useWallet: boolean;
  onUseWallet: (on: boolean) => void;
}) {
  const wallet = trpc.users.getWallet.useQuery({});
  const options = trpc.payments.options.useQuery({});
  const testMode = options.data?.data.testMode ?? false;
  const holdMinutes = options.data?.data.holdMinutes ?? 10;
  const balance = wallet.data?.data.balance ?? 0;
  const walletCovers = balance >= total && total > 0;
  // At least ₹1 is paid online (the gateway's smallest payment).
  const walletShare = Math.max(0, Math.min(balance, total - 1));
  const choices: { id: PaymentMethod; title: string; detail: string; disabled: boolean; badge?: string }[] = [
    {
      id: 'online',
      title:
        terms?.kind === 'deposit'
          ? `Pay ${formatINR(terms.dueNow)} deposit now: UPI, card or net banking`
          : 'Pay now: UPI, card or net banking',
      detail: `Your slot is held for ${holdMinutes} minutes while you pay. Cancel in time and the refund goes back to how you paid.`,
      disabled: total < 1,
      badge: testMode ? 'Test mode' : undefined,
    },
    {
      id: 'pay_at_salon',
      title: 'Pay at the salon',
      detail:
        terms && !terms.payAtSalon
          ? 'Not offered: this salon asks for payment when you book.'
          : 'UPI, card or cash after your appointment.',
      disabled: Boolean(terms && !terms.payAtSalon),
    },
    {
      id: 'wallet',
      title: 'Pay now from my wallet',
      detail: walletCovers
        ? `Balance ${formatINR(balance)}. Cancel in time and the refund comes straight back.`
        : `Balance ${formatINR(balance)}: not enough for ${formatINR(total)}.`,
      disabled: !walletCovers,
    },
  ];
  return (
    <Card>
      <fieldset>
        <legend className="mb-3 text-base font-semibold text-ink-900">Payment</legend>
        {terms && (
          <p className="mb-3 rounded-lg bg-plum-50 px-3 py-2 text-sm text-plum-800" data-testid="payment-terms">
            {terms.text}
          </p>
        )}
        <div className="grid gap-2" data-testid="payment-choice">
          {choices.map((o) => (
            <label
              key={o.id}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-2xl border p-3 transition-colors',
                value === o.id ? 'border-plum-400 bg-plum-50' : 'border-blush-200 bg-white hover:border-plum-200',
                o.disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={o.id}
                checked={value === o.id}
                disabled={o.disabled}
                onChange={() => onChange(o.id)}
                className="mt-1 accent-plum-700"
                data-testid={`pay-${o.id}`}
              />
              <span className="min-w-0">
                <span className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink-900">
                  {o.title}
                  {o.badge && (
                    <Badge tone="warning" data-testid="payment-test-mode">
                      {o.badge}
                    </Badge>
                  )}
                </span>
                <span className="block text-xs text-ink-500">{o.detail}</span>
              </span>
            </label>
          ))}
        </div>
        {value === 'online' && walletShare > 0 && (
          <label className="mt-3 flex cursor-pointer items-start gap-3 rounded-xl bg-blush-50 p-3 text-sm text-ink-700">
            <input
              type="checkbox"
              checked={useWallet}
              onChange={(e) => onUseWallet(e.target.checked)}
              className="mt-0.5 accent-plum-700"
              data-testid="use-wallet"
            />
            <span>
              Use {formatINR(walletShare)} from my wallet and pay {formatINR(total - walletShare)} online
            </span>
          </label>
        )}
      </fieldset>
    </Card>
  );
}
