import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const SHOTS_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * The newest e-mail the server sent to `to`, from its local mail drop (the offline e-mail transport),
 * once it matches: an earlier e-mail is still the newest while a retried one is on its way.
 */
export async function latestMailTo(to: string, timeoutMs = 10_000, matching: RegExp = /./): Promise<string> {
  const dir = path.join(inject('dataDir'), 'mail');
  const until = Date.now() + timeoutMs;
  const needle = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  while (Date.now() < until) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.includes(needle))
          .sort()
      : [];
    const latest = files.length ? fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8') : null;
    if (latest && matching.test(latest)) return latest;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} matching ${matching} within ${timeoutMs} ms`);
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
  });
}

export async function newPage(
  browser: Browser,
  opts: {
    width?: number;
    height?: number;
    offerPush?: boolean /** Another way to the server (a proxy the test can cut). */;
    baseURL?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: opts.baseURL ?? baseUrl(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    timezoneId: 'Asia/Kolkata',
    locale: 'en-IN',
  });
  const page = await context.newPage();
  // The splash screen shows on a first visit only; tests start as returning visitors.
  await page.addInitScript(() => window.localStorage.setItem('splashSeen', 'true'));
  // The push opt-in modal appears a few seconds after sign-in; tests that are not about it have declined it.
  if (!opts.offerPush) await page.addInitScript(() => window.localStorage.setItem('customNotificationPermission', 'denied'));
  return { context, page };
}

/** Saves a full-page screenshot under test-results/screenshots for a person to look at. */
export async function shot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Signs in through the real login form. */
export async function signIn(page: Page, email: string, password = 'Demo@1234', asMerchant = false): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  if (asMerchant) await page.getByTestId('switch-to-merchant').click();
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** The newest SMS or WhatsApp message the server sent to `to` (E.164), once it matches, from its offline message drop (DATA_DIR/messages). */
export async function latestMessageTo(to: string, timeoutMs = 10_000, matching: RegExp = /./): Promise<string> {
  const dir = path.join(inject('dataDir'), 'messages');
  const until = Date.now() + timeoutMs;
  const needle = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  while (Date.now() < until) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.includes(needle))
          .sort()
      : [];
    const latest = files.length ? fs.readFileSync(path.join(dir, files[files.length - 1]), 'utf8') : null;
    if (latest && matching.test(latest)) return latest;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no message to ${to} within ${timeoutMs} ms`);
}

/**
 * On the booking flow's first step: the first service, any professional, and the first free time
 * from the third date on (far enough ahead for a full-refund cancellation).
 */
export async function chooseServiceAndTime(page: Page, salonId: string): Promise<void> {
  await page.goto(`/salon/${salonId}/booking/select`);
  await page.getByTestId('service-option').first().click();
  await page.locator('[data-testid="professional-option"][data-professional-id="any"]').click();
  const dates = page.locator('[data-testid^="booking-date-"]:not([data-testid="booking-date-input"])');
  for (let i = 3; i < (await dates.count()); i++) {
    if (await dates.nth(i).isDisabled()) continue;
    await dates.nth(i).click();
    const slot = page.getByTestId('booking-slot').first();
    const none = page.getByTestId('booking-no-slots');
    await expect.poll(async () => (await slot.isVisible()) || (await none.isVisible()), { timeout: 15_000, interval: 100 }).toBe(true);
    if (await slot.isVisible()) {
      await slot.click();
      return;
    }
  }
  throw new Error('no free slot in the next two weeks');
}
