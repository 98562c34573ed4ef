import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatINR } from '../../src/shared/money';
import { baseUrl, chooseServiceAndTime, launch, newPage, SHOTS_DIR, shot, signIn } from './browser';

/*
 * Issue 38, settlement in the browser: a customer pays a booking online by test UPI, the salon sees
 * the payment on Settlements (line, totals, CSV), the admin sees the salon on Payables and records a
 * payout (refused above what is due, under the field), the salon's statement shows it, and the salon
 * saves a new card for its renewals. At 390 and 1280 px.
 */

const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const money = (n: number) => formatINR(n, { paise: true });

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

type Line = { bookingId: string; bookingReference: string; collected: number; net: number; state: string };
type Statement = {
  data: {
    lines: Line[];
    totals: { payments: number; collected: number; payable: number; held: number };
    payouts: { reference: string; amount: number }[];
    balance: { settledNet: number; held: number; paidOut: number; due: number };
  };
};
type Payables = {
  data: { salons: { merchantId: string; salonName: string; settledNet: number; held: number; paidOut: number; due: number }[] };
};

const indiaMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

/** A dialog as it shows in the viewport (a full-page capture misplaces fixed overlays). */
async function viewShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}

/** The page reaches no further right than the viewport (nothing but the tables' own scroll boxes scroll sideways). */
async function noSidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('settlements and payouts in the browser', { timeout: 300_000 }, () => {
  let browser: Browser;
  let salonId: string;
  let merchantToken: string;
  let adminToken: string;
  beforeAll(async () => {
    browser = await launch();
    const merchant = await api<{ token: string; user: { _id: string } }>('merchants/loginMerchant/EmailLogin', {
      email: 'merchant@demo.in',
      password: PASSWORD,
    });
    salonId = merchant.user._id;
    merchantToken = merchant.token;
    adminToken = (await api<{ token: string }>('users/loginUser/emailLogin', { email: 'admin@demo.in', password: PASSWORD })).token;
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [390, 1280]) {
    it(`pays, settles, pays out and updates the card at ${width} px`, async () => {
      const size = width === 390 ? { width, height: 844 } : { width };

      // 1. A customer pays a booking of the demo salon online by test UPI.
      const email = `settle.${width}.${Date.now()}@example.com`;
      await api('users/registerUser', { firstName: 'Meera', lastName: `Settle${width}`, email, password: PASSWORD });
      const customer = await newPage(browser, size);
      let bookingId: string;
      try {
        const page = customer.page;
        await signIn(page, email);
        await page.waitForURL((u) => !u.pathname.startsWith('/login'));
        await chooseServiceAndTime(page, salonId);
        await page.getByTestId('continue-to-review').click();
        await page.waitForURL(/\/booking\/review/);
        await page.getByTestId('pay-online').check();
        await page.getByTestId('confirm-booking').click();
        const dialog = page.getByTestId('pay-now-dialog');
        await dialog.waitFor();
        await dialog.getByTestId('upi-id').fill('success@razorpay');
        await dialog.getByTestId('pay-submit').click();
        await page.waitForURL(/\/booking\/confirmation\?bookingId=/);
        bookingId = new URL(page.url()).searchParams.get('bookingId')!;
      } finally {
        await customer.context.close();
      }

      // 2. The salon sees the payment, held until the appointment, and the month's totals, as the statement computes them.
      const month = indiaMonth();
      const before = (await api<Statement>('merchants/getSettlement', { month }, merchantToken)).data;
      const line = before.lines.find((l) => l.bookingId === bookingId)!;
      expect(line.state).toBe('held');
      expect(line.collected).toBeGreaterThan(0);
      const merchant = await newPage(browser, size);
      try {
        const page = merchant.page;
        await signIn(page, 'merchant@demo.in', PASSWORD, true);
        await page.waitForURL((u) => u.pathname.startsWith('/merchant'));
        await page.goto('/merchant/settlements');
        const row = page.locator(`[data-testid="settlement-line"][data-booking-id="${bookingId}"]`);
        await row.waitFor();
        expect(await row.getAttribute('data-state')).toBe('held');
        expect(await row.innerText()).toContain(line.bookingReference);
        expect(await row.getByTestId('line-net').innerText()).toBe(money(line.net));
        expect(await page.getByTestId('settlement-collected').innerText()).toBe(money(before.totals.collected));
        expect(await page.getByTestId('settlement-payable').innerText()).toBe(money(before.totals.payable));
        expect(await page.getByTestId('balance-due').innerText()).toBe(money(before.balance.due));
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
        await shot(page, `settlements-merchant-${width}`);

        // The CSV holds the same line and the month's total.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('settlement-csv').click()]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^settlement-glow-grace-salon-${month}-01-to-${month}-\\d\\d\\.csv$`));
        const csv = fs.readFileSync((await download.path())!, 'utf8');
        const csvLine = csv.split('\n').find((r) => r.includes(line.bookingReference))!;
        expect(csvLine).toContain(line.collected.toFixed(2));
        expect(csvLine).toContain(line.net.toFixed(2));
        expect(csv).toContain(`${before.totals.payments} payments`);
        expect(csv).toContain(before.totals.collected.toFixed(2));
      } finally {
        await merchant.context.close();
      }

      // 3. The admin sees the salon on Payables and records a payout; more than is due is refused under the amount.
      const payables = (await api<Payables>('admin/payments/payables?limit=200', undefined, adminToken)).data.salons;
      const salon = payables.find((s) => s.merchantId === salonId)!;
      expect(salon.held).toBeGreaterThanOrEqual(line.net);
      expect(salon.due).toBeGreaterThan(1);
      const reference = `UTR${width}${Date.now()}`;
      const amount = Math.min(100, Math.floor(salon.due / 2));
      const admin = await newPage(browser, size);
      try {
        const page = admin.page;
        await signIn(page, 'admin@demo.in');
        await page.waitForURL(/\/admin$/);
        await page.getByTestId('admin-nav-payables').click();
        await page.waitForURL(/\/admin\/payables$/);
        const row = page.locator(`[data-testid="payable-row"][data-merchant-id="${salonId}"]`);
        await row.waitFor();
        expect(await row.innerText()).toContain(salon.salonName);
        expect(await row.getByTestId('payable-due').innerText()).toBe(money(salon.due));
        expect(await row.getByTestId('payable-held').innerText()).toBe(money(salon.held));
        expect(await row.getByTestId('payable-paid').innerText()).toContain(money(salon.paidOut));
        expect(await row.getByTestId('payable-statement').getAttribute('href')).toBe(`/merchant/settlements?merchantId=${salonId}`);
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
        await shot(page, `payables-${width}`);

        await row.getByTestId('payable-record').click();
        const modal = page.getByTestId('record-payout-modal');
        await modal.waitFor();
        expect(await page.locator('#payout-amount').inputValue()).toBe(salon.due.toFixed(2));
        // Blank fields are refused in the browser, each under its field; nothing is sent.
        await page.locator('#payout-amount').fill('');
        await page.getByTestId('record-payout-submit').click();
        await poll(() => page.locator('#payout-amount-error').isVisible()).toBe(true);
        expect(await page.locator('#payout-reference-error').innerText()).toMatch(/UTR or bank reference/);
        // More than is due: the server's 409, in words, under the amount.
        await page.locator('#payout-amount').fill((salon.due + 1).toFixed(2));
        await page.locator('#payout-reference').fill(reference);
        await page.getByTestId('record-payout-submit').click();
        await poll(() => page.locator('#payout-amount-error').innerText()).toBe(
          `${money(salon.due + 1)} is more than the ${money(salon.due)} due to ${salon.salonName}`,
        );
        await viewShot(page, `payables-refused-${width}`);
        await page.locator('#payout-amount').fill(String(amount));
        await page.getByTestId('record-payout-submit').click();
        await modal.waitFor({ state: 'detached' });
        await poll(() => row.getByTestId('payable-due').innerText()).toBe(money(salon.due - amount));
        expect(await row.getByTestId('payable-paid').innerText()).toContain(money(salon.paidOut + amount));
      } finally {
        await admin.context.close();
      }
      const after = (await api<Payables>('admin/payments/payables?limit=200', undefined, adminToken)).data.salons.find(
        (s) => s.merchantId === salonId,
      )!;
      expect(after.paidOut).toBeCloseTo(salon.paidOut + amount, 2);
      expect(after.due).toBeCloseTo(salon.due - amount, 2);

      // 4. The salon's statement shows the payout; the salon saves the test card for its renewals.
      const owner = await newPage(browser, size);
      try {
        const page = owner.page;
        await signIn(page, 'merchant@demo.in', PASSWORD, true);
        await page.waitForURL((u) => u.pathname.startsWith('/merchant'));
        await page.goto('/merchant/settlements');
        const payout = page.getByTestId('payout').filter({ hasText: reference });
        await payout.waitFor();
        expect(await payout.innerText()).toContain(money(amount));
        expect(await page.getByTestId('balance-paid').innerText()).toBe(money(after.paidOut));
        expect(await page.getByTestId('balance-due').innerText()).toBe(money(after.due));
        await payout.scrollIntoViewIfNeeded();
        await shot(page, `settlements-payout-${width}`);

        await page.goto('/merchant/subscription');
        // The demo salon has a test card on file; the new one differs by its expiry.
        const year = width === 390 ? 31 : 32;
        await page.getByTestId('payment-method').waitFor();
        expect(await page.getByTestId('payment-method').innerText()).not.toContain(`Expires 11/20${year}`);
        await page.getByTestId('update-payment-method').click();
        const dialog = page.getByTestId('payment-method-modal');
        await dialog.waitFor();
        await dialog.getByTestId('pm-card-number').fill('4111 1111 1111 1111');
        await dialog.getByTestId('pm-card-expiry').fill(`11/${year}`);
        await viewShot(page, `payment-method-dialog-${width}`);
        await dialog.getByTestId('payment-method-submit').click();
        await dialog.waitFor({ state: 'detached' });
        await poll(() => page.getByTestId('payment-method').innerText()).toContain(`Expires 11/20${year}`);
        expect(await page.getByTestId('payment-method').innerText()).toMatch(/card ending 1111/i);
      } finally {
        await owner.context.close();
      }
    });
  }
});
