import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, launch, newPage, shot } from './browser';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in with a one-time code', () => {
  it('e-mails a code (read from the mail drop) and signs the customer in with it; Google explains it is off', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByTestId('google-signin').click();
    await poll(() => page.getByTestId('google-note').innerText()).toContain('not configured');
    await page.getByTestId('toggle-otp').click();
    await page.locator('#otp-email').fill('customer@demo.in');
    await page.getByTestId('otp-send').click();
    await page.getByTestId('otp-verify-form').waitFor();
    expect(await page.getByTestId('otp-resend').innerText()).toMatch(/Resend in \d+s/);
    await shot(page, 'login-otp');
    const mail = await latestMailTo('customer@demo.in');
    const code = /(\d{6}) is your GlowBook sign-in code/.exec(mail)![1];
    await page.locator('#otp-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('otp-verify').click();
    await poll(() => page.getByTestId('otp-code-error').innerText()).toContain('wrong or has expired');
    await page.locator('#otp-code').fill(code);
    await page.getByTestId('otp-verify').click();
    await poll(() => new URL(page.url()).pathname).not.toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('customer');
    await context.close();
  });
});
