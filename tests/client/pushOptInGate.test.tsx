import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_COPY, PushOffer } from '../../src/client/features/push/PushOptIn';
import { PushOptInGate } from '../../src/client/features/push/PushOptInGate';
import { readSessionFromStorage, sessionAtom } from '../../src/client/state/session';
import { renderWithTrpc, resetSession, signInAsMerchant } from './trpcStub';

/*
 * Issue 43 item 2: the push offer was a modal a few seconds after sign-in, over whatever was open
 * ("Review your booking" and its Confirm; the merchant's calendar, with customer copy). It is now a
 * card in the page's flow, shown where it covers no action, in the words of the signed-in role.
 */

const signInAsCustomer = () =>
  getDefaultStore().set(sessionAtom, {
    ...readSessionFromStorage(),
    token: 'token',
    userType: 'customer',
    userRole: 'customer',
    userId: 'c-1',
  });

const advance = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
  resetSession();
  window.localStorage.clear();
});

describe('push opt-in', () => {
  it('no longer pops up as a dialog after sign-in, whatever page is open', async () => {
    signInAsCustomer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithTrpc(<PushOptInGate />, {});
    await advance(30_000);
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('in the merchant panel it is a card in the flow with copy about new bookings, not reminders', () => {
    signInAsMerchant();
    renderWithTrpc(<PushOffer />, {});
    const card = screen.getByTestId('push-opt-in');
    expect(card.getAttribute('data-audience')).toBe('merchant');
    expect(card.closest('[role="dialog"], [aria-modal="true"]')).toBeNull();
    expect(card.textContent).toContain(PUSH_COPY.merchant.title);
    expect(card.textContent).toMatch(/books, reschedules or cancels/);
    expect(card.textContent).not.toMatch(/appointment/i);
  });

  it('a customer is offered booking reminders; Not now hides it and is remembered', async () => {
    signInAsCustomer();
    const first = renderWithTrpc(<PushOffer />, {});
    const card = screen.getByTestId('push-opt-in');
    expect(card.getAttribute('data-audience')).toBe('customer');
    expect(card.textContent).toContain('reminder a day and two hours before each appointment');
    await act(() => void fireEvent.click(screen.getByTestId('push-deny')));
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
    expect(window.localStorage.getItem('customNotificationPermission')).toBe('denied');
    first.unmount();
    renderWithTrpc(<PushOffer />, {});
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
  });

  it('shows nothing to a visitor who is not signed in, or to an admin', () => {
    renderWithTrpc(<PushOffer />, {});
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
    cleanup();
    getDefaultStore().set(sessionAtom, { ...readSessionFromStorage(), token: 'token', userType: 'admin', userRole: 'admin' });
    renderWithTrpc(<PushOffer />, {});
    expect(screen.queryByTestId('push-opt-in')).toBeNull();
  });
});
