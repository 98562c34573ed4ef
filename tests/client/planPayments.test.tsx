import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Subscription from '../../src/client/pages/merchant/Subscription';
import type { PlanPaymentWire } from '../../src/shared/schemas/billing';
import { renderWithTrpc, resetSession, signInAsMerchant } from './trpcStub';

/*
 * The Subscription page lists plan payments that are not invoices as the server reports them: a
 * late payment that was refunded shows "Refunded" with its amount and why, never "In progress".
 */
beforeEach(() => {
  signInAsMerchant();
});
afterEach(() => {
  cleanup();
  resetSession();
});

const page = (payments: PlanPaymentWire[]) => ({
  data: {
    plan: null,
    status: null,
    tier: 'free',
    scheduledChange: null,
    usage: { staff: { onTeam: 1, limit: 1 } },
    quotes: [],
    gst: { salonGstin: null, platformGstin: '29AAACG1234A1Z5', sac: '998599' },
    creditNotes: [],
    nextBillingDate: null,
    cardLast4: null,
    paymentMethod: null,
    autoRenew: false,
    gateway: { name: 'razorpay', testMode: true, checkoutKey: 'rzp_test_x' },
    merchantState: 'Maharashtra',
    platformState: 'Karnataka',
    invoices: [],
    payments,
  },
});

const payment = (p: Partial<PlanPaymentWire>): PlanPaymentWire => ({
  _id: crypto.randomUUID(),
  date: '2026-11-26T10:00:00.000Z',
  plan: 'basic',
  purpose: 'change',
  amount: 1768.82,
  status: 'in_progress',
  reason: null,
  refundReference: null,
  ...p,
});

describe('Subscription: plan payments', () => {
  it('shows a refunded late payment as Refunded with its amount and why, an open order as in progress', async () => {
    renderWithTrpc(<Subscription />, {
      'merchants.getSubscription': () =>
        page([
          payment({ plan: 'professional', amount: 4718.82 }),
          payment({ status: 'refunded', reason: 'its order had been replaced by a newer order', refundReference: 'rfnd_1' }),
          payment({
            plan: 'enterprise',
            amount: 9438.82,
            status: 'refund_due',
            reason: 'its order had expired unpaid; razorpay cannot refund it from GlowBook, so an admin refunds it by hand',
          }),
        ]),
    });
    const rows = within(await screen.findByTestId('plan-payments')).getAllByTestId('plan-payment-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Professional planIn progressWaiting for the payment to complete\.₹4,718\.82/),
      expect.stringMatching(
        /Basic planRefundedNot applied: its order had been replaced by a newer order\. Refunded in full \(refund rfnd_1\); nothing was kept\.₹1,768\.82/,
      ),
      expect.stringMatching(
        /Enterprise planRefund dueNot applied: its order had expired unpaid; .*GlowBook refunds it in full; nothing is kept\.₹9,438\.82/,
      ),
    ]);
    expect(within(rows[1]).queryByText('In progress')).toBeNull();
  });

  // (An answer without \`payments\` is not tried: the output schema requires the list, so no server sends one.)
  it('shows no Payments card when there is nothing besides the invoices', async () => {
    renderWithTrpc(<Subscription />, { 'merchants.getSubscription': () => page([]) });
    await screen.findByTestId('current-plan');
    expect(screen.queryByTestId('plan-payments')).toBeNull();
  });
});
