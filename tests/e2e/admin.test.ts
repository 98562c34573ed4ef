import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, latestMailTo, launch, newPage, shot, signIn } from './browser';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: T }> {
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

/**
 * A full-page screenshot taken from the top, with the window as tall as the page: the sticky
 * header is drawn at the top and the phone's fixed bottom bar at the bottom, not mid-page.
 * `asSeen` keeps the window as it is (an open menu closes when the window is resized).
 */
async function topShot(page: Page, name: string, opts: { asSeen?: boolean } = {}) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Menus and dialogs pop in; wait for entrance animations (not endless spinners) to finish.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (opts.asSeen || height <= viewport.height) {
    await shot(page, name);
    return;
  }
  await page.setViewportSize({ width: viewport.width, height });
  try {
    await shot(page, name);
  } finally {
    await page.setViewportSize(viewport);
  }
}

/** Downloads the report's CSV through the Export button. */
async function exportCsv(page: Page): Promise<{ filename: string; lines: string[] }> {
  const downloadEvent = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const download = await downloadEvent;
  const csv = fs.readFileSync(await download.path(), 'utf8');
  return { filename: download.suggestedFilename(), lines: csv.trim().split(/\r?\n/) };
}

/** Stat figures that wrap onto a second line or spill out of their tile. */
const brokenFigures = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid$="-value"]')]
      .filter((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return lines.size > 1 || el.scrollWidth > el.clientWidth;
      })
      .map((el) => el.textContent),
  );

