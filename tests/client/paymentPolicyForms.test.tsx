import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentPolicySection } from '../../src/client/features/payments/PaymentPolicyForms';
import { toast } from '../../src/client/state/toast';
import { renderWithTrpc, type StubCall, type StubHandler } from './trpcStub';

afterEach(() => {
  cleanup();
  toast.clear();
});

/* Settings → Payments: the salon's policy through payments/setSalonPolicy (docs/payments.md). */

const SERVICE = '55555555-5555-4555-8555-555555555555';
type Wire = { kind: 'pay_at_salon' | 'deposit' | 'online'; depositPercent: number | null; depositFixed: number | null };
const answer = (salon: Wire) => ({
  data: { salon, services: [{ _id: SERVICE, name: 'Haircut', price: 500, policy: null }] },
});
const PAY_AT_SALON: Wire = { kind: 'pay_at_salon', depositPercent: null, depositFixed: null };

function section(save: StubHandler, salon: Wire = PAY_AT_SALON) {
  return renderWithTrpc(<PaymentPolicySection merchantId={null} />, {
    'payments.policy': () => answer(salon),
    'payments.setSalonPolicy': save,
  });
}

const saves = (calls: StubCall[]) => calls.filter((c) => c.path === 'payments.setSalonPolicy');
const errorUnder = (box: HTMLElement) =>
  document.getElementById(
    box
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-error'))!,
  )?.textContent;

describe('PaymentPolicySection', () => {
  it('a deposit without its percent is refused under the box and nothing is sent', async () => {
    const { calls } = section((input) => answer(input as Wire));
    fireEvent.click(await screen.findByTestId('policy-deposit'));
    await act(async () => fireEvent.click(screen.getByTestId('save-payment-policy')));
    const box = screen.getByLabelText(/Deposit \(%\)/);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(errorUnder(box)).toBe('Give a percent or a fixed amount for the deposit');
    expect(saves(calls)).toHaveLength(0);
  });

  it('previews the terms and sends the deposit as a number; the answer is shown', async () => {
    const { calls } = section((input) => answer(input as Wire));
    fireEvent.click(await screen.findByTestId('policy-deposit'));
    fireEvent.change(screen.getByLabelText(/Deposit \(%\)/), { target: { value: '25' } });
    expect(screen.getByTestId('payment-policy-preview').textContent).toContain('₹250 deposit now, ₹750 at the salon.');
    await act(async () => fireEvent.click(screen.getByTestId('save-payment-policy')));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0].input).toEqual({ kind: 'deposit', depositPercent: 25, depositFixed: null });
    expect((await screen.findByTestId('payments-banner')).textContent).toBe('Payment policy saved: Deposit 25 %.');
  });

  it('a fixed deposit loads as such; online sends neither amount', async () => {
    const { calls } = section((input) => answer(input as Wire), { kind: 'deposit', depositPercent: null, depositFixed: 150 });
    expect(((await screen.findByLabelText(/Deposit \(₹\)/)) as HTMLInputElement).value).toBe('150');
    fireEvent.click(screen.getByTestId('policy-online'));
    expect(screen.queryByLabelText(/Deposit \(₹\)/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('save-payment-policy')));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0].input).toEqual({ kind: 'online', depositPercent: null, depositFixed: null });
  });

  it("the server's refusal naming a field goes under that box", async () => {
    section(() => {
      throw TRPCClientError.from({
        error: { message: 'depositFixed: at most ₹10,00,000', code: -32600, data: { httpStatus: 400, field: 'depositFixed' } },
      });
    });
    fireEvent.click(await screen.findByTestId('policy-deposit'));
    fireEvent.change(screen.getByLabelText('Deposit as'), { target: { value: 'fixed' } });
    fireEvent.change(screen.getByLabelText(/Deposit \(₹\)/), { target: { value: '500' } });
    await act(async () => fireEvent.click(screen.getByTestId('save-payment-policy')));
    const box = screen.getByLabelText(/Deposit \(₹\)/);
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(errorUnder(box)).toBe('At most ₹10,00,000');
  });
});
