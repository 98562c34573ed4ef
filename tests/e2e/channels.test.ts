import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, SHOTS_DIR, shot, signIn } from './browser';

/*
 * The salon's own channels in Chromium (issue 40, docs/channels.md): booking through the link
 * /s/{slug} on a phone, the website widget from another origin (its overlay, keyboard and framing
 * rules), and Settings → Online booking.
 */

const PASSWORD = 'Demo@1234';
const SLUG = 'glow-grace-salon';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T>(p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Clicks dates from `fromIndex` on until one offers a free time; returns that time. */
async function pickFirstFreeSlot(page: Page, fromIndex: number): Promise<string> {
  const dates = page.locator('[data-testid^="booking-date-"]:not([data-testid="booking-date-input"])');
  const count = await dates.count();
  for (let i = fromIndex; i < count; i++) {
    const date = dates.nth(i);
    if (await date.isDisabled()) continue;
    await date.click();
    const slot = page.getByTestId('booking-slot').first();
    const none = page.getByTestId('booking-no-slots');
    await poll(async () => (await slot.isVisible()) || (await none.isVisible())).toBe(true);
    if (await slot.isVisible()) {
      const time = (await slot.getAttribute('data-time'))!;
      await slot.click();
      return time;
    }
  }
  throw new Error('no free slot in the next two weeks');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("the salon's own link", () => {
  it('shows the salon in the HTML and books through it on a 390 px phone, sending the link token', async () => {
    const html = await (await fetch(`${baseUrl()}/s/${SLUG}`)).text();
    expect(html).toContain('data-testid="link-first-screen"');
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/s\/glow-grace-salon\/og\.png"/);

    const email = `linker.${Date.now()}@example.com`;
    await api('users/registerUser', { firstName: 'Lina', lastName: 'Linker', email, password: PASSWORD });
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const sent: Record<string, unknown>[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && /users\.createBooking/.test(req.url())) sent.push(req.postDataJSON() as Record<string, unknown>);
    });
    try {
      await page.goto(`/s/${SLUG}`);
      await page.getByRole('heading', { level: 1, name: /Glow/ }).waitFor();
      await shot(page, 'salon-link-390');
      await page.locator('[data-testid="book-now-mobile"]:visible, [data-testid="book-now"]:visible').first().click();
      await poll(() => page.url()).toContain('/booking/select');
      await page.getByTestId('service-option').first().click();
      await page.getByTestId('professional-option').first().waitFor();
      await page.locator('[data-testid="professional-option"][data-professional-id="any"]').click();
      await pickFirstFreeSlot(page, 3);
      await page.getByTestId('continue-to-review').click();
      await poll(() => page.url()).toContain('/login?redirect=');
      await page.locator('#login-email').fill(email);
      await page.locator('#login-password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await poll(() => page.url()).toContain('/booking/review');
      await page.getByTestId('confirm-booking').click();
      await poll(() => page.url()).toContain('/booking/confirmation?bookingId=');
      await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor();
      // The tRPC batch body: the one mutation's input carries the token the link page was given.
      const input = JSON.stringify(sent);
      expect(input).toMatch(/"channelToken":"[^"]+"/);
    } catch (err) {
      await shot(page, 'salon-link-failure');
      throw err;
    } finally {
      await context.close();
    }
  });

  it('redirects a link name nobody has to a friendly not-found screen', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      const res = await page.goto('/s/no-such-salon-here');
      expect(res?.status()).toBe(404);
      await page.getByText('This booking link does not lead to a salon').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the website widget', () => {
  let host: http.Server;
  let hostUrl: string;
  beforeAll(async () => {
    const page = fs
      .readFileSync(path.join(import.meta.dirname, 'fixtures/widget-host.html'), 'utf8')
      .replaceAll('{{GLOWBOOK}}', baseUrl())
      .replaceAll('{{SLUG}}', SLUG);
    // Another origin: another port on another host name.
    host = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://localhost:${(host.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => host.close(() => resolve()));
  });

  for (const width of [390, 1280]) {
    it(`opens the booking page in an overlay from another origin at ${width} px: Escape closes it, focus stays in and comes back`, async () => {
      const { context, page } = await newPage(browser, { width, baseURL: hostUrl });
      try {
        await page.goto(hostUrl);
        const button = page.getByRole('button', { name: 'Book now' });
        await button.click();
        const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
        await dialog.waitFor();
        const close = dialog.getByRole('button', { name: 'Close booking' });
        await poll(() => close.evaluate((el) => el === document.activeElement)).toBe(true);
        const frame = page.frameLocator('iframe[title="Book an appointment"]');
        // The embedded page is the booking flow alone, without the site's navigation.
        await frame.locator('[data-layout="embed"]').getByTestId('salon-name').waitFor();
        expect(await frame.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
        await shot(page, `widget-open-${width}`);

        // Tab from the close button goes into the booking page; Shift+Tab from it wraps to the page.
        await page.keyboard.press('Shift+Tab');
        await poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');

        // Escape inside the booking page closes the overlay (the page tells its host).
        await frame.locator('body').press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

        // Open again and close with the button, then with Escape on the host page.
        await button.press('Enter');
        await dialog.waitFor();
        await close.click();
        await dialog.waitFor({ state: 'detached' });
        await button.click();
        await dialog.waitFor();
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

        // The same page without ?embed=1 refuses to be framed here.
        // Chromium shows its error page in a frame whose page refused to be framed.
        const blocked = await (await page.locator('#not-embeddable').elementHandle())!.contentFrame();
        await poll(() => blocked?.url()).toMatch(/^chrome-error:/);
      } finally {
        await context.close();
      }
    });
  }
});

describe('Settings → Online booking', () => {
  it('shows the link, the widget tag with a copy button, the poster and the Reserve with Google choice', async () => {
    for (const width of [390, 1280]) {
      const { context, page } = await newPage(browser, { width });
      try {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await signIn(page, 'merchant@demo.in', PASSWORD, true);
        await poll(() => page.url()).toContain('/merchant');
        await page.goto('/merchant/settings#online-booking');
        const section = page.getByTestId('online-booking');
        await section.getByLabel('Your booking link').waitFor();
        await poll(() => section.getByLabel('Your booking link').inputValue()).toMatch(/\/s\/glow-grace-salon$/);
        expect(await section.getByLabel('Book now button for your website').inputValue()).toContain('data-salon="glow-grace-salon"');
        await section.getByTestId('widget-snippet-copy').click();
        await section.getByText('Copied.').waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/widget.js');
        expect(await section.getByTestId('poster-pdf').getAttribute('href')).toMatch(/\/s\/glow-grace-salon\/poster\.pdf$/);
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: path.join(SHOTS_DIR, `online-booking-${width}.png`) });
      } finally {
        await context.close();
      }
    }
  });
});
