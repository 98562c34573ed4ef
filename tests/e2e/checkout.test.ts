import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot } from './browser';

const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, interval: 100, message });

async function api<T>(pathname: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const kolkataToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/**
 * Bookings of the demo salon from before today that nobody checked in: they have started, so once
 * checked in they can be checked out. The demo leaves PAST_UNSETTLED (5) of them; the desk's test
 * takes two and the calendar's one, whichever runs first, so two are this test's.
 */
async function pastUpcoming(): Promise<{ _id: string; totalPrice: number }[]> {
  const { token } = await api<{ token: string }>('merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: PASSWORD });
  const { bookings } = await api<{ bookings: { _id: string; bookingDate: string; totalPrice: number }[] }>(
    'merchants/getAllBookings',
    { status: 'upcoming' },
    token,
  );
  return bookings.filter((b) => b.bookingDate < kolkataToday()).slice(0, 2);
}

async function signInMerchant(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('switch-to-merchant').click();
  await page.locator('#login-email').fill('merchant@demo.in');
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await poll(() => page.url()).toMatch(/\/merchant\/?$/);
}

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Check in from the desk, then Checkout: a product, part cash and the rest by UPI, to the receipt. */
async function checkInAndCheckOut(page: Page, bookingId: string, width: number): Promise<void> {
  await page.goto('/merchant/appointments');
  await page.getByRole('tab', { name: 'List' }).click();
  const row = page.locator(`[data-testid="${width < 768 ? 'desk-card' : 'desk-row'}"][data-booking-id="${bookingId}"]`);
  await row.getByTestId('row-confirm').click();
  const confirm = page.getByTestId('confirm-booking-modal');
  await confirm.getByLabel('The customer has arrived').check();
  await confirm.getByTestId('confirm-booking-submit').click();
  await confirm.waitFor({ state: 'detached' });
  await row.getByTestId('row-checkout').click();
  await poll(() => page.url()).toContain(`/merchant/checkout?booking=${bookingId}`);

  const form = page.getByTestId('checkout-products');
  await form.waitFor();
  const product = form.getByTestId('sell-product');
  const choice = await product.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await product.selectOption(choice!);
  await form.getByTestId('sell-qty').fill('1');
  await form.getByTestId('sell-add').click();
  await page.getByTestId('discount-amount').fill('50');
  await page.getByTestId('discount-reason').fill('Loyal customer');
  const due = rupees(await page.getByTestId('bill-due').textContent());
  expect(due).toBeGreaterThan(200);

  await page.getByTestId('payment-amount').first().fill('200');
  await page.getByTestId('payment-add').click();
  const upi = page.getByTestId('payment-row').nth(1);
  await upi.getByTestId('payment-method').selectOption('upi');
  await upi.getByTestId('payment-amount').fill(String(Math.round((due - 200) * 100) / 100));
  await upi.getByTestId('payment-reference').fill('UPI-E2E-1');
  await poll(() => page.getByTestId('bill-left').textContent()).toBe('₹0.00');
  await shot(page, `checkout-${width}`);
  await page.getByTestId('checkout-submit').click();

  await poll(() => page.url()).toMatch(/\/merchant\/receipts\/[0-9a-f-]{36}$/);
  const receipt = page.getByTestId('receipt');
  await poll(() => receipt.getByTestId('receipt-number').textContent()).toMatch(/^(TI|BS)\/\d{2}-\d{2}\/\d{6}$/);
  expect(rupees(await receipt.getByTestId('receipt-total').textContent())).toBeCloseTo(due, 2);
  const payments = await receipt.getByTestId('receipt-payment').allTextContents();
  expect(payments.join(' | ')).toMatch(/Cash.*₹200\.00 \| UPI \(UPI-E2E-1\)/);
  await shot(page, `receipt-${width}`);

  // The booking left the desk's to-do: it is completed, and checking it out again says where its receipt is.
  await page.goto(`/merchant/checkout?booking=${bookingId}`);
  await page.getByText('Already checked out').waitFor();
}

describe('visit checkout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('at 1280 and 390 px: check in, check out with a product and UPI + cash, get the receipt', async () => {
    const [wide, narrow] = await pastUpcoming();
    expect(narrow, 'the demo salon has two past bookings nobody checked in for this test').toBeDefined();
    for (const [width, booking] of [
      [1280, wide],
      [390, narrow],
    ] as const) {
      const { context, page } = await newPage(browser, { width, height: width < 768 ? 844 : 860 });
      try {
        await signInMerchant(page);
        await checkInAndCheckOut(page, booking._id, width);
      } finally {
        await context.close();
      }
    }
  });

  it('products: the demo shelf with its low-stock list, and a stock adjustment', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, { width, height: width < 768 ? 844 : 860 });
      try {
        await signInMerchant(page);
        await page.goto('/merchant/products');
        await page.getByTestId('product-card').first().waitFor();
        await shot(page, `products-${width}`);
        await page.getByTestId('low-stock-filter').click();
        await poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(0);
        expect(await page.getByText('Low stock', { exact: true }).count()).toBeGreaterThan(0);
        if (width === 1280) {
          // A product that is not low: the 390 px pass still finds the low-stock list as it was.
          await page.getByRole('button', { name: 'All products', exact: true }).click();
          const card = page.locator('[data-testid="product-card"][data-name="Wide-tooth Comb"]');
          const before = Number(await card.getByTestId('product-stock').textContent());
          await card.getByTestId('product-adjust').click();
          await page.getByTestId('adjust-change').fill('6');
          await page.getByTestId('adjust-reason').fill('Delivery from the distributor');
          await page.getByTestId('adjust-save').click();
          await page.getByTestId('adjust-modal').waitFor({ state: 'detached' });
          await poll(() => card.getByTestId('product-stock').textContent()).toBe(String(before + 6));
        }
      } finally {
        await context.close();
      }
    }
  });
});
