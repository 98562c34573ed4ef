import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/* Issue 30 item 22: booking the same service at the same salon and time twice asks first. */

const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Chooses the first service, any professional, and the first free time from the third date on. */
async function chooseServiceAndTime(page: Page, salonId: string): Promise<string> {
  await page.goto(`/salon/${salonId}/booking/select`);
  await page.getByTestId('service-option').first().click();
  await page.locator('[data-testid="professional-option"][data-professional-id="any"]').click();
  const dates = page.locator('[data-testid^="booking-date-"]:not([data-testid="booking-date-input"])');
  for (let i = 2; i < (await dates.count()); i++) {
    if (await dates.nth(i).isDisabled()) continue;
    await dates.nth(i).click();
    const slot = page.getByTestId('booking-slot').first();
    const none = page.getByTestId('booking-no-slots');
    await poll(async () => (await slot.isVisible()) || (await none.isVisible())).toBe(true);
    if (await slot.isVisible()) {
      const time = (await slot.getAttribute('data-time'))!;
      await slot.click();
      return time;
    }
  }
  throw new Error('no free slot in the next two weeks');
}

describe('a duplicate booking', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is warned of at the review step, and can still be made on purpose', async () => {
    const salonId = (
      await api<{ user: { _id: string } }>('merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: PASSWORD })
    ).user._id;
    const email = `twice.${Date.now()}@example.com`;
    await api('users/registerUser', { firstName: 'Twice', lastName: 'Booker', email, password: PASSWORD });
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));

      const time = await chooseServiceAndTime(page, salonId);
      await page.getByTestId('continue-to-review').click();
      await page.waitForURL(/\/booking\/review/);
      // The draft as chosen, to come back to the same choice after this booking resets it.
      const draft = JSON.parse((await page.evaluate(() => localStorage.getItem('bookingDraft')))!) as Record<string, unknown> & {
        selectedDate: string;
        selectedServices: { serviceName: string }[];
      };
      // The first booking: nothing to warn about.
      await page.getByTestId('confirm-booking').click();
      await page.waitForURL(/\/booking\/confirmation\?bookingId=/);
      const first = new URL(page.url()).searchParams.get('bookingId')!;

      // The same choice again (a new draft of its own, not a retry of the first request).
      await page.evaluate((d) => localStorage.setItem('bookingDraft', JSON.stringify({ ...d, bookingId: `again-${Date.now()}` })), draft);
      await page.goto(`/salon/${salonId}/booking/review`);
      await page.getByTestId('confirm-booking').click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.waitFor();
      const day = new Date(`${draft.selectedDate}T00:00:00Z`).toLocaleDateString('en-IN', {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
      const warning = await dialog.getByTestId('duplicate-warning').textContent();
      expect(warning).toBe(`You already have a booking for ${draft.selectedServices[0].serviceName} at ${time} on ${day} — book again?`);
      expect(await dialog.getByRole('link', { name: 'See the booking you have' }).getAttribute('href')).toContain(first);
      await shot(page, 'duplicate-booking-warning');

      // Cancel keeps things as they are: no second booking.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/salon/${salonId}/booking/review`);

      // On purpose: Book again makes the second booking.
      await page.getByTestId('confirm-booking').click();
      await dialog.getByRole('button', { name: 'Book again' }).click();
      await page.waitForURL(/\/booking\/confirmation\?bookingId=/);
      const second = new URL(page.url()).searchParams.get('bookingId')!;
      expect(second).not.toBe(first);
    } finally {
      await context.close();
    }
  });
});
