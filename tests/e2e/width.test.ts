import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReference } from '../../src/shared/bookingReference';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/*
 * Issue 43, what a new customer tripped on, in a real browser:
 *  1. no page of the booking flow, the customer area or the merchant dashboard is wider than the
 *     viewport at 320 and 390 px (the date strip's hidden year labels made the booking page 1,006 px);
 *  2. the push offer covers no action (Confirm on "Review your booking", the merchant's calendar) and
 *     speaks to the role;
 *  3. one booking reference on the confirmation and in the list;
 *  7. "Skip to content" moves focus into the page.
 * Screenshots of the pages touched at 320, 390 and 1280 px land in test-results/screenshots/width-*.
 */

const PASSWORD = 'Demo@1234';
const WIDTHS = [320, 390] as const;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/** Merchant pages holding tables or table-like lists (issue 43 item 11). */
const TABLE_PAGES = new Set([
  '/merchant/customers',
  '/merchant/marketing',
  '/merchant/staff',
  '/merchant/services',
  '/merchant/reviews',
  '/merchant/commission',
  '/merchant/subscription',
  '/merchant/coupons',
]);

let browser: Browser;
let salonId: string;

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  browser = await launch();
  // The demo merchant's salon: a merchant account's id is its salon id.
  const merchant = await api<{ user: { _id: string } }>('merchants/loginMerchant/EmailLogin', {
    email: 'merchant@demo.in',
    password: PASSWORD,
  });
  salonId = merchant.user._id;
});

afterAll(async () => {
  await browser?.close();
});

async function settle(page: Page) {
  await page.locator('#main').waitFor({ timeout: 15_000 });
  await page.waitForLoadState('load');
  await page
    .locator('[role="status"][aria-label^="Loading"], .animate-pulse, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** How far the page reaches past the viewport's right edge, and its widest elements (for the failure message). */
async function overflow(page: Page): Promise<{ by: number; widest: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const by = document.documentElement.scrollWidth - width;
    const widest: { right: number; what: string }[] = [];
    if (by > 0) {
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > width + 0.5 && r.width > 0) {
          const id = el.getAttribute('data-testid') ?? el.id ?? '';
          widest.push({
            right: r.right,
            what: `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}.${String(el.className).slice(0, 60)} right=${Math.round(r.right)}`,
          });
        }
      }
    }
    return { by, widest: widest.sort((a, b) => b.right - a.right).map((w) => w.what) };
  });
}

/** At each phone width: the page as it stands fits the viewport (soft: every page is reported). */
async function fitsAtPhoneWidths(page: Page, name: string, opts: { shots?: boolean } = {}) {
  const path = new URL(page.url()).pathname;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await page.waitForTimeout(150);
    const o = await overflow(page);
    if (opts.shots) await shot(page, `width-${name}-${width}`);
    expect
      .soft(o.by, `${name} (${path}) at ${width} px is ${o.by} px wider than the viewport; widest:\n${o.widest.slice(0, 8).join('\n')}`)
      .toBeLessThanOrEqual(0);
    expect.soft(await wideTablesInRegions(page), `${name} (${path}) at ${width} px`).toEqual([]);
  }
}

/**
 * Tables wider than the viewport (issue 43 item 11): each scrolls inside its own box that a keyboard
 * can reach and a screen reader names (`role="region"`, `tabindex="0"`, `aria-label`). Returns what
 * is wrong, one line a table.
 */
async function wideTablesInRegions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const table of Array.from(document.querySelectorAll<HTMLTableElement>('#main table'))) {
      const r = table.getBoundingClientRect();
      if (r.width === 0 || r.right <= window.innerWidth + 0.5) continue;
      const name = table.getAttribute('data-testid') ?? table.caption?.textContent ?? 'table';
      let box = table.parentElement;
      while (box && getComputedStyle(box).overflowX !== 'auto' && getComputedStyle(box).overflowX !== 'scroll') box = box.parentElement;
      if (!box) problems.push(`${name}: ${Math.round(r.width)} px wide with no scroll box`);
      else if (box.getAttribute('role') !== 'region' || box.getAttribute('tabindex') !== '0' || !box.getAttribute('aria-label'))
        problems.push(`${name}: its scroll box lacks role="region", tabindex="0" or aria-label`);
    }
    return problems;
  });
}

