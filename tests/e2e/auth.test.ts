import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, latestMailTo, launch, newPage, shot, signIn } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('sign-in shell', () => {
  it('registers a customer, lands on home signed in, and logs out', async () => {
    const { context, page } = await newPage(browser);
    const email = `e2e-${Date.now()}@example.in`;
    await page.goto('/register');
    await page.locator('#register-first-name').fill('Anika');
    await page.locator('#register-last-name').fill('Verma');
    await page.locator('#register-email').fill(email);
    await page.locator('#register-phone').fill('9812312345');
    await page.locator('#register-password').fill('weak');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByText(/at least 8 characters/i).count()).toBeGreaterThan(0);
    await page.locator('#register-password').fill('Glowing2026');
    await page.getByTestId('register-submit').click();
    // The account exists only once the code e-mailed to the address is entered.
    await page.getByTestId('register-otp-form').waitFor();
    expect(await page.getByTestId('register-otp-sent').innerText()).toContain(email);
    expect(await page.getByTestId('register-resend').innerText()).toMatch(/Resend in \d+s/);
    await shot(page, 'register-otp');
    const code = /(\d{6}) is your GlowBook verification code/.exec(await latestMailTo(email))![1];
    await page.locator('#register-otp').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('register-verify').click();
    await expect.poll(() => page.getByTestId('register-otp-error').innerText()).toContain('wrong or has expired');
    await page.locator('#register-otp').fill(code);
    await page.getByTestId('register-verify').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('avatar-menu-button').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('userType'), localStorage.getItem('user_email')])).toEqual(['customer', email]);
    await shot(page, 'auth-home-signed-in');

    await page.getByTestId('avatar-menu-button').click();
    await page.getByTestId('logout-button').click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page
      .getByRole('link', { name: /login \/ register/i })
      .first()
      .waitFor();

    // The same account resets its password; the confirmation box is checked before anything is sent.
    await page.goto('/forgot-password');
    await page.locator('#forgot-email').fill(email);
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('forgot-code-form').waitFor();
    let resetCode: string | undefined;
    await expect
      .poll(async () => (resetCode = /reset code is (\d{6})/.exec(await latestMailTo(email))?.[1]), { timeout: 15_000 })
      .toBeDefined();
    await page.locator('#forgot-otp').fill(resetCode!);
    await page.getByTestId('verify-otp-submit').click();
    await page.locator('#reset-password').fill('Shining2027');
    await page.locator('#reset-password-confirm').fill('Shining2028');
    await page.getByTestId('reset-password-submit').click();
    expect(await page.getByTestId('reset-password-confirm-error').innerText()).toBe('The two new passwords do not match.');
    await shot(page, 'auth-reset-password-mismatch');
    await page.locator('#reset-password-confirm').fill('Shining2027');
    await page.getByTestId('reset-password-submit').click();
    await page.getByTestId('reset-done').waitFor();
    await signIn(page, email, 'Shining2027');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('shows the business form’s mistakes under their fields, from the shared schema, before sending', async () => {
    const { context, page } = await newPage(browser);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('registerMerchants')) sent.push(request.url());
    });
    await page.goto('/register?tab=business');
    await page.locator('#business-shop-name').fill('Glow Studio');
    await page.locator('#business-phone').fill('12345');
    await page.getByTestId('register-business-submit').click();
    expect(await page.getByTestId('business-phone-error').innerText()).toBe('Enter a valid 10-digit mobile number.');
    expect(await page.locator('#business-shop-type-error').innerText()).toBe('Choose at least one shop type.');
    expect(await page.getByTestId('business-shop-name-error').count()).toBe(0);
    await shot(page, 'auth-register-business-errors');
    expect(sent).toEqual([]);
    await context.close();
  });

  it('sends a guest from a protected page to login and back after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/bookings');
    const at = () => {
      const u = new URL(page.url());
      return u.searchParams.has('redirect') ? `${u.pathname}?redirect=${u.searchParams.get('redirect')}` : u.pathname;
    };
    await expect
      .poll(at, { message: 'a guest on /bookings is sent to /login?redirect=/bookings', timeout: 20_000 })
      .toBe('/login?redirect=/bookings');
    await signIn(page, 'customer@demo.in');
    await expect.poll(at, { message: 'after signing in the guest is back on /bookings', timeout: 20_000 }).toBe('/bookings');
    await context.close();
  });

  it('shows the same message for a wrong password, and a merchant lands on the merchant dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'merchant@demo.in', 'WrongPass1', true);
    await expect
      .poll(() => page.getByText('Invalid email or password').count(), {
        message: 'a wrong password shows "Invalid email or password"',
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    await page.locator('#login-password').fill('Demo@1234');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => new URL(page.url()).pathname, { message: 'a merchant signing in lands on /merchant', timeout: 20_000 })
      .toBe('/merchant');
    await page.goto('/admin');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('logs out on any 401: a forged token sends the user to /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('token', 'forged.token.value');
      localStorage.setItem('userType', 'customer');
      localStorage.setItem('userRole', 'customer');
      localStorage.setItem('user_id', '00000000-0000-4000-8000-000000000000');
    });
    await page.goto('/bookings');
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('serves /api/health, the OpenAPI document and a not-found page', async () => {
    const health = await fetch(`${baseUrl()}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const doc = (await (await fetch(`${baseUrl()}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/users/loginUser/emailLogin');
    const { context, page } = await newPage(browser, { width: 375 });
    await page.goto('/no-such-page');
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    await shot(page, 'auth-not-found-mobile');
    await context.close();
  });
});
