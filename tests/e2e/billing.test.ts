import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser';

/*
 * Plans that mean something on the Subscription page (limits and usage, a downgrade scheduled for
 * the end of the paid period and cancelled) and the salon's GSTIN in Settings, at desktop and
 * phone widths. The demo owner is on Enterprise (the seed: a sponsored listing) and leaves this file still on it.
 */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function merchantPage(width = 1280) {
  const { context, page } = await newPage(browser, { width });
  await signIn(page, 'merchant@demo.in', 'Demo@1234', true);
  await poll(() => new URL(page.url()).pathname).toMatch(/^\/merchant/);
  return { context, page };
}

async function top(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

describe('plans on the Subscription page', () => {
  it('shows the limits and usage of the plan, schedules a downgrade for the end of the paid period and cancels it', async () => {
    const { context, page } = await merchantPage();
    await page.goto('/merchant/subscription');
    await poll(() => page.getByTestId('current-plan').innerText()).toContain('Enterprise');
    expect(await page.getByTestId('staff-usage').innerText()).toMatch(/^[1-9]\d* of unlimited$/);
    const tools = await page.getByTestId('plan-tools').innerText();
    expect(tools).toContain('Coupons');
    expect(await page.getByTestId('plan-tools').locator('li', { hasText: 'Coupons' }).innerText()).toContain('included');
    expect(await page.getByTestId('plan-tools').locator('li', { hasText: 'Sponsored listing' }).innerText()).toContain('included');
    // Four plans: Free is what a salon has without paying.
    expect(await page.getByTestId('plan-free').innerText()).toContain('1 staff member');
    const renews = (await page.getByTestId('current-plan').innerText()).match(/renews (\d{1,2} [A-Z][a-z]{2} \d{4})/)![1];
    expect(await page.getByTestId('choose-basic').innerText()).toBe(`Change on ${renews}`);
    // Basic holds 3 staff and the team is bigger: the server says so in the dialog.
    await page.getByTestId('choose-basic').click();
    await page.getByTestId('confirm-schedule').click();
    await poll(() => page.getByTestId('schedule-change').innerText()).toMatch(
      /the Basic plan allows up to 3 staff members and \d+ are on your team/i,
    );
    await page.getByTestId('schedule-change').getByRole('button', { name: 'Keep Enterprise' }).click();

    await page.getByTestId('choose-professional').click();
    const modal = page.getByTestId('schedule-change');
    expect(await modal.innerText()).toContain(`You keep Enterprise until ${renews}`);
    expect(await modal.innerText()).toContain('No sponsored listing');
    expect(await modal.innerText()).not.toContain('No coupons');
    await modal.getByTestId('confirm-schedule').click();
    await page.getByText(`Your plan changes to Professional on ${renews}.`).first().waitFor();
    await poll(() => page.getByTestId('scheduled-change').innerText()).toContain(`Changes to Professional on ${renews}`);
    expect(await page.getByTestId('current-plan').innerText()).toContain(`paid until ${renews}`);
    expect(await page.getByTestId('choose-professional').innerText()).toBe(`From ${renews}`);
    await top(page, 'merchant-subscription-scheduled');

    const phone = await newPage(browser, { width: 390, height: 844 });
    await signIn(phone.page, 'merchant@demo.in', 'Demo@1234', true);
    await poll(() => new URL(phone.page.url()).pathname).toMatch(/^\/merchant/);
    await phone.page.goto('/merchant/subscription');
    await poll(() => phone.page.getByTestId('scheduled-change').innerText()).toContain('Changes to Professional');
    // Nothing wider than the phone.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await top(phone.page, 'merchant-subscription-scheduled-390');
    await phone.context.close();

    await page.getByTestId('cancel-scheduled-change').click();
    await page.getByText(`You stay on Enterprise; it renews on ${renews}.`).first().waitFor();
    await poll(() => page.getByTestId('scheduled-change').count()).toBe(0);
    expect(await page.getByTestId('current-plan').innerText()).toContain(`renews ${renews}`);
    await context.close();
  });
});

describe('plan payments on the Subscription page', () => {
  it('a late payment refunded in full shows as Refunded with its amount, not in progress, at desktop and phone widths', async () => {
    // The demo data has no Razorpay payments (the e2e server runs the test gateway), so the page's
    // answer gets the payments a Razorpay salon would have: the layout is Chromium's, the data the
    // server's wire shape (tests/server/staleOrders.test.ts makes them for real).
    const payments = [
      {
        _id: '00000000-0000-4000-8000-000000000001',
        date: new Date().toISOString(),
        plan: 'professional',
        purpose: 'change',
        amount: 4718.82,
        status: 'in_progress',
        reason: null,
        refundReference: null,
      },
      {
        _id: '00000000-0000-4000-8000-000000000002',
        date: new Date().toISOString(),
        plan: 'basic',
        purpose: 'change',
        amount: 1768.82,
        status: 'refunded',
        reason: 'its order had been replaced by a newer order',
        refundReference: 'rfnd_Pb7x2LQe9c',
      },
    ];
    for (const width of [1280, 390]) {
      const { context, page } = await merchantPage(width);
      await page.route(/\/trpc\/[^?]*merchants\.getSubscription/, async (route) => {
        const res = await route.fetch();
        const procs = new URL(route.request().url()).pathname.split('/').pop()!.split(',');
        const body = (await res.json()) as unknown;
        const answers = Array.isArray(body) ? body : [body];
        const answer = answers[procs.indexOf('merchants.getSubscription')] as { result: { data: Record<string, unknown> } };
        const data = (answer.result.data.json ?? answer.result.data) as { data: { payments: unknown[] } };
        data.data.payments = payments;
        await route.fulfill({ response: res, json: body });
      });
      await page.goto('/merchant/subscription');
      const table = page.getByTestId('plan-payments');
      await table.waitFor();
      const rows = table.getByTestId('plan-payment-row');
      expect(await rows.nth(0).innerText()).toMatch(/Professional plan\s*In progress[\s\S]*₹4,718\.82/);
      const refunded = await rows.nth(1).innerText();
      expect(refunded).toMatch(/Basic plan\s*Refunded[\s\S]*₹1,768\.82/);
      expect(refunded).toContain('Not applied: its order had been replaced by a newer order. Refunded in full (refund rfnd_Pb7x2LQe9c)');
      expect(refunded).not.toContain('In progress');
      await table.scrollIntoViewIfNeeded();
      // The payment column wraps: the status and amount are on screen without scrolling the table.
      expect(await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: (await shot(page, `merchant-plan-payments-${width}`)).replace(/\.png$/, '-view.png') });
      await context.close();
    }
  });
});