describe('admin area', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks every admin screen on real data and carries out its actions', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    const token = await signInAdmin(page);
    const stamp = Date.now().toString(36);
    // A failed sign-in the security screen must list.
    const stranger = `nobody.${stamp}@example.com`;
    expect((await api('POST', '/users/loginUser/emailLogin', { email: stranger, password: 'Wrong-pass1' })).status).toBe(401);
    // A password-reset code: an e-mail the outbox must list.
    const mailed = `outbox.${stamp}@example.com`;
    expect(
      (await api('POST', '/users/registerUser', { firstName: 'Out', lastName: 'Box', email: mailed, password: 'Outbox123' })).status,
    ).toBe(201);
    expect((await api('POST', '/users/forgot-password', { email: mailed })).status).toBe(200);
    // A throwaway customer to make an administrator.
    const promoted = `promote.${stamp}@example.com`;
    expect(
      (await api('POST', '/users/registerUser', { firstName: 'Pro', lastName: 'Moted', email: promoted, password: 'Promote123' })).status,
    ).toBe(201);

    await heading(page, 'Admin Dashboard');
    await poll(() => page.getByTestId('stat-customers-value').isVisible()).toBe(true);
    expect(await tileNumber(page, 'stat-customers')).toBeGreaterThan(0);
    expect(await tileNumber(page, 'stat-merchants')).toBeGreaterThan(0);
    expect(await tileNumber(page, 'stat-bookings')).toBeGreaterThan(0);
    expect(await page.getByTestId('stat-gbv-value').innerText()).toMatch(/^₹[1-9]/);
    expect(await page.getByTestId('stat-commission-value').innerText()).toMatch(/^₹[1-9]/);
    await poll(() => page.getByTestId('dashboard-trend').locator('svg').count()).toBe(1);
    expect(await page.getByTestId('top-cities').locator('tbody tr').count()).toBeGreaterThan(0);
    await topShot(page, 'admin-dashboard');

    await page.goto('/admin/users');
    await heading(page, 'User Management');
    await page.getByLabel('Search').fill('customer@demo.in');
    await poll(() => page.locator('[data-testid="user-row"][data-email="customer@demo.in"]').count()).toBe(1);
    await page.getByLabel('Search').fill(promoted);
    const promotedRow = page.locator(`[data-testid="user-row"][data-email="${promoted}"]`);
    await poll(() => promotedRow.count()).toBe(1);
    await promotedRow.getByTestId('promote-user').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-submit').click();
    await poll(() => promotedRow.locator('td').nth(1).textContent()).toBe('admin');
    expect(await promotedRow.getByTestId('promote-user').count()).toBe(0);
    const promotedLogin = await api<{ userType: string }>('POST', '/users/loginUser/emailLogin', {
      email: promoted,
      password: 'Promote123',
    });
    expect(promotedLogin.json.userType).toBe('admin');
    await page.getByLabel('Search').fill('');
    await poll(() => page.getByTestId('user-row').count()).toBeGreaterThan(1);
    await topShot(page, 'admin-users');

    await page.goto('/admin/bookings');
    await heading(page, 'Booking Management');
    await poll(() => page.getByTestId('booking-row').count()).toBeGreaterThan(0);
    await page
      .getByTestId('booking-row')
      .first()
      .getByRole('button', { name: /details/i })
      .click();
    const detail = page.getByTestId('booking-detail');
    await poll(() => detail.getByText('Total', { exact: true }).isVisible()).toBe(true);
    expect(await detail.innerText()).toMatch(/₹\d/);
    await topShot(page, 'admin-booking-detail');
    await detail.getByRole('button', { name: 'Close dialog' }).click();
    await page.getByLabel('Status').selectOption('completed');
    await poll(() => page.getByTestId('booking-row').first().getByTestId('status-badge').getAttribute('data-status')).toBe('completed');
    await topShot(page, 'admin-bookings');

    await page.goto('/admin/salons');
    await heading(page, 'Salon Management');
    await poll(() => page.getByTestId('salon-row').count()).toBeGreaterThan(0);
    // At 1280 px the whole table, Actions included, fits its card: nothing scrolls sideways.
    expect(
      await page.getByTestId('salons-table').evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0);
    await topShot(page, 'admin-salons');
    // A sponsored listing needs the Enterprise plan: a salon on a lower plan is refused, with the reason.
    const unsponsored = await api<{ salons: { shop_Name: string }[] }>(
      'GET',
      '/admin/salons?publishStatus=approved&sponsored=false&limit=1',
      undefined,
      token,
    );
    const lowerPlan = unsponsored.json.salons[0].shop_Name;
    await page.getByLabel('Search').fill(lowerPlan);
    const lowerRow = page.locator(`[data-testid="salon-row"][data-name="${lowerPlan}"]`);
    await poll(() => lowerRow.count()).toBe(1);
    await lowerRow.getByTestId('salon-actions').click();
    await page.getByRole('menuitem', { name: 'Sponsor', exact: true }).click();
    const sponsorModal = page.getByTestId('sponsor-modal');
    await sponsorModal.getByTestId('sponsor-save').click();
    await poll(() => sponsorModal.getByRole('alert').innerText()).toMatch(
      /is on the (Basic|Professional) plan; a sponsored listing needs the Enterprise plan/,
    );
    await sponsorModal.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => sponsorModal.isVisible()).toBe(false);

    // An Enterprise salon's sponsorship is removed and given again with a new message, then put back as it was.
    const candidates = await api<{ salons: { shop_Name: string; promotionMessage: string | null }[] }>(
      'GET',
      '/admin/salons?publishStatus=approved&sponsored=true&limit=1',
      undefined,
      token,
    );
    const sponsoredName = candidates.json.salons[0].shop_Name;
    const original = candidates.json.salons[0].promotionMessage ?? '';
    await page.getByLabel('Search').fill(sponsoredName);
    const salonRow = page.locator(`[data-testid="salon-row"][data-name="${sponsoredName}"]`);
    await poll(() => salonRow.count()).toBe(1);
    await salonRow.getByTestId('salon-actions').click();
    await page.getByRole('menuitem', { name: 'Remove sponsorship' }).click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-submit').click();
    await poll(
      async () =>
        (
          await api<{ salons: { isSponsored: boolean }[] }>(
            'GET',
            `/admin/salons?search=${encodeURIComponent(sponsoredName)}`,
            undefined,
            token,
          )
        ).json.salons[0].isSponsored,
    ).toBe(false);
    await salonRow.getByTestId('salon-actions').click();
    await page.getByRole('menuitem', { name: 'Sponsor', exact: true }).click();
    await sponsorModal.locator('#sponsor-message').fill('Monsoon hair spa at 15% off');
    await sponsorModal.getByTestId('sponsor-save').click();
    await poll(() => sponsorModal.isVisible()).toBe(false);
    await poll(() => salonRow.innerText()).toContain('Monsoon hair spa at 15% off');
    const sponsoredNow = await api<{ salons: { isSponsored: boolean; promotionMessage: string | null }[] }>(
      'GET',
      `/admin/salons?search=${encodeURIComponent(sponsoredName)}`,
      undefined,
      token,
    );
    expect(sponsoredNow.json.salons[0]).toMatchObject({ isSponsored: true, promotionMessage: 'Monsoon hair spa at 15% off' });
    await salonRow.getByTestId('salon-actions').click();
    await topShot(page, 'admin-salons-actions', { asSeen: true });
    await page.keyboard.press('Escape');
    // Put the home page back as it was for the other browser tests.
    const restored = await api(
      'POST',
      '/admin/salons/sponsor',
      {
        merchantId: (
          await api<{ salons: { _id: string }[] }>('GET', `/admin/salons?search=${encodeURIComponent(sponsoredName)}`, undefined, token)
        ).json.salons[0]._id,
        sponsored: true,
        promotionMessage: original || undefined,
      },
      token,
    );
    expect(restored.status).toBe(200);

    await page.goto('/admin/coupons');
    await heading(page, 'Platform Coupons');
    const code = `ADM${stamp.toUpperCase()}`;
    await page.getByTestId('add-coupon').click();
    const couponModal = page.getByTestId('coupon-modal');
    await couponModal.locator('#coupon-code').fill(code);
    await couponModal.locator('#coupon-value').fill('10');
    await couponModal.getByTestId('coupon-save').click();
    await poll(() => couponModal.isVisible()).toBe(false);
    await poll(() => page.getByTestId('coupon-row').filter({ hasText: code }).count()).toBe(1);
    // A rule coupon is worded by what it does (its 50% is not what it gives).
    const weekend = await page.getByTestId('coupon-row').filter({ hasText: 'WEEKEND' }).innerText();
    expect(weekend).toContain('Buy 1 Get 1 up to ₹1,500');
    expect(weekend).toContain('weekends only');
    await topShot(page, 'admin-coupons');

    await page.goto('/admin/feedback');
    await heading(page, 'Feedback');
    const ticket = page.getByTestId('feedback-item').filter({ hasText: 'GSTIN missing on my last invoice' });
    await poll(() => ticket.count()).toBe(1);
    expect(await page.getByTestId('feedback-item').filter({ hasText: 'Listing our spa in Kochi' }).count()).toBe(1);
    await topShot(page, 'admin-feedback');
    await ticket.getByTestId('reply-feedback').click();
    const replyModal = page.getByTestId('reply-modal');
    await replyModal.locator('#reply-text').fill('We reissued the invoice with your GSTIN.');
    await replyModal.getByTestId('reply-send').click();
    await poll(() => replyModal.isVisible()).toBe(false);
    await poll(() => ticket.innerText()).toContain('We reissued the invoice with your GSTIN.');
    expect(await ticket.innerText()).toMatch(/answered/i);
    // The answer went to the salon owner by e-mail.
    expect(await latestMailTo('merchant@demo.in')).toContain('Subject: Re: GSTIN missing on my last invoice');
    await ticket.getByTestId('close-feedback').click();
    await poll(() => ticket.getByTestId('close-feedback').count()).toBe(0);
    expect(await ticket.innerText()).toMatch(/closed/i);

    await page.goto('/admin/reports');
    await heading(page, 'Reports');
    await poll(() => page.getByTestId('report-row').count()).toBeGreaterThan(0);
    expect(await tileNumber(page, 'report-bookings')).toBeGreaterThan(0);
    await page.getByTestId('report-group-tab-city').click();
    await poll(() => page.getByRole('columnheader', { name: 'City' }).isVisible()).toBe(true);
    const byCity = await exportCsv(page);
    expect(byCity.filename).toMatch(/^glowbook-report-city-.*\.csv$/);
    expect(byCity.lines[0]).toMatch(/^City,Bookings,.*,Subscriptions excl\. GST \(INR\)$/);
    expect(byCity.lines.length).toBeGreaterThan(2);
    // Pune by month: the demo salon owner's paid plan shows as subscription revenue.
    await page.locator('#report-city').selectOption('Pune');
    await page.getByTestId('report-group-tab-month').click();
    await poll(() => page.getByRole('columnheader', { name: 'Month' }).isVisible()).toBe(true);
    await poll(() => page.getByTestId('report-bookings').innerText()).toContain('Pune');
    await poll(() => page.getByTestId('report-subscriptions-value').innerText()).toMatch(/^₹[1-9]/);
    const pune = await exportCsv(page);
    expect(pune.filename).toMatch(/^glowbook-report-month-pune-.*\.csv$/);
    expect(pune.lines.at(-1)).toMatch(/^Total \(Pune\),/);
    await topShot(page, 'admin-reports');

    await page.goto('/admin/payments');
    await heading(page, 'Payments');
    await poll(() => page.getByTestId('commission-row').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('ledger-commission-value').innerText()).toMatch(/^₹[1-9]/);
    expect(await page.getByTestId('ledger-earnings').textContent()).toContain("Salons' earnings");
    await poll(() => page.getByTestId('admin-invoices').innerText()).toContain('GB/');
    await topShot(page, 'admin-payments');

    await page.goto('/admin/notifications');
    await heading(page, 'Notifications');
    await page.getByTestId('broadcast-send').click();
    await poll(() => page.getByText('write a title').isVisible()).toBe(true);
    const announcement = `Festive hours ${stamp}`;
    await page.locator('#broadcast-audience').selectOption('customers');
    await page.locator('#broadcast-title').fill(announcement);
    await page.locator('#broadcast-message').fill('Salons stay open till 10 PM all week.');
    await page.getByTestId('broadcast-send').click();
    await poll(() => page.getByTestId('broadcast-row').filter({ hasText: announcement }).count()).toBe(1);
    // It reached a customer's notifications.
    const customer = await api<{ token: string }>('POST', '/users/loginUser/emailLogin', {
      email: 'customer@demo.in',
      password: 'Demo@1234',
    });
    const inbox = await api<{ data: { notifications: { title: string }[] } }>(
      'GET',
      '/users/getNotifications',
      undefined,
      customer.json.token,
    );
    expect(inbox.json.data.notifications.map((n) => n.title)).toContain(announcement);
    await topShot(page, 'admin-notifications');

    await page.goto('/admin/PushNotification');
    await heading(page, 'Push Notifications');
    await poll(() => page.getByTestId('push-subscribers').innerText()).toContain('People who allowed notifications');
    expect(await page.locator('#broadcast-push').isChecked()).toBe(true);
    await page.locator('#broadcast-title').fill('Monsoon offers are live');
    await poll(() => page.getByLabel('Preview').innerText()).toContain('Monsoon offers are live');
    await topShot(page, 'admin-push-compose');

    await page.goto('/admin/email');
    await heading(page, 'Email');
    await poll(() => page.getByTestId('outbox-row').filter({ hasText: mailed }).count()).toBe(1);
    await page.getByTestId('outbox-row').filter({ hasText: mailed }).click();
    // Admins see that a code went out, never the code itself.
    await poll(() => page.getByTestId('outbox-message').innerText()).toContain('hidden: this message carries a one-time code');
    expect(await page.getByTestId('outbox-message-delivery').innerText()).toBe('Not sent (no SMTP configured)');
    await page.getByTestId('outbox-message').getByRole('button', { name: 'Close dialog' }).click();
    await topShot(page, 'admin-email-outbox');
    await page.getByTestId('email-tab-templates').click();
    await poll(() => page.getByTestId('template-list').locator('li').count()).toBeGreaterThan(0);
    await page
      .getByTestId('template-list')
      .getByRole('button', { name: /salon_approved/ })
      .click();
    await poll(() => page.locator('#template-subject').inputValue()).toBe('{{shopName}} is now live on GlowBook');
    await page.locator('#template-subject').fill('Good news: {{shopName}} is now live on GlowBook');
    await page.getByTestId('template-save').click();
    // Saved: the button is disabled because nothing is left to save, not because the save is under
    // way (disabled and busy while it is).
    const saveButton = page.getByTestId('template-save');
    await poll(async () => (await saveButton.isDisabled()) && (await saveButton.getAttribute('aria-busy')) === null).toBe(true);
    const templates = await api<{ templates: { key: string; subject: string }[] }>('GET', '/admin/email/templates', undefined, token);
    expect(templates.json.templates.find((t) => t.key === 'salon_approved')?.subject).toBe(
      'Good news: {{shopName}} is now live on GlowBook',
    );
    await topShot(page, 'admin-email-templates');

    await page.goto('/admin/services');
    await heading(page, 'Categories Catalogue');
    await poll(() => page.getByTestId('category-row').count()).toBeGreaterThan(0);
    await topShot(page, 'admin-services');

    await page.goto('/admin/settings');
    await heading(page, 'Settings');
    await poll(() => page.getByTestId('testimonial-item').count()).toBeGreaterThan(0);
    // The demo's two featured places lead the list (truth.test.ts may have added one of its own).
    await poll(() => page.getByTestId('location-row').count()).toBeGreaterThanOrEqual(2);
    expect((await page.getByTestId('location-row').allInnerTexts()).slice(0, 2)).toEqual([
      expect.stringContaining('Pune'),
      expect.stringContaining('Bandra West'),
    ]);
    // Featured places lead the home page's popular locations.
    const popular = await api<{ name: string }[]>('GET', '/locations');
    expect(popular.json.slice(0, 2).map((l) => l.name)).toEqual(['Pune', 'Bandra West']);
    await topShot(page, 'admin-settings');

    await page.goto('/admin/system');
    await heading(page, 'System Health');
    await poll(() => page.getByTestId('system-status').innerText()).toMatch(/All systems working|Degraded/);
    expect(await page.getByTestId('migrations-table').locator('tbody tr').count()).toBeGreaterThan(0);
    const failed = page.getByTestId('failed-jobs').locator('li').filter({ hasText: 'Message delivery' });
    await poll(() => failed.count()).toBe(1);
    await topShot(page, 'admin-system');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await poll(() => failed.count()).toBe(0);
    // Queued again, the e-mail goes out this time.
    expect(await latestMailTo('rohan.mehta@demo.in', 15_000, /^Subject: Your GlowBook receipt/m)).toContain(
      'Subject: Your GlowBook receipt',
    );

    await page.goto('/admin/security');
    await heading(page, 'Security');
    await poll(() => page.getByTestId('failed-signins').getByText(stranger).count()).toBe(1);
    await topShot(page, 'admin-security');

    await page.goto('/admin/profile');
    await heading(page, 'Admin Profile');
    await poll(() => page.getByTestId('admin-profile').innerText()).toContain('admin@demo.in');
    await topShot(page, 'admin-profile');

    await context.close();
  });

  it('blocks a customer, which signs them out everywhere, and unblocks them', async () => {
    const email = `blockme.${Date.now().toString(36)}@example.com`;
    const registered = await api<{ token: string }>('POST', '/users/registerUser', {
      firstName: 'Block',
      lastName: 'Me',
      email,
      password: 'Blockme123',
    });
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
    // A valid reason clears the error at once, before the next submit.
    await poll(() => dialog.getByRole('alert').count()).toBe(0);
    await topShot(page, 'admin-users-block-dialog');
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
    const found = await api<{ salons: { _id: string; shop_Name: string }[] }>(
      'GET',
      '/admin/salons?search=Velvet%20Touch',
      undefined,
      token,
    );
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
    await topShot(page, 'admin-salons-review');
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

    await row.getByTestId('salon-actions').click();
    await page.getByTestId('unpublish-salon').click();
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
    await poll(() => page.getByTestId('stat-gbv-value').isVisible()).toBe(true);
    // Money stays whole: no figure wraps mid-number or spills out of its tile.
    expect(await brokenFigures(page)).toEqual([]);
    await topShot(page, 'admin-dashboard-375');

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
      expect(await brokenFigures(page)).toEqual([]);
      await topShot(page, `admin-${name}-375`);
    }
    await context.close();
  });
});
