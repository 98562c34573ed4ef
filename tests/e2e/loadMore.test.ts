import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_MIN } from '../../src/shared/loyalty';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/*
 * Lists that page on the server show every row a person needs: a customer with more gift cards and
 * wallet entries than one page sees the first page, clicks Load more and sees the rest (the wallet
 * and gift cards screens read 20 rows a page).
 */

const PASSWORD = 'Demo@1234';
const PAGE = 20;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('Load more', () => {
  it('shows the next page of wallet entries and gift cards when asked', async () => {
    const email = `loadmore.${Date.now()}@example.com`;
    await api('users/registerUser', { firstName: 'Meera', lastName: 'Pages', email, password: PASSWORD });
    const { token } = await api<{ token: string }>('users/loginUser/emailLogin', { email, password: PASSWORD });
    // One more than a page: each card bought with the test card, then redeemed into the wallet (one entry each).
    const count = PAGE + 1;
    for (let i = 0; i < count; i++) {
      const { data } = await api<{ data: { giftCard: { code: string } } }>(
        'users/purchaseGiftCard',
        { amount: GIFT_CARD_MIN, paymentMethod: 'test_card', cardNumber: '4111111111111111' },
        token,
      );
      await api('users/redeemGiftCard', { code: data.giftCard.code }, token);
    }

    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, email);
      await poll(() => new URL(page.url()).pathname).not.toBe('/login');

      await page.goto('/wallet');
      const entries = page.getByTestId('wallet-entries-row');
      await poll(() => entries.count()).toBe(PAGE);
      const paging = page.getByTestId('wallet-paging');
      expect(await paging.innerText()).toContain(`Showing ${PAGE} of ${count} transactions`);
      // The oldest entry is on the second page only.
      const oldestBalance = `₹${GIFT_CARD_MIN}`;
      expect(await entries.last().innerText()).not.toMatch(new RegExp(`Balance ${oldestBalance}\\b`));
      await shot(page, 'load-more-wallet-first-page-390');
      await page.getByTestId('wallet-paging-more').click();
      await poll(() => entries.count()).toBe(count);
      expect(await entries.last().innerText()).toMatch(new RegExp(`Balance ${oldestBalance}\\b`));
      await poll(() => paging.innerText()).toContain(`Showing ${count} of ${count} transactions`);
      expect(await page.getByTestId('wallet-paging-more').count()).toBe(0);
      expect(await page.getByTestId('balance').innerText()).toBe(`₹${(GIFT_CARD_MIN * count).toLocaleString('en-IN')}`);
      await shot(page, 'load-more-wallet-390');

      await page.goto('/gift-cards');
      const cards = page.getByTestId('gift-cards').locator('li');
      await poll(() => cards.count()).toBe(PAGE);
      await page.getByTestId('gift-cards-paging-more').click();
      await poll(() => cards.count()).toBe(count);
      expect(await page.getByTestId('gift-cards-paging').innerText()).toContain(`Showing ${count} of ${count} gift cards`);
      await shot(page, 'load-more-gift-cards-390');
    } finally {
      await context.close();
    }
  });
});
