import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/*
 * Issue 41 item 4 in the browser: the salon adds a 5-session package on its Packages page, the
 * customer holds it (bought on the salon's page with the test card) and sees 5 sessions in their wallet, books
 * with a session, and sees 4. Selling at the checkout is covered on the server (packages.test.ts).
 */
const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T>(pathname: string, body: unknown, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseUrl()}/api/${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

const dayAfter = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + n * 86_400_000),
  );

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('packages and memberships', () => {
  for (const width of [1280, 390]) {
    it(`a salon sells a 5-session package; the customer sees 5, books with a session and sees 4 (${width} px)`, async () => {
      const name = `5 sessions ${width}`;
      const { page, context } = await newPage(browser, { width });
      await signIn(page, 'merchant@demo.in', PASSWORD, true);
      await poll(() => page.url()).toMatch(/\/merchant\/?$/);
      await page.goto('/merchant/packages');
      await page.getByTestId('add-offer').click();
      const modal = page.getByTestId('offer-modal');
      await modal.getByTestId('offer-name').fill(name);
      await modal.getByTestId('offer-price').fill('4000');
      await modal.getByTestId('offer-sessions').fill('5');
      await modal.getByTestId('offer-services').locator('input[type="checkbox"]').first().check();
      await shot(page, `packages-form-${width}`);
      await modal.getByTestId('offer-save').click();
      await modal.waitFor({ state: 'detached' });
      const card = page.locator(`[data-testid="offer-card"][data-name="${name}"]`);
      await card.waitFor();
      await expect(card.textContent()).resolves.toContain('5 sessions of');
      await shot(page, `packages-${width}`);

      // The checkout offers it for sale (a walk-in can buy only vouchers; packages need an account).
      await page.goto('/merchant/checkout');
      const holdings = page.getByTestId('checkout-holdings');
      await holdings.waitFor();
      await poll(() => holdings.getByTestId('offer-pick').locator('option', { hasText: name }).count()).toBe(1);
      await shot(page, `packages-checkout-${width}`);
      await context.close();

      const merchant = await api<{ token: string }>('merchants/loginMerchant/EmailLogin', {
        email: 'merchant@demo.in',
        password: PASSWORD,
      });
      const { json: offers } = await api<{ offers: { _id: string; name: string; merchantId: string; services: { _id: string }[] }[] }>(
        'merchants/getSalonOffers',
        {},
        merchant.json.token,
      );
      const offer = offers.offers.find((o) => o.name === name)!;
      const customer = await api<{ token: string }>('users/loginUser/emailLogin', { email: 'customer@demo.in', password: PASSWORD });

      // The customer buys it on the salon's page, with the test gateway's card.
      const c = await newPage(browser, { width });
      await signIn(c.page, 'customer@demo.in', PASSWORD);
      await poll(() => c.page.url()).not.toContain('/login');
      await c.page.goto(`/salon/${offer.merchantId}`);
      const onSale = c.page.locator(`[data-testid="salon-offer"][data-name="${name}"]`);
      await onSale.waitFor();
      await onSale.getByTestId('offer-buy').click();
      const dialog = c.page.getByTestId('offer-buy-dialog');
      await dialog.getByTestId('offer-pay-card').click();
      await dialog.getByTestId('offer-bought').waitFor();
      await shot(c.page, `packages-bought-${width}`);
      const mine = await api<{ holdings: { _id: string; name: string; sessionsLeft: number }[] }>(
        'users/getMyHoldings',
        {},
        customer.json.token,
      );
      const bought = { json: { holding: mine.json.holdings.find((h) => h.name === name)! } };
      expect(bought.json.holding.sessionsLeft).toBe(5);
      await dialog.getByRole('link', { name: 'See it in your wallet' }).click();
      await poll(() => new URL(c.page.url()).pathname).toBe('/wallet');
      const held = c.page.locator(`[data-testid="holding"][data-name="${name}"]`);
      await poll(() => held.getByTestId('holding-balance').textContent()).toContain('5 of 5 sessions left');
      // Bought online: its GB-R- receipt is linked, and downloads as a PDF for its buyer.
      const receiptLink = held.getByTestId('holding-receipt');
      await poll(() => receiptLink.textContent()).toMatch(/^Receipt GB-R-\d{6} \(PDF\)$/);
      await shot(c.page, `packages-wallet-${width}`);
      const [download] = await Promise.all([c.page.waitForEvent('download'), receiptLink.click()]);
      expect(download.suggestedFilename()).toMatch(/^GB-R-\d{6}\.pdf$/);
      expect(
        fs
          .readFileSync((await download.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      // A booking with a session: the first free time over the next days.
      let booked = 0;
      for (let d = 3; d < 10 && !booked; d++)
        for (const t of ['11:00 AM', '12:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']) {
          const r = await api<{ data?: { booking: { totalPrice: number } } }>(
            'users/createBooking',
            {
              merchantId: offer.merchantId,
              serviceIds: [offer.services[0]._id],
              bookingDate: dayAfter(d + (width === 390 ? 7 : 0)),
              bookingTime: t,
              holdingId: bought.json.holding._id,
            },
            customer.json.token,
          );
          if (r.status === 201) {
            booked = 1;
            expect(r.json.data!.booking.totalPrice).toBe(0);
            break;
          }
        }
      expect(booked).toBe(1);
      await c.page.reload();
      await poll(() => held.getByTestId('holding-balance').textContent()).toContain('4 of 5 sessions left');
      await shot(c.page, `packages-wallet-after-${width}`);
      await c.context.close();

      // The salon's card counts what it sold (and, once expired, what lapsed unused).
      const m = await newPage(browser, { width });
      await signIn(m.page, 'merchant@demo.in', PASSWORD, true);
      await poll(() => m.page.url()).toMatch(/\/merchant\/?$/);
      await m.page.goto('/merchant/packages');
      const sold = m.page.locator(`[data-testid="offer-card"][data-name="${name}"]`).getByTestId('offer-sales');
      await poll(() => sold.textContent()).toBe('Sold 1');
      await shot(m.page, `packages-sold-${width}`);
      await m.context.close();
    });
  }
});
