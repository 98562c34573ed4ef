import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot } from './browser';

const poll = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, interval: 100, message });

/** An 8×8 rose-coloured PNG: enough for the upload path to decode and store a real image. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4YZOCFTEMLQkAQ9VaAdE68ksAAAAASUVORK5CYII=';

/** Signs in through the merchant tab of the login form (the footer's newsletter field also says "email"). */
async function signInMerchant(page: Page): Promise<string> {
  await page.goto('/login');
  await page.getByTestId('switch-to-merchant').click();
  await page.locator('#login-email').fill('merchant@demo.in');
  await page.locator('#login-password').fill('Demo@1234');
  await page.getByTestId('login-submit').click();
  await poll(() => new URL(page.url()).pathname, 'the demo merchant lands on /merchant after signing in').toMatch(/^\/merchant/);
  const id = await page.evaluate(() => window.localStorage.getItem('user_id'));
  expect(id, 'signing in stores the merchant’s id').toBeTruthy();
  return id!;
}

describe('merchant shop management', () => {
  let browser: Browser;
  let pngPath: string;

  beforeAll(async () => {
    browser = await launch();
    pngPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gb-shop-')), 'avatar.png');
    fs.writeFileSync(pngPath, Buffer.from(PNG_BASE64, 'base64'));
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(path.dirname(pngPath), { recursive: true, force: true });
  });

  it('adds a service and a pictured staff member that the public salon page then shows', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    const merchantId = await signInMerchant(page);
    const stamp = Date.now().toString(36);
    const serviceName = `Gloss Ritual ${stamp}`;
    const staffName = `Meera Test ${stamp}`;

    await page.goto('/merchant/services');
    await page.getByTestId('add-service').click();
    const serviceModal = page.getByTestId('service-modal');
    await serviceModal.getByLabel('Service name').fill(serviceName);
    await serviceModal.getByLabel('Category').selectOption({ label: 'Nails' });
    await serviceModal.getByLabel('Description').fill('A glossy top coat ritual for healthy-looking nails.');
    await serviceModal.getByLabel('Duration (minutes)').fill('30');
    await serviceModal.getByLabel('Price (₹)').fill('450');
    await serviceModal.getByTestId('service-save').click();
    await poll(() => serviceModal.isVisible()).toBe(false);
    const serviceRow = page.getByTestId('service-row').filter({ hasText: serviceName });
    await poll(() => serviceRow.count()).toBe(1);
    expect(await serviceRow.innerText()).toContain('₹450');

    await page.goto('/merchant/staff');
    await page.getByTestId('add-staff').click();
    const staffModal = page.getByTestId('staff-modal');
    await staffModal.getByTestId('staff-avatar-input').setInputFiles(pngPath);
    await poll(() => staffModal.locator('img[src^="/uploads/"]').count()).toBe(1);
    await staffModal.locator('#staff-name').fill(staffName);
    await staffModal.locator('#staff-email').fill(`meera.${stamp}@example.com`);
    await staffModal.locator('#staff-phone').fill(`9${String(Date.now()).slice(-9)}`);
    await staffModal.locator('#staff-role').selectOption('Stylist');
    await staffModal.getByTestId('add-specialization').click();
    const specModal = page.getByTestId('specialization-modal');
    await specModal.getByLabel('Service name').fill(serviceName);
    await specModal.getByTestId('specialization-save').click();
    await poll(() => staffModal.getByTestId('staff-specializations').innerText()).toContain(serviceName);
    await staffModal.getByTestId('staff-save').click();
    await poll(() => staffModal.isVisible()).toBe(false);
    const staffRow = page.getByTestId('staff-row').filter({ hasText: staffName });
    await poll(() => staffRow.count()).toBe(1);
    expect(await staffRow.innerText()).toContain(serviceName);
    await shot(page, 'shop-staff-after-add');

    // The public salon page lists the new service and the new stylist with the uploaded picture.
    await page.goto(`/salon/${merchantId}`);
    await page.getByTestId('salon-name').waitFor();
    // Services may be grouped behind category tabs; open the new service's category when they are.
    const nailsTab = page.getByRole('tab', { name: /^Nails/ });
    if (await nailsTab.count()) await nailsTab.click();
    await poll(() => page.getByTestId('service-row').filter({ hasText: serviceName }).isVisible()).toBe(true);
    const stylist = page.getByTestId('stylist').filter({ hasText: staffName });
    await poll(() => stylist.isVisible()).toBe(true);
    expect(await stylist.locator('img').getAttribute('src')).toMatch(/^\/uploads\//);
    await shot(page, 'shop-public-salon');
    await context.close();
  });

  it('shows the spec message when the service form is sent incomplete, and the discount rule', async () => {
    const { context, page } = await newPage(browser, { width: 375 });
    await signInMerchant(page);
    await page.goto('/merchant/services');
    await page.getByTestId('add-service').click();
    const modal = page.getByTestId('service-modal');
    await poll(() => modal.isVisible(), 'Add service opens the service form').toBe(true);
    await modal.getByTestId('service-save').click();
    await poll(() => modal.getByTestId('service-form-error').textContent(), 'an empty service form shows the spec message').toBe(
      'Please fill out all required fields correctly.',
    );

    await modal.getByLabel('Service name').fill('Discount check');
    await modal.getByLabel('Category').selectOption({ index: 1 });
    await modal.getByLabel('Description').fill('Checks the discount rule.');
    await modal.getByLabel('Duration (minutes)').fill('30');
    await modal.getByLabel('Price (₹)').fill('300');
    await modal.getByLabel('Discount type').selectOption('flat');
    await modal.getByLabel(/Discount value/).fill('500');
    await modal.getByTestId('service-save').click();
    await poll(() => modal.getByTestId('service-form-error').textContent(), 'a flat discount above the price is refused').toBe(
      'Flat discount cannot exceed price.',
    );
    // Refused in the form: the service was not created.
    expect(await modal.isVisible(), 'the form stays open after the refusal').toBe(true);
    await shot(page, 'shop-service-validation-375');
    await context.close();
  });

  it('lists the salon’s coupons worded by what they give', async () => {
    const { context, page } = await newPage(browser);
    await signInMerchant(page);
    await page.goto('/merchant/coupons');
    const item = page.getByTestId('coupon-item').filter({ hasText: 'GLOWPUNE15' });
    await poll(() => item.count()).toBe(1);
    expect(await item.innerText()).toContain('15% OFF up to ₹750');
    await shot(page, 'shop-coupons');
    await context.close();
  });
});
