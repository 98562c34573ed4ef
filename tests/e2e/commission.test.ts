import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, SHOTS_DIR, shot } from './browser';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function viewShot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}

async function signInWith(page: Page, email: string, asMerchant: boolean): Promise<void> {
  await page.goto('/login');
  if (asMerchant) await page.getByTestId('switch-to-merchant').click();
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('Demo@1234');
  await page.getByTestId('login-submit').click();
}

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('commission', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the dashboard shows gross and net revenue; the Commission page lists each month and exports CSV', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    let merchantId = '';
    try {
      await signInWith(page, 'merchant@demo.in', true);
      await poll(() => page.url()).toMatch(/\/merchant\/?$/);
      merchantId = (await page.evaluate(() => window.localStorage.getItem('user_id'))) ?? '';
      const gross = rupees(await page.getByTestId('dash-revenue').textContent());
      expect(gross).toBeGreaterThan(0);
      await poll(() => page.getByText('Total Revenue (gross)').count()).toBe(1);
      const net = rupees(await page.getByTestId('dash-revenue-net').textContent());
      expect(net).toBeGreaterThan(0);
      expect(net).toBeLessThan(gross);
      await viewShot(page, 'dashboard-revenue-1280');

      await page.getByTestId('dash-revenue-net').click();
      await poll(() => page.url()).toContain('/merchant/commission');
      const rows = page.getByTestId('commission-month');
      await rows.first().waitFor();
      expect(await rows.count()).toBeGreaterThan(0);
      // The demo's bookings were paid at the salon: their commission is outstanding.
      await poll(async () => rupees(await page.getByTestId('commission-outstanding').textContent())).toBeGreaterThan(0);
      expect(rupees(await page.getByTestId('commission-net').textContent())).toBeCloseTo(
        rupees(await page.getByTestId('commission-gross').textContent()) - rupees(await page.getByTestId('commission-total').textContent()),
        2,
      );
      await shot(page, 'commission-1280');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('commission-csv').click()]);
      expect(download.suggestedFilename()).toBe('glowbook-commission.csv');
      const csv = fs
        .readFileSync((await download.path())!, 'utf8')
        .trim()
        .split(/\r\n/);
      expect(csv[0]).toBe(
        'Month,Completed bookings,Direct bookings (0% commission),No-shows,Gross (INR),Commission (INR),Net (INR),Paid (INR),Outstanding (INR)',
      );
      expect(csv).toHaveLength((await rows.count()) + 2);
      expect(csv.at(-1)).toMatch(/^Total,/);

      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'commission-390');
      await page.goto('/merchant');
      await page.getByTestId('dash-revenue').waitFor();
      await viewShot(page, 'dashboard-revenue-390');

      await page.goto('/merchant/subscription');
      await page.getByTestId('subscription-commission-link').click();
      await poll(() => page.url()).toContain('/merchant/commission');
    } catch (err) {
      await shot(page, 'commission-failure');
      throw err;
    } finally {
      await context.close();
    }

    // An admin records a month's payment on the salon's statement.
    const admin = await newPage(browser, { width: 1280 });
    try {
      await signInWith(admin.page, 'admin@demo.in', false);
      await poll(() => admin.page.url()).not.toContain('/login');
      await admin.page.goto(`/merchant/commission?merchantId=${merchantId}`);
      const row = admin.page
        .getByTestId('commission-month')
        .filter({ has: admin.page.getByTestId('record-payment') })
        .first();
      const month = await row.getAttribute('data-month');
      const owed = rupees(await row.getByTestId('month-outstanding').textContent());
      await row.getByTestId('record-payment').click();
      const modal = admin.page.getByTestId('record-payment-modal');
      await modal.getByTestId('record-payment-amount').fill(String(owed + 1));
      await modal.getByTestId('record-payment-reference').fill('UPI-E2E-1');
      await modal.getByTestId('record-payment-submit').click();
      // The refusal names the amount: it shows under the amount.
      await poll(() => modal.getByTestId('record-payment-amount-error').textContent()).toMatch(
        /is more than the ₹[\d,.]+ outstanding for /,
      );
      await modal.getByTestId('record-payment-amount').fill(owed.toFixed(2));
      await viewShot(admin.page, 'commission-record-payment-1280');
      await modal.getByTestId('record-payment-submit').click();
      await modal.waitFor({ state: 'detached' });
      const same = admin.page.locator(`[data-testid="commission-month"][data-month="${month}"]`);
      await poll(async () => rupees(await same.getByTestId('month-outstanding').textContent())).toBe(0);
      await poll(() => admin.page.getByTestId('commission-payments').textContent()).toContain('UPI-E2E-1');
    } catch (err) {
      await shot(admin.page, 'commission-admin-failure');
      throw err;
    } finally {
      await admin.context.close();
    }
  });
});
