import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chooseServiceAndTime, launch, newPage, shot, signIn } from './browser';

/* Issue 38: pay now by (test) UPI from a phone, cancel, and see the refund go back to the method paid with. */

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

describe('pay now', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('books and pays by test UPI on a 390 px phone, cancels, and shows the refund to the UPI account', async () => {
    const salonId = (
      await api<{ user: { _id: string } }>('merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: PASSWORD })
    ).user._id;
    const email = `paynow.${Date.now()}@example.com`;
    await api('users/registerUser', { firstName: 'Ishita', lastName: 'Online', email, password: PASSWORD });
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await chooseServiceAndTime(page, salonId);
      await page.getByTestId('continue-to-review').click();
      await page.waitForURL(/\/booking\/review/);

      await page.getByTestId('pay-online').check();
      expect(await page.getByTestId('payment-test-mode').innerText()).toBe('Test mode');
      await shot(page, 'pay-now-choice-390');
      await page.getByTestId('confirm-booking').click();
      const dialog = page.getByTestId('pay-now-dialog');
      await dialog.waitFor();
      expect(await dialog.getByTestId('test-mode').isVisible()).toBe(true);
      await poll(() => dialog.getByTestId('hold-left').innerText()).toMatch(/held for (9|10):\d\d/);
      // A declined test UPI id says so, under the field, and nothing is booked yet.
      await dialog.getByTestId('upi-id').fill('failure@razorpay');
      await dialog.getByTestId('pay-submit').click();
      await poll(() => dialog.innerText()).toContain('declined');
      await shot(page, 'pay-now-declined-390');
      await dialog.getByTestId('upi-id').fill('success@razorpay');
      await dialog.getByTestId('pay-submit').click();
      await page.waitForURL(/\/booking\/confirmation\?bookingId=/);
      const bookingId = new URL(page.url()).searchParams.get('bookingId')!;

      await page.goto('/bookings');
      const card = page.locator(`[data-testid="booking-card"][data-booking-id="${bookingId}"]`);
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('upcoming');
      await poll(() => card.getByTestId('payment-line').getAttribute('data-payment-status')).toBe('paid');
      expect(await card.getByTestId('payment-note').innerText()).toMatch(/^Paid online · ₹/);
      await shot(page, 'pay-now-paid-390');

      await card.getByTestId('cancel-booking').click();
      const cancel = page.getByTestId('cancel-dialog');
      await cancel.waitFor();
      expect(await cancel.getByTestId('refund-tier').getAttribute('data-percent')).toBe('100');
      expect(await cancel.getByTestId('refund-to-original').isChecked()).toBe(true);
      await shot(page, 'pay-now-cancel-390');
      await cancel.getByTestId('cancel-confirm').click();
      await cancel.waitFor({ state: 'detached' });
      await poll(() => card.getAttribute('data-status')).toBe('cancelled');
      // The test gateway processes a refund at once; the card says where it went and its state.
      await poll(async () => (await card.getByTestId('refund-state').count()) > 0).toBe(true);
      expect(await card.getByTestId('refund-state').getAttribute('data-state')).toBe('processed');
      expect(await card.getByTestId('refund-state').innerText()).toMatch(/to the UPI or card you paid with: processed/);
      const box = await card.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(390);
      await shot(page, 'pay-now-refunded-390');
    } finally {
      await context.close();
    }
  });

  it('shows the payment choice and the pay dialog at 1280 px', async () => {
    const salonId = (
      await api<{ user: { _id: string } }>('merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: PASSWORD })
    ).user._id;
    const email = `paynow.wide.${Date.now()}@example.com`;
    await api('users/registerUser', { firstName: 'Rohan', lastName: 'Online', email, password: PASSWORD });
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await chooseServiceAndTime(page, salonId);
      await page.getByTestId('continue-to-review').click();
      await page.waitForURL(/\/booking\/review/);
      await page.getByTestId('pay-online').check();
      await page.getByTestId('confirm-booking').click();
      const dialog = page.getByTestId('pay-now-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('pay-with-card').check();
      await shot(page, 'pay-now-dialog-1280');
      // Not now: the slot stays held and the payment can be finished from My Bookings.
      await dialog.getByTestId('pay-later').click();
      await page.goto('/bookings');
      const resume = page.getByTestId('resume-payment').first();
      await resume.waitFor();
      await shot(page, 'pay-now-awaiting-1280');
      await resume.click();
      await page.getByTestId('pay-now-dialog').getByTestId('pay-submit').click();
      await poll(() => page.getByTestId('payment-line').first().getAttribute('data-payment-status')).toBe('paid');
      await shot(page, 'pay-now-resumed-1280');
    } finally {
      await context.close();
    }
  });
});