async function visit(page: Page, path: string, name: string, opts: { shots?: boolean } = {}) {
  await page.setViewportSize({ width: 390, height: 740 });
  await page.goto(path);
  await settle(page);
  await fitsAtPhoneWidths(page, name, opts);
}

/** The element at the centre of `selector`'s box is it (or inside it): nothing covers it. */
const uncovered = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return `no ${s}`;
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top && (top === el || el.contains(top))
      ? 'uncovered'
      : `covered by ${top?.tagName.toLowerCase()}#${top?.getAttribute('data-testid') ?? top?.id ?? ''}`;
  }, selector);

/** Clicks dates from the first on until one offers a free time; returns that time. */
async function pickFirstFreeSlot(page: Page): Promise<string> {
  const dates = page.locator('[data-testid^="booking-date-"]:not([data-testid="booking-date-input"])');
  const count = await dates.count();
  for (let i = 1; i < count; i++) {
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

describe('a new customer on a phone', { timeout: 300_000 }, () => {
  it('books through pages that fit 320 and 390 px, with no push offer over Confirm and one booking reference', async () => {
    const email = `width.${Date.now()}@example.com`;
    await api('users/registerUser', { firstName: 'Nisha', lastName: 'Narrow', email, password: PASSWORD });
    // Offered push: the old offer opened as a modal 4 s after sign-in, over whatever page was open.
    const { context, page } = await newPage(browser, { width: 390, height: 740, offerPush: true });
    try {
      await signIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));

      // The booking page, with a service, "Any professional" and a time chosen (the date strip and the times shown).
      await page.goto(`/salon/${salonId}/booking/select`);
      await settle(page);
      await page.getByTestId('service-option').first().click();
      await page.locator('[data-testid="professional-option"][data-professional-id="any"]').click();
      await pickFirstFreeSlot(page);
      await fitsAtPhoneWidths(page, 'booking-select', { shots: true });
      // The fixed Continue bar ends on screen.
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 740 });
        const bar = (await page.getByTestId('continue-to-review-bar').boundingBox())!;
        expect(bar.x + bar.width, `Continue at ${width} px`).toBeLessThanOrEqual(width);
      }
      await page.setViewportSize({ width: 1280, height: 860 });
      await shot(page, 'width-booking-select-1280');
      await page.setViewportSize({ width: 390, height: 740 });

      await page.getByTestId('continue-to-review-bar').click();
      await page.waitForURL(/\/booking\/review/);
      await settle(page);
      // Past the old offer's 4 s delay: Confirm is still what a tap at its centre reaches.
      await page.waitForTimeout(5_000);
      expect(await page.locator('[role="dialog"]').count()).toBe(0);
      await poll(() => uncovered(page, '[data-testid="confirm-booking"]')).toBe('uncovered');
      await fitsAtPhoneWidths(page, 'booking-review', { shots: true });
      await page.setViewportSize({ width: 390, height: 740 });
      await page.getByTestId('confirm-booking').click();

      await page.waitForURL(/\/booking\/confirmation\?bookingId=/);
      const bookingId = new URL(page.url()).searchParams.get('bookingId')!;
      await page.getByTestId('booking-reference').waitFor();
      const reference = bookingReference(bookingId);
      expect(reference).toMatch(/^#[0-9A-F]{8}$/);
      expect(await page.getByTestId('booking-reference').textContent()).toBe(reference);
      // After the booking, below it, in the flow: the offer of reminders, in a customer's words.
      const offer = page.getByTestId('push-opt-in');
      // Signing in and the panel's first queries can take a loaded CI box past Playwright's 30 s default.
      await offer.waitFor({ timeout: 60_000 });
      expect(await offer.getAttribute('data-audience')).toBe('customer');
      expect(await offer.evaluate((el) => el.closest('[role="dialog"]') === null)).toBe(true);
      await settle(page);
      await fitsAtPhoneWidths(page, 'booking-confirmation', { shots: true });
      await page.setViewportSize({ width: 1280, height: 860 });
      await shot(page, 'width-booking-confirmation-1280');

      // The list shows the same reference.
      await visit(page, '/bookings', 'bookings', { shots: true });
      const card = page.locator(`[data-testid="booking-card"][data-booking-id="${bookingId}"]`);
      await card.waitFor();
      expect(await card.textContent()).toContain(reference);
      await page.setViewportSize({ width: 1280, height: 860 });
      await shot(page, 'width-bookings-1280');

      // The rest of the customer area.
      for (const [path, name] of [
        ['/profile', 'profile'],
        ['/profile/settings', 'profile-settings'],
        ['/wallet', 'wallet'],
        ['/gift-cards', 'gift-cards'],
        ['/loyalty', 'loyalty'],
        ['/rewards', 'rewards'],
        ['/notifications', 'notifications'],
        ['/support', 'support'],
        [`/salon/${salonId}`, 'salon'],
      ] as const) {
        await visit(page, path, name, { shots: name === 'gift-cards' });
      }
      await page.setViewportSize({ width: 1280, height: 860 });
      await page.goto('/gift-cards');
      await settle(page);
      await shot(page, 'width-gift-cards-1280');
    } catch (err) {
      await shot(page, 'width-customer-failure');
      throw err;
    } finally {
      await context.close();
    }
  });
});

