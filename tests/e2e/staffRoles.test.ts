import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, launch, newPage, shot, signIn } from './browser';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

describe('staff roles and pay', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const email = `pro.${Date.now()}@demo.in`;

  it('the owner sets rates and invites a professional, who signs in and sees only their day and statement', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, 'merchant@demo.in', 'Demo@1234', true);
      await poll(() => page.url()).toMatch(/\/merchant\/?$/);
      await page.goto('/merchant/staff/access');
      const first = page
        .locator('[data-testid^="pay-"]')
        .filter({ has: page.getByTestId('pay-save') })
        .first();
      await first.getByTestId('pay-service-rate').fill('15');
      await first.getByTestId('pay-save').click();
      await poll(() => first.getByTestId('pay-service-rate').inputValue()).toBe('15');
      // The demo professional of the first staff row is stylist@demo.in: invite the second staff row.
      await page.getByTestId('invite-staff').selectOption({ index: 2 });
      await page.getByTestId('invite-email').fill(email);
      await page.getByTestId('invite-send').click();
      await poll(() => page.getByTestId('invite-sent').isVisible()).toBe(true);
      await shot(page, 'staff-access-1280');
    } finally {
      await context.close();
    }

    const mail = await latestMailTo(email, 15_000, /staff-invite/);
    const link = /\/staff-invite\/[A-Za-z0-9_-]+/.exec(mail.replace(/=\r?\n/g, ''))![0];
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, { width });
      try {
        if (width === 1280) {
          await page.goto(link);
          await page.getByTestId('invite-password').fill('Stylist@123');
          await page.getByTestId('invite-accept').click();
          await poll(() => page.url()).toMatch(/\/merchant\/login/);
        }
        await signIn(page, email, 'Stylist@123', true);
        await poll(() => page.url()).toMatch(/\/merchant\/my-day/);
        await poll(() => page.getByTestId('page-title').textContent()).toMatch(/My day/);
        await shot(page, `staff-my-day-${width}`);
        // Any other merchant page sends a professional back to their day.
        await page.goto('/merchant/settings');
        await poll(() => page.url()).toMatch(/\/merchant\/my-day/);
        await page.goto('/merchant/my-pay');
        await poll(() => page.getByTestId('pay-total-total-to-pay').isVisible()).toBe(true);
        await shot(page, `staff-my-pay-${width}`);
      } finally {
        await context.close();
      }
    }
  });
});
