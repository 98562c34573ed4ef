import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../../src/shared/bookingReference';
import { baseUrl, launch, newPage, shot } from './browser';

const PASSWORD = 'Demo@1234';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The demo merchant's salon: a merchant account's id is its salon id. */
async function demoSalonId(): Promise<string> {
  const answer = await api<{ user: { _id: string } }>('merchants/loginMerchant/EmailLogin', {
    email: 'merchant@demo.in',
    password: PASSWORD,
  });
  return answer.user._id;
}

/** Clicks dates from `fromIndex` on until one offers a free time; returns that time. */
async function pickFirstFreeSlot(page: Page, fromIndex: number): Promise<string> {
  const dates = page.locator('[data-testid^="booking-date-"]:not([data-testid="booking-date-input"])');
  const count = await dates.count();
  for (let i = fromIndex; i < count; i++) {
    const date = dates.nth(i);
    if (await date.isDisabled()) continue;
    await date.click();
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

describe('customer booking flow', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('books from the salon page through sign-in, shows the QR confirmation, and cancels from My Bookings', async () => {
    const salonId = await demoSalonId();
    const email = `booker.${Date.now()}@example.com`;
    await api('users/registerUser', { firstName: 'Asha', lastName: 'Booker', email, password: PASSWORD });

    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      // Signed out: the salon page leads to the selection screen.
      await page.goto(`/salon/${salonId}`);
      // The salon's own Book now (a service's Book link would arrive with that service chosen).
      const bookLink = page.getByTestId('book-now');
      if (await bookLink.isVisible({ timeout: 5_000 }).catch(() => false)) await bookLink.click();
      else await page.goto(`/salon/${salonId}/booking/select`);
      await poll(() => page.url()).toContain('/booking/select');

      await page.getByTestId('service-option').first().click();
      await page.getByTestId('professional-option').first().waitFor();
      await page.locator('[data-testid="professional-option"][data-professional-id="any"]').click();
      // Two days ahead, so the full-refund tier applies when cancelling.
      const time = await pickFirstFreeSlot(page, 2);
      await poll(() => page.getByTestId('summary-time').textContent()).toBe(time);
      await shot(page, 'booking-select-1280');
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, 'booking-select-375');
      await page.setViewportSize({ width: 1280, height: 860 });

      // Review needs a customer: the guard sends us to sign in, and the draft survives it.
      await page.getByTestId('continue-to-review').click();
      await poll(() => page.url()).toContain('/login?redirect=');
      // Signs in on the redirecting login page itself, so its ?redirect= is kept.
      await page.locator('#login-email').fill(email);
      await page.locator('#login-password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await poll(() => page.url()).toContain(`/salon/${salonId}/booking/review`);
      await poll(() => page.getByTestId('summary-time').textContent()).toBe(time);
      await shot(page, 'booking-review-1280');

      await page.getByTestId('confirm-booking').click();
      await poll(() => page.url()).toContain('/booking/confirmation?bookingId=');
      const bookingId = new URL(page.url()).searchParams.get('bookingId')!;
      await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor();
      await page.getByTestId('booking-qr').waitFor();
      expect(await page.getByTestId('booking-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      await poll(() => page.getByTestId('booking-reference').textContent()).toBe(bookingReference(bookingId));
      await poll(() => page.getByTestId('confirmation-time').textContent()).toBe(time);
      const events = await page.evaluate(
        () => JSON.parse(sessionStorage.getItem('analyticsEvents') ?? '[]') as { event: string; bookingId: string }[],
      );
      expect(events.some((e) => e.event === 'bookingConfirmation' && e.bookingId === bookingId)).toBe(true);
      // The draft was reset and the confirmed booking kept locally.
      const stored = await page.evaluate(() => ({
        draft: JSON.parse(localStorage.getItem('bookingDraft') ?? '{}') as { selectedServices?: unknown[] },
        confirmed: JSON.parse(localStorage.getItem('confirmedBookings') ?? '[]') as { id: string; status: string }[],
      }));
      expect(stored.draft.selectedServices ?? []).toHaveLength(0);
      expect(stored.confirmed[0]).toMatchObject({ id: bookingId, status: 'upcoming' });
      await shot(page, 'booking-confirmation-1280');
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, 'booking-confirmation-375');
      await page.setViewportSize({ width: 1280, height: 860 });

      await page.getByTestId('view-all-bookings').click();
      await poll(() => page.url()).toContain('/bookings');
      const card = page.locator(`[data-testid="booking-card"][data-booking-id="${bookingId}"]`);
      await card.waitFor();
      await poll(() => page.getByTestId('bookings-tab-upcoming').textContent()).toContain('1');
      await shot(page, 'bookings-1280');

      await card.getByTestId('cancel-booking').click();
      const dialog = page.getByTestId('cancel-dialog');
      await poll(() => dialog.textContent()).toContain('Are you sure you want to cancel this booking? This action cannot be undone.');
      await poll(() => dialog.getByTestId('refund-tier').getAttribute('data-percent')).toBe('100');
      // Paid at the salon: no refund tier to weigh, just that nothing was charged.
      expect(await dialog.getByTestId('refund-tier').textContent()).toBe(
        'Nothing to pay or refundYou chose to pay at the salon, so nothing was charged.',
      );
      await dialog.getByRole('button', { name: 'No, Keep It' }).waitFor();
      await dialog.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
      await poll(() => card.getAttribute('data-status')).toBe('cancelled');
      // Paid at the salon: nothing was taken, so nothing comes back.
      await poll(() => card.getByTestId('refund-info').textContent()).toContain('No payment was taken');
      await poll(() => card.getByTestId('cancel-booking').count()).toBe(0);

      await page.getByTestId('bookings-tab-upcoming').click();
      await page.getByText("You don't have any upcoming bookings").waitFor();
      await poll(() => page.getByTestId('browse-salons').getAttribute('href')).toBe('/salons');
      await page.getByTestId('bookings-tab-cancelled').click();
      await card.waitFor();
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, 'bookings-375');
    } catch (err) {
      await shot(page, 'booking-failure');
      throw err;
    } finally {
      await context.close();
    }
  });
});
