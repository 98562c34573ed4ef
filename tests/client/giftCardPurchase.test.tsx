import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import GiftCards from '../../src/client/pages/account/GiftCards';
import { readSessionFromStorage, sessionAtom } from '../../src/client/state/session';
import { renderWithTrpc } from './trpcStub';

/* Issue 43 item 6: after buying a gift card, a clear confirmation and a form that starts over. */

beforeEach(() => {
  getDefaultStore().set(sessionAtom, { ...readSessionFromStorage(), token: 'token', userType: 'customer', userRole: 'customer' });
});
afterEach(() => {
  cleanup();
  getDefaultStore().set(sessionAtom, readSessionFromStorage());
});

const value = (id: string) => (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement).value;
const type = (id: string, text: string) => act(() => void fireEvent.input(document.getElementById(id)!, { target: { value: text } }));

describe('buying a gift card', () => {
  it('says what was bought (code, amount, to whom) and clears the form', async () => {
    const bought = {
      _id: 'g1',
      code: 'GB-AB12-CD34-EF56',
      amount: 2000,
      status: 'active' as const,
      recipientName: 'Meera',
      recipientEmail: 'meera@example.in',
      message: 'Happy birthday',
      paymentMethod: 'test_card' as const,
      purchasedByMe: true,
      redeemedAt: null,
      createdAt: new Date().toISOString(),
    };
    const { calls } = renderWithTrpc(<GiftCards />, {
      'users.getGiftCards': () => ({ data: { giftCards: [], paging: { page: 1, limit: 50, total: 0, hasMore: false } } }),
      'users.getWallet': () => ({ data: { balance: 0, entries: [], paging: { page: 1, limit: 50, total: 0, hasMore: false } } }),
      'users.giftCardPaymentOptions': () => ({ data: { gateway: 'test', testMode: true, checkoutKey: null } }),
      'users.purchaseGiftCard': () => ({ data: { giftCard: bought }, message: 'Gift card purchased.' }),
    });
    await screen.findByTestId('buy-form');
    await act(() => void fireEvent.click(screen.getByRole('button', { name: '₹2,000' })));
    await type('gift-recipient', 'Meera');
    await type('gift-email', 'meera@example.in');
    await type('gift-message', 'Happy birthday');
    await type('gift-card-number', '4111 1111 1111 1111');
    await act(() => void fireEvent.click(screen.getByTestId('buy-submit')));

    const done = await screen.findByTestId('gift-bought');
    expect(done.getAttribute('role')).toBe('status');
    expect(done.textContent).toContain('Gift card bought: ₹2,000 for Meera');
    expect(screen.getByTestId('gift-bought-code').textContent).toBe('GB-AB12-CD34-EF56');
    expect(done.textContent).toContain('We have e-mailed it to meera@example.in.');
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(calls.find((c) => c.path === 'users.purchaseGiftCard')?.input).toMatchObject({ amount: 2000, recipientName: 'Meera' });

    // The form starts over: nothing of the last purchase is left to be bought twice by accident.
    expect(value('gift-amount')).toBe('1000');
    expect(value('gift-recipient')).toBe('');
    expect(value('gift-email')).toBe('');
    expect(value('gift-message')).toBe('');
    expect(value('gift-card-number')).toBe('');
  });
});