describe('a salon owner on a phone', { timeout: 300_000 }, () => {
  it('sees the push offer above the calendar, in a salon’s words, and every dashboard page fits 320 and 390 px', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 740, offerPush: true });
    try {
      await signIn(page, 'merchant@demo.in', PASSWORD, true);
      await page.waitForURL((u) => u.pathname.startsWith('/merchant') && !u.pathname.includes('login'));
      await page.goto('/merchant/appointments');
      await settle(page);
      const offer = page.getByTestId('push-opt-in');
      // Signing in and the panel's first queries can take a loaded CI box past Playwright's 30 s default.
      await offer.waitFor({ timeout: 60_000 });
      expect(await offer.getAttribute('data-audience')).toBe('merchant');
      const text = await offer.textContent();
      expect(text).toMatch(/new bookings/i);
      expect(text).not.toMatch(/appointment/i);
      expect(await page.locator('[role="dialog"]').count()).toBe(0);
      // It sits in the flow above the screen: nothing of the page lies under it.
      await page.setViewportSize({ width: 1280, height: 860 });
      const box = (await offer.boundingBox())!;
      const below = (await page.locator('#main h1').first().boundingBox())!;
      expect(below.y).toBeGreaterThanOrEqual(box.y + box.height);
      await shot(page, 'width-merchant-appointments-1280');
      await page.setViewportSize({ width: 390, height: 740 });
      await shot(page, 'width-merchant-appointments-390');

      for (const path of [
        '/merchant',
        '/merchant/appointments',
        '/merchant/customers',
        '/merchant/marketing',
        '/merchant/staff',
        '/merchant/services',
        '/merchant/reviews',
        '/merchant/settings',
        '/merchant/commission',
        '/merchant/subscription',
        '/merchant/help',
        '/merchant/help/getting-started',
        '/merchant/shop/images',
        '/merchant/coupons',
      ]) {
        const name = `merchant${path.slice('/merchant'.length).replace(/\//g, '-') || '-dashboard'}`;
        // The pages with tables (item 11) are photographed at 320, 390 and 1280 px.
        const shots = TABLE_PAGES.has(path);
        await visit(page, path, name, { shots });
        if (shots) {
          await page.setViewportSize({ width: 1280, height: 860 });
          await shot(page, `width-${name}-1280`);
        }
      }
    } finally {
      await context.close();
    }
  });
});

describe('keyboard', { timeout: 120_000 }, () => {
  it('"Skip to content" is the first tab stop and moves focus into the page', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 740 });
    try {
      await page.goto(`/salon/${salonId}/booking/select`);
      await settle(page);
      await page.keyboard.press('Tab');
      const skip = page.getByTestId('skip-link');
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await skip.textContent()).toBe('Skip to content');
      const box = (await skip.boundingBox())!;
      expect(box.width).toBeGreaterThan(50);
      await shot(page, 'width-skip-link-390');
      await page.keyboard.press('Enter');
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      // The next Tab goes on from the page's content, not the header.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.getElementById('main')?.contains(document.activeElement))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
