import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => ({}))) as T };
}

async function signInAdmin(page: Page): Promise<string> {
  await signIn(page, 'admin@demo.in');
  await page.waitForURL(/\/admin$/);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

async function heading(page: Page, name: string) {
  await poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
}

/** The number a stat tile shows, without ₹ and digit grouping. */
async function tileNumber(page: Page, testId: string): Promise<number> {
  const text = await page.getByTestId(`${testId}-value`).innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

describe('admin area', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows real platform data on every admin screen', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    await signInAdmin(page);
    // A failed sign-in the security screen must list.
    const stranger = `nobody.${Date.now().toString(36)}@example.com`;
    expect((await api('POST', '/users/loginUser/emailLogin', { email: stranger, password: 'Wrong-pass1' })).status).toBe(401);
    // A password-reset code: an e-mail the outbox must list.
    const mailed = `outbox.${Date.now().toString(36)}@example.com`;
    expect((await api('POST', '/users/registerUser', { firstName: 'Out', lastName: 'Box', email: mailed, password: 'Outbox123' })).status).toBe(201);
    expect((await api('POST', '/users/forgot-password', { email: mailed })).status).toBe(200);

    await heading(page, 'Admin Dashboard');
    await poll(() => page.getByTestId('stat-customers-value').isVisible()).toBe(true);
    expect(await tileNumber(page, 'stat-customers')).toBeGreaterThan(0);
    expect(await tileNumber(page, 'stat-merchants')).toBeGreaterThan(0);
    expect(await tileNumber(page, 'stat-bookings')).toBeGreaterThan(0);
    expect(await page.getByTestId('stat-gbv-value').innerText()).toMatch(/^₹[1-9]/);
    expect(await page.getByTestId('stat-commission-value').innerText()).toMatch(/^₹[1-9]/);
    await poll(() => page.getByTestId('dashboard-trend').locator('svg').count()).toBe(1);
    expect(await page.getByTestId('top-cities').locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(page, 'admin-dashboard');

    await page.goto('/admin/users');
    await heading(page, 'User Management');
    await page.getByLabel('Search').fill('customer@demo.in');
    await poll(() => page.locator('[data-testid="user-row"][data-email="customer@demo.in"]').count()).toBe(1);
    await page.getByLabel('Search').fill('');
    await poll(() => page.getByTestId('user-row').count()).toBeGreaterThan(1);
    await shot(page, 'admin-users');

    await page.goto('/admin/bookings');
    await heading(page, 'Booking Management');
    await poll(() => page.getByTestId('booking-row').count()).toBeGreaterThan(0);
    await page.getByTestId('booking-row').first().getByRole('button', { name: /details/i }).click();
    const detail = page.getByTestId('booking-detail');
    await poll(() => detail.getByText('Total', { exact: true }).isVisible()).toBe(true);
    expect(await detail.innerText()).toMatch(/₹\d/);
    await shot(page, 'admin-booking-detail');
    await detail.getByRole('button', { name: 'Close dialog' }).click();
    await page.getByLabel('Status').selectOption('completed');
    await poll(() => page.getByTestId('booking-row').first().getByTestId('status-badge').getAttribute('data-status')).toBe('completed');
    await shot(page, 'admin-bookings');

    await page.goto('/admin/salons');
    await heading(page, 'Salon Management');
    await poll(() => page.getByTestId('salon-row').count()).toBeGreaterThan(0);
    await shot(page, 'admin-salons');

    await page.goto('/admin/coupons');
    await heading(page, 'Platform Coupons');
    const code = `ADM${Date.now().toString(36).toUpperCase()}`;
    await page.getByTestId('add-coupon').click();
    const couponModal = page.getByTestId('coupon-modal');
    await couponModal.locator('#coupon-code').fill(code);
    await couponModal.locator('#coupon-value').fill('10');
    await couponModal.getByTestId('coupon-save').click();
    await poll(() => couponModal.isVisible()).toBe(false);
    await poll(() => page.getByTestId('coupon-row').filter({ hasText: code }).count()).toBe(1);
    await shot(page, 'admin-coupons');

    await page.goto('/admin/feedback');
    await heading(page, 'Feedback');
    await poll(async () => (await page.getByTestId('feedback-list').isVisible()) || (await page.getByTestId('empty-state').isVisible())).toBe(true);
    await shot(page, 'admin-feedback');

    await page.goto('/admin/reports');
    await heading(page, 'Reports');
    await poll(() => page.getByTestId('report-row').count()).toBeGreaterThan(0);
    expect(await tileNumber(page, 'report-bookings')).toBeGreaterThan(0);
    await page.getByTestId('report-group-tab-city').click();
    await poll(() => page.getByRole('columnheader', { name: 'City' }).isVisible()).toBe(true);
    const downloadEvent = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^City,Bookings,/);
    expect(csv.trim().split('\n').length).toBeGreaterThan(1);
    await shot(page, 'admin-reports');

    await page.goto('/admin/payments');
    await heading(page, 'Payments');
    await poll(() => page.getByTestId('commission-row').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('ledger-commission-value').innerText()).toMatch(/^₹[1-9]/);
    await poll(() => page.getByTestId('admin-invoices').innerText()).toContain('GB/');
    await shot(page, 'admin-payments');

    await page.goto('/admin/notifications');
    await heading(page, 'Notifications');
    await page.getByTestId('broadcast-send').click();
    await poll(() => page.getByText('write a title').isVisible()).toBe(true);
    await shot(page, 'admin-notifications');

    await page.goto('/admin/PushNotification');
    await heading(page, 'Push Notifications');
    await poll(() => page.getByTestId('push-subscribers').innerText()).toContain('People who allowed notifications');
    expect(await page.locator('#broadcast-push').isChecked()).toBe(true);
    await page.locator('#broadcast-title').fill('Monsoon offers are live');
    await poll(() => page.getByLabel('Preview').innerText()).toContain('Monsoon offers are live');
    await shot(page, 'admin-push');

    await page.goto('/admin/email');
    await heading(page, 'Email');
    await poll(() => page.getByTestId('outbox-row').filter({ hasText: mailed }).count()).toBe(1);
    await page.getByTestId('outbox-row').filter({ hasText: mailed }).click();
    // Admins see that a code went out, never the code itself.
    await poll(() => page.getByTestId('outbox-message').innerText()).toContain('hidden: this message carries a one-time code');
    await page.getByTestId('outbox-message').getByRole('button', { name: 'Close dialog' }).click();
    await shot(page, 'admin-email-outbox');
    await page.getByTestId('email-tab-templates').click();
    await poll(() => page.getByTestId('template-list').locator('li').count()).toBeGreaterThan(0);
    expect(await page.locator('#template-subject').inputValue()).not.toBe('');
    await shot(page, 'admin-email-templates');

    await page.goto('/admin/services');
    await heading(page, 'Categories Catalogue');
    await poll(() => page.getByTestId('category-row').count()).toBeGreaterThan(0);
    await shot(page, 'admin-services');

    await page.goto('/admin/settings');
    await heading(page, 'Settings');
    await poll(() => page.getByTestId('testimonial-item').count()).toBeGreaterThan(0);
    await poll(async () => (await page.getByTestId('locations-table').isVisible()) || (await page.getByText('No featured locations').isVisible())).toBe(true);
    await shot(page, 'admin-settings');

    await page.goto('/admin/system');
    await heading(page, 'System Health');
    await poll(() => page.getByTestId('system-status').innerText()).toMatch(/All systems working|Degraded/);
    expect(await page.getByTestId('migrations-table').locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(page, 'admin-system');

    await page.goto('/admin/security');
    await heading(page, 'Security');
    await poll(() => page.getByTestId('failed-signins').getByText(stranger).count()).toBe(1);
    await shot(page, 'admin-security');

    await page.goto('/admin/profile');
    await heading(page, 'Admin Profile');
    await poll(() => page.getByTestId('admin-profile').innerText()).toContain('admin@demo.in');
    await shot(page, 'admin-profile');

    await context.close();
  });

  it('blocks a customer, which signs them out everywhere, and unblocks them', async () => {
    const email = `blockme.${Date.now().toString(36)}@example.com`;
    const registered = await api<{ token: string }>('POST', '/users/registerUser', { firstName: 'Block', lastName: 'Me', email, password: 'Blockme123' });
    expect(registered.status).toBe(201);
    const customerToken = registered.json.token;
    expect((await api('GET', '/users/profile', undefined, customerToken)).status).toBe(200);

    const { context, page } = await newPage(browser, { width: 1280 });
    await signInAdmin(page);
    await page.goto('/admin/users');
    await page.getByLabel('Search').fill(email);
    const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
    await poll(() => row.count()).toBe(1);

    await row.getByTestId('block-user').click();
    const dialog = page.getByTestId('admin-reason');
    await dialog.getByTestId('admin-reason-submit').click();
    await poll(() => dialog.getByRole('alert').innerText()).toContain('at least 3 characters');
    await dialog.getByLabel(/Reason for blocking/).fill('Repeated no-shows');
    await shot(page, 'admin-users-block-dialog');
    await dialog.getByTestId('admin-reason-submit').click();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => row.getByTestId('user-status').innerText()).toBe('Blocked');
    expect(await row.innerText()).toContain('Repeated no-shows');

    // Signed out everywhere: the token the customer already held no longer works, nor does signing in.
    expect((await api('GET', '/users/profile', undefined, customerToken)).status).toBe(401);
    expect((await api('POST', '/users/loginUser/emailLogin', { email, password: 'Blockme123' })).status).not.toBe(200);

    await row.getByTestId('unblock-user').click();
    await poll(() => row.getByTestId('user-status').innerText()).toBe('Active');
    expect((await api('POST', '/users/loginUser/emailLogin', { email, password: 'Blockme123' })).status).toBe(200);
    await context.close();
  });

  it('reviews a publish request against the 14 checks, rejects with a reason, approves, then unpublishes', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    const token = await signInAdmin(page);
    const found = await api<{ salons: { _id: string; shop_Name: string }[] }>('GET', '/admin/salons?search=Velvet%20Touch', undefined, token);
    const salon = found.json.salons[0];
    expect(salon).toBeTruthy();
    const request = () => api('POST', '/merchants/createPublishRequest', { merchantId: salon._id }, token);
    expect((await request()).status).toBe(200);

    await page.goto('/admin/salons?status=pending');
    await heading(page, 'Salon Management');
    const row = page.locator(`[data-testid="salon-row"][data-name="${salon.shop_Name}"]`);
    await poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('salon-status').innerText()).toBe('Pending review');

    await row.getByTestId('review-salon').click();
    const review = page.getByTestId('salon-review');
    await poll(() => review.getByTestId('checks-passed').innerText()).toBe('14 of 14 checks passed');
    expect(await review.getByTestId('completion-checks').locator('li').count()).toBe(14);
    await shot(page, 'admin-salons-review');
    await review.getByTestId('reject-salon').click();
    const reason = page.getByTestId('admin-reason');
    await reason.getByTestId('admin-reason-submit').click();
    await poll(() => reason.getByRole('alert').isVisible()).toBe(true);
    await reason.getByLabel(/Reason for rejecting/).fill('Please add photos of the interior');
    await reason.getByTestId('admin-reason-submit').click();
    await poll(() => reason.isVisible()).toBe(false);

    await page.getByTestId('salons-tab-all').click();
    await page.getByLabel('Search').fill('Velvet Touch');
    await poll(() => row.getByTestId('salon-status').innerText()).toBe('Rejected');
    expect(await row.innerText()).toContain('Please add photos of the interior');

    expect((await request()).status).toBe(200);
    await page.goto('/admin/salons');
    await page.getByLabel('Search').fill('Velvet Touch');
    await poll(() => row.getByTestId('salon-status').innerText()).toBe('Pending review');
    await row.getByTestId('review-salon').click();
    await review.getByTestId('approve-salon').click();
    await poll(() => row.getByTestId('salon-status').innerText()).toBe('Published');
    expect((await api('GET', `/merchants/getMerchantById/${salon._id}`)).status).toBe(200);

    await row.getByTestId('unpublish-salon').click();
    await reason.getByLabel(/Reason for unpublishing/).fill('Closed for renovation');
    await reason.getByTestId('admin-reason-submit').click();
    await poll(() => row.getByTestId('salon-status').innerText()).toBe('Unpublished');
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await signInAdmin(page);
    await heading(page, 'Admin Dashboard');
    await poll(() => page.getByTestId('dashboard-trend').locator('svg').count()).toBe(1);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot(page, 'admin-dashboard-375');

    for (const [path, name, title] of [
      ['/admin/users', 'users', 'User Management'],
      ['/admin/salons', 'salons', 'Salon Management'],
      ['/admin/reports', 'reports', 'Reports'],
    ] as const) {
      await page.goto(path);
      await heading(page, title);
      await poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
      // Wide tables scroll inside their card; the page itself never scrolls sideways.
      expect(await overflow()).toBeLessThanOrEqual(0);
      await shot(page, `admin-${name}-375`);
    }
    await context.close();
  });
});