describe('GST details in Settings', () => {
  it('checks the GSTIN as typed (check character, the salon’s state), saves it, and the Subscription page shows it', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await merchantPage(width);
      await page.goto('/merchant/settings#gst');
      const section = page.locator('#gst');
      await section.locator('#gstin').waitFor();
      await poll(() => section.locator('#gstin').isEnabled()).toBe(true);
      if (width === 1280) {
        await section.locator('#gstin').fill('27AAPFU0939F1ZW');
        await section.getByTestId('save-gstin').click();
        await poll(() => section.innerText()).toContain('The check character (last) does not match');
        await section.locator('#gstin').fill('29AAGCB7383J1Z4');
        await section.getByTestId('save-gstin').click();
        await poll(() => section.innerText()).toContain(
          'This GSTIN is registered in Karnataka (29), but your salon is in Maharashtra (27)',
        );
        await section.locator('#gstin').fill('27aapfu0939f1zv');
        await section.getByTestId('save-gstin').click();
        await poll(() => section.innerText()).toContain('GSTIN saved. Your next invoices will show it.');
      }
      await poll(() => section.locator('#gstin').inputValue()).toBe('27AAPFU0939F1ZV');
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: (await shot(page, width === 1280 ? 'merchant-settings-gst' : 'merchant-settings-gst-390')).replace(/\.png$/, '-view.png'),
      });
      await page.goto('/merchant/subscription');
      await poll(() => page.getByTestId('salon-gstin').innerText()).toBe('27AAPFU0939F1ZV');
      if (width === 390) {
        await page.getByTestId('gst-details').scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await page.screenshot({ path: (await shot(page, 'merchant-subscription-390')).replace(/\.png$/, '-view.png') });
      }
      await context.close();
    }
  });
});

describe('cancelling an invoice', () => {
  it('an admin cancels a salon’s invoice with a reason; the credit note and its refund show to the admin and to the salon', async () => {
    const admin = await newPage(browser, { width: 1280 });
    try {
      await signIn(admin.page, 'admin@demo.in');
      await poll(() => new URL(admin.page.url()).pathname).toMatch(/^\/admin/);
      await admin.page.goto('/admin/payments');
      const row = admin.page.getByTestId('admin-invoice-row').filter({ hasText: 'The Mane Room' }).first();
      await row.waitFor();
      const number = (await row.getAttribute('data-invoice-number'))!;
      const revenueBefore = await admin.page.getByTestId('plan-revenue-value').innerText();

      await row.getByTestId('cancel-invoice').click();
      const dialog = admin.page.getByTestId('admin-reason');
      await poll(() => dialog.innerText()).toContain(`Cancel invoice ${number}?`);
      expect(await dialog.innerText()).toContain('The salon’s plan is not changed');
      // A reason is required before anything is sent.
      await dialog.getByTestId('admin-reason-submit').click();
      await poll(() => dialog.innerText()).toContain('at least 3 characters');
      await admin.page.locator('#admin-reason-text').fill('Charged twice by mistake');
      await dialog.getByTestId('admin-reason-submit').click();
      await poll(() => dialog.isVisible()).toBe(false);

      const cancelled = admin.page.locator(`[data-testid="admin-invoice-row"][data-invoice-number="${number}"]`);
      await poll(() => cancelled.getByTestId('invoice-cancelled').innerText()).toMatch(/cancelled[\s\S]*CN\/\d{2}-\d{2}\/\d{6}/);
      expect(await cancelled.getByTestId('cancel-invoice').count()).toBe(0);
      // The job runner refunds it through the test gateway; the page says so once the server knows.
      await poll(async () => {
        await admin.page.reload();
        return cancelled.getByTestId('invoice-refund').innerText();
      }).toMatch(/^Refunded \(test_rfnd_[0-9a-f]{16}\)$/);
      expect(await admin.page.getByTestId('plan-revenue-value').innerText()).not.toBe(revenueBefore);
      await top(admin.page, 'admin-invoice-cancelled-1280');
    } finally {
      await admin.context.close();
    }

    const owner = await newPage(browser, { width: 390 });
    try {
      await signIn(owner.page, 'karan.malhotra@demo.in', 'Demo@1234', true);
      await poll(() => new URL(owner.page.url()).pathname).toMatch(/^\/merchant/);
      await owner.page.goto('/merchant/subscription');
      const note = owner.page.getByTestId('credit-note-row').filter({ hasText: 'Cancelled invoice' });
      await poll(() => note.innerText()).toMatch(/Refunded \(test_rfnd_[0-9a-f]{16}\)/);
      await note.scrollIntoViewIfNeeded();
      await shot(owner.page, 'merchant-credit-note-refunded-390');
    } finally {
      await owner.context.close();
    }
  });
});
