import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

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

/** 'YYYY-MM-DD' in India, `days` from today (the demo salons are in Asia/Kolkata). */
function indiaDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}

/**
 * Books the first free slot, two or more days ahead (full-refund tier), at a published demo salon
 * found through search.
 */
async function bookSomewhere(token: string): Promise<{ bookingId: string; salonName: string }> {
  const found = await api<{ data: { merchants: { _id: string; shop_Name: string }[] } }>('GET', 'merchants/search');
  for (const salon of found.data.merchants) {
    const detail = await api<{ merchant: { services: { _id: string }[] } }>('GET', `merchants/getMerchantById/${salon._id}`);
    const service = detail.merchant.services[0];
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
      const made = await api<{ data: { booking: { _id: string } } }>(
        'POST',
        'users/createBooking',
        { merchantId: salon._id, serviceIds: [service._id], bookingDate: date, bookingTime: slot.time },
        token,
      );
      return { bookingId: made.data.booking._id, salonName: salon.shop_Name };
    }
  }
  throw new Error('no published demo salon has a free slot in the coming week');
}

const badge = (page: Page) => page.getByTestId('notification-badge');
/** Waits for the drop-down's opening animation, so screenshots show it settled. */
const settled = (page: Page) =>
  page.getByTestId('notification-dropdown').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)).then(() => undefined));
/** The unread badge's text, or null while it is not shown. */
const badgeText = (page: Page) =>
  badge(page)
    .textContent({ timeout: 500 })
    .catch(() => null);

describe('in-app notifications', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a cancellation shows in the bell and on /notifications; reading clears the badge', async () => {
    const email = `notified.${Date.now()}@example.com`;
    await api('POST', 'users/registerUser', { firstName: 'Neha', lastName: 'Notified', email, password: PASSWORD });
    const { token } = await api<{ token: string }>('POST', 'users/loginUser/emailLogin', { email, password: PASSWORD });
    const { bookingId, salonName } = await bookSomewhere(token);

    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, email);
      await poll(() => new URL(page.url()).pathname).not.toBe('/login');
      // The booking itself already notified the customer.
      await poll(() => badgeText(page)).toBe('1');

      await page.goto('/bookings');
      const card = page.locator(`[data-testid="booking-card"][data-booking-id="${bookingId}"]`);
      await card.getByTestId('cancel-booking').click();
      await page.getByTestId('cancel-dialog').getByRole('button', { name: 'Yes, Cancel Booking' }).click();
      await page.getByTestId('cancel-dialog').waitFor({ state: 'detached' });
      // Refreshed by the cancellation itself, without waiting for the minute poll.
      await poll(() => badgeText(page)).toBe('2');

      await page.getByTestId('nav-notifications').click();
      const dropdown = page.getByTestId('notification-dropdown');
      const items = dropdown.getByTestId('dropdown-notification');
      await poll(() => items.count()).toBe(2);
      await expect(items.first().textContent()).resolves.toContain('Booking cancelled');
      await expect(items.first().textContent()).resolves.toContain(salonName);
      await expect(items.first().locator('time').textContent()).resolves.toBe('Just now');
      await expect(items.nth(1).textContent()).resolves.toContain('Booking confirmed');
      await settled(page);
      await shot(page, 'notifications-dropdown-1280');

      // Opening one marks it read and follows its link.
      await page.goto('/');
      await page.getByTestId('nav-notifications').click();
      await dropdown.getByTestId('dropdown-notification').nth(1).click();
      await poll(() => new URL(page.url()).pathname).toBe('/bookings');
      await poll(() => badgeText(page)).toBe('1');
      await card.waitFor();

      await page.setViewportSize({ width: 375, height: 800 });
      await page.getByTestId('nav-notifications').click();
      await poll(() => items.count()).toBe(2);
      await expect(items.nth(1).getAttribute('data-read')).resolves.toBe('true');
      await settled(page);
      await shot(page, 'notifications-dropdown-375');

      await dropdown.getByTestId('dropdown-view-all').click();
      await poll(() => new URL(page.url()).pathname).toBe('/notifications');
      const rows = page.getByTestId('notification-item');
      await poll(() => rows.count()).toBe(2);
      await expect(rows.first().textContent()).resolves.toContain('Booking cancelled');
      await expect(rows.first().getAttribute('data-read')).resolves.toBe('false');
      await shot(page, 'notifications-page-375');
      await page.setViewportSize({ width: 1280, height: 860 });
      await shot(page, 'notifications-page-1280');

      await page.getByTestId('notifications-tab-unread').click();
      await poll(() => rows.count()).toBe(1);

      await page.getByTestId('mark-all-read').click();
      await poll(() => badge(page).count()).toBe(0);
      await poll(() => page.getByTestId('empty-state').textContent()).toContain("You're all caught up");
      await page.getByTestId('notifications-tab-all').click();
      await poll(() => rows.count()).toBe(2);
      await poll(() => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-read')))).toEqual(['true', 'true']);

      await rows.first().getByTestId('notification-delete').click();
      await poll(() => rows.count()).toBe(1);
      await expect(rows.first().textContent()).resolves.toContain('Booking confirmed');
    } finally {
      await context.close();
    }
  });
});
