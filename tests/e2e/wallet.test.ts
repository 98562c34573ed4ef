import nodePath from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, SHOTS_DIR, shot, signIn } from './browser';

const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function indiaDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}

/** A booking two or more days ahead (full refund), paid from the wallet. */
async function bookFromWallet(token: string): Promise<{ bookingId: string; total: number }> {
  const found = await api<{ data: { merchants: { _id: string }[] } }>('GET', 'merchants/search');
  for (const salon of found.data.merchants) {
    const detail = await api<{ merchant: { services: { _id: string; price: number }[] } }>('GET', `merchants/getMerchantById/${salon._id}`);
    const service = detail.merchant.services.find((s) => s.price <= 1500);
    if (!service) continue;
    for (let days = 2; days <= 9; days++) {
      const date = indiaDate(days);
      const slots = await api<{ data: { slots: { time: string }[] } }>('POST', 'users/getAvailableSlots', {
        merchantId: salon._id,
        date,
        serviceIds: [service._id],
      });
      const slot = slots.data.slots[0];
      if (!slot) continue;
      const made = await api<{ data: { booking: { _id: string; totalPrice: number } } }>(
        'POST',
        'users/createBooking',
        { merchantId: salon._id, serviceIds: [service._id], bookingDate: date, bookingTime: slot.time, paymentMethod: 'wallet' },
        token,
      );
      return { bookingId: made.data.booking._id, total: made.data.booking.totalPrice };
    }
  }
  throw new Error('no salon with a free slot under ₹1,500');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('wallet, gift cards and refunds', () => {
  it('a gift card bought with the test card is redeemed into the wallet; a wallet-paid booking cancelled shows its refund in the wallet and in notifications', async () => {
    const email = `wallet.${Date.now()}@example.com`;
    await api('POST', 'users/registerUser', { firstName: 'Kavya', lastName: 'Wallet', email, password: PASSWORD });
    const { token } = await api<{ token: string }>('POST', 'users/loginUser/emailLogin', { email, password: PASSWORD });
    const { context, page } = await newPage(browser);
    await signIn(page, email);
    await poll(() => new URL(page.url()).pathname).not.toBe('/login');

    await page.goto('/gift-cards');
    await page.getByRole('button', { name: '₹2,000' }).click();
    await page.locator('#gift-card-number').fill('4000 0000 0000 0002');
    await page.getByTestId('buy-submit').click();
    await poll(() => page.getByTestId('buy-form').innerText()).toContain('declined');
    await page.locator('#gift-card-number').fill('4111 1111 1111 1111');
    await page.getByTestId('buy-submit').click();
    const row = page.getByTestId('gift-cards').locator('li').first();
    await row.waitFor();
    const code = (await row.locator('.font-mono').innerText()).trim();
    expect(code).toMatch(/^GB-/);
    await page.locator('#gift-code').fill(code);
    await page.getByTestId('redeem-submit').click();
    await poll(() => page.getByTestId('gift-cards').innerText()).toContain('Redeemed');
    await shot(page, 'gift-cards');

    const { bookingId, total } = await bookFromWallet(token);
    await page.goto('/bookings');
    const card = page.locator(`[data-testid="booking-card"][data-booking-id="${bookingId}"]`);
    await card.getByTestId('cancel-booking').click();
    const dialog = page.getByTestId('cancel-dialog');
    expect(await dialog.getByTestId('refund-tier').innerText()).toContain('to your wallet');
    await dialog.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/wallet');
    await page.getByTestId('wallet-entries').waitFor();
    expect(await page.getByTestId('balance').innerText()).toBe('₹2,000');
    const entries = page.getByTestId('wallet-entries-row');
    await poll(() => entries.count()).toBe(3);
    expect(await entries.first().innerText()).toContain('Refund (100%)');
    expect(await entries.nth(1).innerText()).toContain('Booking payment');
    await shot(page, 'wallet');

    await page.goto('/notifications');
    const first = page.getByTestId('notification-item').first();
    await poll(() => first.innerText()).toContain('Booking cancelled');
    const money = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: Number.isInteger(total) ? 0 : 2,
    }).format(total);
    expect(await first.innerText()).toContain(`${money} is back in your wallet`);
    await context.close();
  });

  it('shows the demo customer’s points, rewards, profile and settings', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'customer@demo.in');
    await poll(() => new URL(page.url()).pathname).not.toBe('/login');
    await page.goto('/loyalty');
    await page.getByTestId('points-entries').waitFor();
    await shot(page, 'loyalty');
    await page.goto('/rewards');
    await page.getByTestId('reward-card').waitFor();
    await shot(page, 'rewards');
    await page.goto('/profile');
    await page.getByTestId('profile-form').waitFor();
    await page.locator('#profile-phone').fill('12345');
    await page.getByTestId('profile-save').click();
    await poll(() => page.getByTestId('profile-form').innerText()).toContain('10-digit');
    await page.locator('#profile-phone').fill('9876501234');
    await page.getByTestId('profile-save').click();
    await page.getByText('Profile updated').waitFor();
    await shot(page, 'profile');
    await page.goto('/profile/settings');
    await page.getByTestId('preferences').waitFor();
    await page.locator('#pref-marketing').click();
    await page.getByText('Preferences saved').waitFor();
    await page.reload();
    await page.getByTestId('preferences').waitFor();
    expect(await page.locator('#pref-marketing').isChecked()).toBe(true);
    await shot(page, 'profile-settings');
    await context.close();
  });

  it('the chat toggle never rests on footer links or, on a desktop, on right-aligned figures, and at the end of the loyalty, rewards and profile pages it covers nothing', async () => {
    for (const [width, height] of [
      [1280, 860],
      [375, 780],
    ]) {
      const { context, page } = await newPage(browser, { width, height });
      try {
        await signIn(page, 'customer@demo.in');
        await poll(() => new URL(page.url()).pathname).not.toBe('/login');
        for (const [route, ready] of [
          ['/loyalty', 'points-entries'],
          ['/rewards', 'reward-card'],
          ['/profile', 'profile-form'],
        ]) {
          await page.goto(route);
          await page.getByTestId(ready).waitFor();
          await page.waitForTimeout(300);
          if (width < 771) {
            // On a phone the chat opens from the header (issue 30 item 10): nothing floats over the page.
            expect(await page.getByTestId('chat-toggle').evaluate((el) => el.closest('header') !== null), `${route} at ${width}px`).toBe(
              true,
            );
            continue;
          }
          expect(await underToggle(page, 'footer a, footer button, footer input'), `${route} at ${width}px, top`).toEqual([]);
          // On a desktop it rests in the page gutter, clear of the cards' right-aligned figures too.
          if (width >= 1280)
            expect(await underToggle(page, `${INTERACTIVE}, main p, main span, main h2, main h3`), `${route} at ${width}px, top`).toEqual(
              [],
            );
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await page.waitForTimeout(300);
          expect(await underToggle(page, `${INTERACTIVE}, main p, main span, footer p`), `${route} at ${width}px, bottom`).toEqual([]);
          await page.screenshot({ path: nodePath.join(SHOTS_DIR, `chat-toggle${route.replace('/', '-')}-${width}-end.png`) });
        }
      } finally {
        await context.close();
      }
    }
  });
});

const INTERACTIVE = 'main a, main button, main input, main select, main textarea, footer a, footer button, footer input';

/** What lies under the chat toggle where it rests now. */
function underToggle(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const t = document.querySelector('[data-testid="chat-toggle"]')!.getBoundingClientRect();
    return Array.from(document.querySelectorAll<HTMLElement>(sel))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > t.left && r.left < t.right && r.bottom > t.top && r.top < t.bottom;
      })
      .map((el) => `${el.tagName} ${(el.textContent || el.id).trim().slice(0, 40)}`);
  }, selector);
}
