import { formatINR } from '../../../shared/money';
import type { PAYMENT_METHODS } from '../../../shared/schemas/bookings';
import { Card } from '../../components/ui/Card';
import { cn } from '../../lib/cn';
import { trpc } from '../../trpc';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Pay at the salon, or now from the wallet when its balance covers the total. */
export function PaymentChoice({ total, value, onChange }: { total: number; value: PaymentMethod; onChange: (m: PaymentMethod) => void }) {
  const wallet = trpc.users.getWallet.useQuery({});
  const balance = wallet.data?.data.balance ?? 0;
  const walletCovers = balance >= total && total > 0;
  const options: { id: PaymentMethod; title: string; detail: string; disabled: boolean }[] = [
    { id: 'pay_at_salon', title: 'Pay at the salon', detail: 'UPI, card or cash after your appointment.', disabled: false },
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
        <div className="grid gap-2" data-testid="payment-choice">
          {options.map((o) => (
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
              <span>
                <span className="block text-sm font-semibold text-ink-900">{o.title}</span>
                <span className="block text-xs text-ink-500">{o.detail}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
