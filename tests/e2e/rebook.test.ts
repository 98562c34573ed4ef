import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/*
 * Issue 40 item 6: the demo customer's completed visit offers "Book again"; it opens the salon's
 * booking page with the visit's services (and professional, while able) chosen, and books through
 * the normal flow. The salon sets a rebooking reminder on a service and sees the reminders tile.
 */

const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

async function api<T>(pathname: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

interface Booking {
  _id: string;
  status: string;
  merchantId: string;
  salonName: string;
}

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

describe('book again and rebooking reminders', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a completed visit’s Book again opens the booking page prefilled, and books (390 and 1280 px)', async () => {
    const { token } = await api<{ token: string }>('users/loginUser/emailLogin', { email: 'customer@demo.in', password: PASSWORD });
    const { data } = await api<{ data: { bookings: Booking[] } }>('users/getAllBookings', {}, token);
    const visit = data.bookings.find((b) => b.status === 'completed');
    expect(visit, 'the demo customer has a completed visit').toBeTruthy();
    const plan = (
      await api<{ data: { services: { _id: string }[]; professional: { _id: string } | null } }>(
        `users/bookings/${visit!._id}/again`,
        undefined,
        token,
      )
    ).data;
    expect(plan.services.length).toBeGreaterThan(0);

    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, { width, height: 900 });
      try {
        await signIn(page, 'customer@demo.in');
        await page.waitForURL((u) => !u.pathname.startsWith('/login'));
        await page.goto('/bookings?status=completed');
        const card = page.locator(`[data-testid="booking-card"][data-booking-id="${visit!._id}"]`);
        await card.waitFor();
        await card.scrollIntoViewIfNeeded();
        await shot(page, `rebook-bookings-${width}`);
        await card.getByTestId('book-again').click();
        await poll(() => page.url()).toContain(`/salon/${visit!.merchantId}/booking/select`);
        await page.getByTestId('book-again-note').waitFor();
        // The visit's services are chosen, and its professional (or "any" when they cannot do them now).
        for (const s of plan.services) {
          await poll(() => page.locator(`[data-testid="service-option"][data-service-id="${s._id}"]`).getAttribute('aria-checked')).toBe(
            'true',
          );
        }
        const proId = plan.professional?._id ?? 'any';
        await poll(() =>
          page.locator(`[data-testid="professional-option"][data-professional-id="${proId}"]`).getAttribute('aria-checked'),
        ).toBe('true');
        await shot(page, `rebook-select-${width}`);
        if (width === 1280) {
          const time = await pickFirstFreeSlot(page, 3);
          await page.getByTestId('continue-to-review').click();
          await poll(() => page.url()).toContain('/booking/review');
          await poll(() => page.getByTestId('summary-time').textContent()).toBe(time);
          await page.getByTestId('confirm-booking').click();
          await poll(() => page.url()).toContain('/booking/confirmation?bookingId=');
          const bookingId = new URL(page.url()).searchParams.get('bookingId')!;
          await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor();
          await shot(page, 'rebook-booked-1280');
          const made = (
            await api<{ data: { bookings: (Booking & { services: { _id?: string; serviceId?: string }[] })[] } }>(
              'users/getAllBookings',
              {},
              token,
            )
          ).data.bookings.find((b) => b._id === bookingId);
          expect(made).toMatchObject({ merchantId: visit!.merchantId, status: 'upcoming' });
          // Cancel it again so the demo data stays as it was for other tests.
          await api('users/cancelBooking', { bookingId }, token);
        }
      } finally {
        await context.close();
      }
    }
  });

  it('the salon sets "remind to rebook" on a service and sees the reminders tile (1280 and 390 px)', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, { width, height: 900 });
      try {
        await signIn(page, 'merchant@demo.in', PASSWORD, true);
        await poll(() => page.url()).toMatch(/\/merchant\/?$/);
        await page.goto('/merchant/services');
        await page.getByTestId('rebook-tile').waitFor();
        if (width === 1280) {
          await page.getByTestId('service-row').first().getByRole('button', { name: /edit/i }).click();
          await page.getByTestId('service-modal').waitFor();
          await page.locator('#service-rebook-weeks').selectOption('6');
          await shot(page, 'rebook-service-form-1280');
          await page.getByTestId('service-save').click();
          await page.getByTestId('service-modal').waitFor({ state: 'detached' });
          await poll(() => page.getByTestId('service-row').first().getByTestId('service-rebook').textContent()).toBe(
            'Rebook reminder after 6 weeks',
          );
          await poll(() => page.getByTestId('rebook-services').textContent()).toContain('after 6 weeks');
        }
        await page.getByTestId('rebook-tile').scrollIntoViewIfNeeded();
        await shot(page, `rebook-tile-${width}`);
      } finally {
        await context.close();
      }
    }
  });
});
