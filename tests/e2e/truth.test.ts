import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/* Issue 30 items 1-16: screens that tell the truth, merchant pages that can be found, rough edges. */

const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, interval: 100, message });

async function api<T>(pathname: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function kolkataDate(daysAhead: number): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

interface Booking {
  _id: string;
  qrCodeImage: string | null;
}
interface Salon {
  _id: string;
  shop_Name: string;
  services: { _id: string; name: string; price: number; finalPrice: number }[];
}

async function demoSalon(): Promise<Salon> {
  const merchant = await api<{ user: { _id: string } }>('merchants/loginMerchant/EmailLogin', {
    email: 'merchant@demo.in',
    password: PASSWORD,
  });
  return (await api<{ merchant: Salon }>(`merchants/getMerchantById/${merchant.user._id}`)).merchant;
}

/** A fresh customer books the demo salon's cheapest service at the last free time of a day from `fromDay` on. */
async function bookDemoSalon(fromDay = 2): Promise<{ booking: Booking; salon: Salon; email: string; token: string }> {
  const salon = await demoSalon();
  const email = `truth.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const customer = await api<{ token: string }>('users/registerUser', { firstName: 'Sachi', lastName: 'Truth', email, password: PASSWORD });
  const service = [...salon.services].sort((a, b) => a.finalPrice - b.finalPrice)[0];
  for (let day = fromDay; day <= fromDay + 14; day++) {
    const date = kolkataDate(day);
    const slots = await api<{ data: { slots: { time: string }[] } }>('users/getAvailableSlots', {
      merchantId: salon._id,
      date,
      serviceIds: [service._id],
    });
    const slot = slots.data.slots.at(-1);
    if (!slot) continue;
    const created = await api<{ data: { booking: Booking } }>(
      'users/createBooking',
      { merchantId: salon._id, serviceIds: [service._id], bookingDate: date, bookingTime: slot.time },
      customer.token,
    );
    return { booking: created.data.booking, salon, email, token: customer.token };
  }
  throw new Error('the demo salon has no free slot in two weeks');
}

/**
 * A demo customer's completed visit to the demo salon that they have not reviewed (the demo data
 * leaves some), and that customer's sign-in. Not the demo's main customer, whose pages other tests read.
 */
async function unreviewedPastVisit(): Promise<{ booking: Booking; salon: Salon; email: string; token: string }> {
  const salon = await demoSalon();
  const desk = await api<{ token: string }>('merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: PASSWORD });
  const { bookings } = await api<{ bookings: (Booking & { reviewed: boolean; bookingDate: string; userDetails: { email: string } })[] }>(
    'merchants/getAllBookings',
    { status: 'completed' },
    desk.token,
  );
  const visit = bookings.find(
    (b) =>
      !b.reviewed &&
      b.bookingDate < kolkataDate(0) &&
      b.userDetails.email.endsWith('@demo.in') &&
      b.userDetails.email !== 'customer@demo.in',
  );
  if (!visit) throw new Error('the demo salon has no unreviewed past visit of a demo customer');
  const email = visit.userDetails.email;
  const { token } = await api<{ token: string }>('users/loginUser/emailLogin', { email, password: PASSWORD });
  return { booking: visit, salon, email, token };
}

/** Both widths of a page, for a person to look at. */
async function shots(
  browser: Browser,
  name: string,
  visit: (page: Page) => Promise<void>,
  opts: { signInAs?: { email: string; merchant?: boolean } } = {},
) {
  for (const width of [1280, 390]) {
    const { context, page } = await newPage(browser, { width, height: width === 390 ? 844 : 860 });
    try {
      if (opts.signInAs) {
        await signIn(page, opts.signInAs.email, PASSWORD, opts.signInAs.merchant);
        await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      }
      await visit(page);
      await shot(page, `truth-${name}-${width}`);
    } finally {
      await context.close();
    }
  }
}

describe('issue 30: truthful screens', () => {
  let browser: Browser;
  let tmp: string;
  beforeAll(async () => {
    browser = await launch();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-truth-'));
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('item 1, 15: a live booking shows its QR and payment; a cancelled one says so, shows no QR, and the desk refuses its old QR', async () => {
    const { booking, salon, email, token } = await bookDemoSalon();
    const href = `/salon/${salon._id}/booking/confirmation?bookingId=${booking._id}`;
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.goto(href);
      await poll(() => page.getByTestId('page-title').innerText()).toBe('Booking Confirmed');
      await page.getByTestId('booking-qr').waitFor();
      expect(await page.getByTestId('confirmation-payment').innerText()).toMatch(/^Pay at the salon: ₹[\d,.]+ due on your visit$/);
      // Item 15: the booking's own page highlights Bookings, not Salons.
      expect(await page.getByTestId('nav-bookings').getAttribute('aria-current')).toBe('page');
      expect(await page.getByTestId('nav-salons').getAttribute('aria-current')).toBeNull();

      await api('users/cancelBooking', { bookingId: booking._id, reason: 'Plans changed' }, token);
      await page.reload();
      await poll(() => page.getByTestId('page-title').innerText()).toBe('Booking Cancelled');
      expect(await page.getByTestId('confirmation-status-note').innerText()).toMatch(
        /^You cancelled this booking on .+\. Reason: Plans changed\. There is nothing to show at the salon\.$/,
      );
      expect(await page.getByTestId('booking-qr').count()).toBe(0);
      expect(await page.getByText('Show this QR code').count()).toBe(0);
      expect(await page.getByTestId('confirmation-payment').innerText()).toBe('Pay at salon: nothing was charged');

      // A bad id: no "Booking Confirmed" above the error.
      await page.goto(`/salon/${salon._id}/booking/confirmation?bookingId=00000000-0000-4000-8000-000000000000`);
      await page.getByTestId('confirmation-error').waitFor();
      expect(await page.getByTestId('page-title').innerText()).toBe('Booking not available');
    } finally {
      await context.close();
    }
    await shots(
      browser,
      'booking-cancelled',
      async (page) => {
        await page.goto(href);
        await poll(() => page.getByTestId('page-title').innerText()).toBe('Booking Cancelled');
      },
      { signInAs: { email } },
    );

    // The desk scans the QR the customer saved before cancelling: refused, with the reason.
    const qrFile = path.join(tmp, 'cancelled-qr.png');
    fs.writeFileSync(qrFile, Buffer.from(booking.qrCodeImage!.replace(/^data:image\/png;base64,/, ''), 'base64'));
    const desk = await newPage(browser, { width: 1280 });
    try {
      await signIn(desk.page, 'merchant@demo.in', PASSWORD, true);
      await desk.page.waitForURL((u) => u.pathname.startsWith('/merchant'));
      await desk.page.goto('/merchant/appointments');
      await desk.page.getByTestId('open-scan').click();
      const scan = desk.page.getByTestId('qr-scan-modal');
      await scan.getByRole('tab', { name: 'Upload Image' }).click();
      await scan.getByTestId('qr-upload-input').setInputFiles(qrFile);
      await poll(() => scan.innerText()).toContain('This booking was cancelled by the customer (Plans changed): it cannot be checked in');
      expect(await desk.page.getByTestId('confirm-booking-modal').count()).toBe(0);
      await shot(desk.page, 'truth-desk-cancelled-qr-1280');
    } finally {
      await desk.context.close();
    }
  });

  it('items 2, 11: result cards price services as paid, list the searched one first, and Book preselects it', async () => {
    const salon = await demoSalon();
    const offer = salon.services.find((s) => s.finalPrice < s.price)!;
    expect(offer).toBeDefined();
    const visit = async (page: Page) => {
      await page.goto(`/salons?service=${encodeURIComponent(offer.name)}`);
      await page.getByTestId('salon-result').first().waitFor();
    };
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await visit(page);
      const card = page.getByTestId('salon-result').filter({ hasText: salon.shop_Name });
      const first = card.getByTestId('card-service').first();
      expect(await first.getAttribute('data-matched')).toBe('true');
      const price = await first.getByTestId('card-service-price').innerText();
      const rupees = (n: number) =>
        `₹${n.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;
      expect(price.replace(/\s+/g, ' ')).toMatch(
        new RegExp(`${rupees(offer.price).replace('.', '\\.')}.*${rupees(offer.finalPrice).replace('.', '\\.')}$`),
      );
      expect(await first.locator('s').innerText()).toBe(rupees(offer.price));
      // Item 11: Book is inside its card, not clipped.
      const book = card.getByTestId('card-book');
      const [b, c] = [await book.boundingBox(), await card.boundingBox()];
      expect(b!.x + b!.width).toBeLessThanOrEqual(c!.x + c!.width);
      // The booking page never draws the link's service unchosen, not even for one frame: every
      // state of its option the page ever has is recorded from before the click.
      await page.evaluate((id) => {
        const seen: string[] = [];
        (window as unknown as { optionStates: string[] }).optionStates = seen;
        new MutationObserver(() => {
          const option = document.querySelector(`[data-testid="service-option"][data-service-id="${id}"]`);
          const state = option?.getAttribute('aria-checked');
          if (state && seen[seen.length - 1] !== state) seen.push(state);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-checked'] });
      }, offer._id);
      await book.click();
      await page.waitForURL(new RegExp(`/salon/${salon._id}/booking/select\\?service=${offer._id}`));
      await poll(() => page.locator(`[data-testid="service-option"][data-service-id="${offer._id}"]`).getAttribute('aria-checked')).toBe(
        'true',
      );
      expect(await page.evaluate(() => (window as unknown as { optionStates: string[] }).optionStates)).toEqual(['true']);
    } finally {
      await context.close();
    }
    await shots(browser, 'search-results', visit);
  });

  it('item 7: every merchant screen is reachable from the desktop navigation; checklist items link to their fix', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, 'merchant@demo.in', PASSWORD, true);
      await page.waitForURL((u) => u.pathname.startsWith('/merchant'));
      const screens: [string, string][] = [
        ['nav-salon-profile', '/merchant/settings'],
        ['nav-services', '/merchant/services'],
        ['nav-staff', '/merchant/staff'],
        ['nav-shop-images', '/merchant/shop/images'],
        ['nav-coupons', '/merchant/coupons'],
        ['nav-reviews', '/merchant/reviews'],
      ];
      for (const [testId, to] of screens) {
        await page.getByTestId('nav-my-salon').click();
        await page.getByTestId(testId).click();
        await page.waitForURL((u) => u.pathname === to);
        expect(await page.getByTestId('nav-my-salon').getAttribute('data-active')).toBe('true');
      }
      for (const [testId, to] of [
        ['nav-customers', '/merchant/customers'],
        ['nav-marketing', '/merchant/marketing'],
        ['nav-appointments', '/merchant/appointments'],
      ]) {
        await page.getByTestId(testId).click();
        await page.waitForURL((u) => u.pathname === to);
      }
      await page.getByTestId('nav-my-salon').click();
      await page.getByTestId('nav-my-salon-list').waitFor();
      await shot(page, 'truth-merchant-nav-1280');
      await page.keyboard.press('Escape');
      // Just above the switch to the phone layout the header still fits: My salon and the account menu are on screen.
      await page.setViewportSize({ width: 800, height: 860 });
      for (const id of ['nav-my-salon', 'avatar-menu-button']) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box!.x + box!.width, id).toBeLessThanOrEqual(800);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
      await shot(page, 'truth-merchant-nav-800');
      await page.setViewportSize({ width: 1280, height: 860 });

      // The checklist: each item is a link to where it is fixed.
      await page.goto('/merchant/settings');
      const staffFix = page.getByTestId('checklist-fix-staff');
      expect(await staffFix.getAttribute('href')).toBe('/merchant/staff');
      expect(await page.getByTestId('checklist-fix-coverImage').getAttribute('href')).toBe('/merchant/shop/images');
      await page.getByTestId('checklist-fix-phone').click();
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('settings-phone');
      await page.goto('/merchant/help/getting-started');
      await page.getByTestId('getting-started-links-staff-management').getByRole('link', { name: /Staff/ }).click();
      await page.waitForURL((u) => u.pathname === '/merchant/staff');
    } finally {
      await context.close();
    }
    await shots(
      browser,
      'merchant-settings-checklist',
      async (page) => {
        await page.goto('/merchant/settings');
        await page.getByTestId('checklist-fix-staff').waitFor();
      },
      { signInAs: { email: 'merchant@demo.in', merchant: true } },
    );
  });

  it('item 13: a customer edits and deletes their own review from the booking card and on the salon page', async () => {
    // A visit that took place: a demo customer's completed booking at the demo salon, not yet reviewed
    // (a booking completes only once it has started, so a new booking cannot serve here).
    const { booking, salon, email, token } = await unreviewedPastVisit();
    await api('reviewRoutes/createReview', { bookingId: booking._id, rating: 3, comment: 'Good, a little rushed' }, token);

    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.goto('/bookings?status=completed');
      const card = page.locator(`[data-testid="booking-card"][data-booking-id="${booking._id}"]`);
      await poll(() => card.getByTestId('own-review-comment').innerText()).toBe('Good, a little rushed');
      await card.getByTestId('edit-review').click();
      const dialog = page.getByTestId('review-dialog');
      await dialog.getByTestId('review-star-5').click();
      await dialog.getByTestId('review-comment').fill('Lovely on the whole');
      await dialog.getByTestId('review-submit').click();
      await poll(() => card.getByTestId('own-review-comment').innerText()).toBe('Lovely on the whole');
      expect(await card.getByTestId('own-review-rating').getAttribute('aria-label')).toBe('5 out of 5 stars');
      await shot(page, 'truth-own-review-card-1280');

      // The same review on the salon page is marked theirs; deleting it there takes it off both.
      await page.goto(`/salon/${salon._id}`);
      // (The customer may have reviewed other visits to this salon too.)
      const mine = page.getByTestId('review').filter({ has: page.getByTestId('my-review'), hasText: 'Lovely on the whole' });
      await poll(() => mine.count()).toBe(1);
      await mine.getByTestId('delete-review').click();
      await page.getByTestId('confirm-submit').click();
      await poll(() => mine.count()).toBe(0);
      await page.goto('/bookings?status=completed');
      await card.getByTestId('write-review').waitFor();
      expect(await card.getByTestId('own-review').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('item 14: the chat assistant turns "find me a spa in Bengaluru" into a real search', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, 'customer@demo.in');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.getByTestId('chat-toggle').click();
      const input = page.getByTestId('chat-input');
      await input.fill('Find me a spa in Bengaluru');
      await input.press('Enter');
      const answer = page.getByTestId('chat-message').last();
      await poll(() => answer.innerText()).toMatch(/I found \d+ places? for “spa” in Bengaluru: /);
      await shot(page, 'truth-chat-search-1280');
      await answer.getByTestId('chat-link').click();
      await page.waitForURL(
        (u) => u.pathname === '/salons' && u.searchParams.get('service') === 'spa' && u.searchParams.get('location') === 'Bengaluru',
      );
      await page.getByTestId('salon-result').first().waitFor();
      expect(await page.getByTestId('salon-result').first().innerText()).toContain('Bengaluru');
    } finally {
      await context.close();
    }
  });

  it('item 16: the admin features a locality the map data does not know, within a known city', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, 'admin@demo.in');
      await poll(() => new URL(page.url()).pathname, 'the admin leaves /login after signing in').toMatch(/^\/admin/);
      await page.goto('/admin/settings');
      const form = page.getByTestId('location-form');
      await poll(() => form.isVisible(), 'admin settings show the location form').toBe(true);
      await form.locator('#location-city').fill('Pune');
      await form.locator('#location-name').fill('Lane 7 Koregaon');
      await form.getByTestId('location-add').click();
      await poll(
        () => page.getByTestId('location-row').filter({ hasText: 'Lane 7 Koregaon' }).count(),
        'a locality unknown to the map data, in Pune, is featured',
      ).toBe(1);
      await form.locator('#location-city').fill('Qwertyville');
      await form.locator('#location-name').fill('Nowhere');
      await form.getByTestId('location-add').click();
      await poll(() => form.getByRole('alert').innerText(), 'an unknown city is refused with a message').toMatch(
        /^This city was not found; check its spelling/,
      );
      expect(
        await page.getByTestId('location-row').filter({ hasText: 'Nowhere' }).count(),
        'the unknown city’s locality is not listed',
      ).toBe(0);
      await page.locator('#locations').screenshot({
        path: path.join(path.dirname(await shot(page, 'truth-admin-locations-1280')), 'truth-admin-locations-card-1280.png'),
      });
    } finally {
      await context.close();
    }
  });

  it('item 5: forgot password never tells a customer about a developer outbox', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await page.goto('/forgot-password');
      await page.locator('#forgot-email').fill('customer@demo.in');
      await page.getByTestId('forgot-submit').click();
      await page.getByTestId('forgot-code-hint').waitFor();
      expect(await page.getByTestId('forgot-code-hint').innerText()).toBe('Check your inbox (and spam folder) for the 6-digit code.');
      expect(await page.getByText(/developer outbox|mail drop/).count()).toBe(0);
      await shot(page, 'truth-forgot-password-390');
    } finally {
      await context.close();
    }
  });
});

describe('issue 30: rough edges on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('item 8 (issue 43 item 2): the push opt-in never opens as a second dialog over Cancel Booking; it is a card in the page', async () => {
    const { email } = await bookDemoSalon(4);
    const { context, page } = await newPage(browser, { width: 1280, offerPush: true });
    try {
      await signIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.goto('/bookings');
      await page.getByTestId('push-opt-in').waitFor({ timeout: 10_000 });
      await page.getByTestId('cancel-booking').first().click();
      await page.getByTestId('cancel-dialog').waitFor();
      // Past the old offer's 4 s delay: still only the one dialog, and the offer is not in it.
      await page.waitForTimeout(5_500);
      expect(await page.locator('[role="dialog"]').count()).toBe(1);
      expect(await page.getByTestId('push-opt-in').evaluate((el) => el.closest('[role="dialog"]') === null)).toBe(true);
      await page.getByTestId('cancel-keep').click();
      await page.getByTestId('cancel-dialog').waitFor({ state: 'detached' });
      expect(await page.locator('[role="dialog"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('item 9: the install offer shows on a phone after some browsing, in the page flow, and goes for good', async () => {
    const fakePrompt = () =>
      window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: () => Promise.resolve() }));
    for (const width of [1280, 390]) {
      const { context, page } = await newPage(browser, { width, height: 844 });
      // A visitor browses: each page is seen (shown) before the next. Leaving a page before the app has
      // shown it does not count it as seen, which is what made this test time out on a busy machine.
      // The server renders the first screen, so its heading shows before the app runs: a page is seen
      // once the app runs and has counted it (the offer's own count of this visit's pages).
      const seen = async (pages: number) => {
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.locator('html[data-app-mounted]').waitFor({ state: 'attached' });
        await page.waitForFunction((n) => Number(window.sessionStorage.getItem('installPagesSeen')) >= n, pages);
      };
      try {
        await page.goto('/');
        await seen(1);
        await page.evaluate(fakePrompt);
        await page.goto('/salons');
        await seen(2);
        await page.evaluate(fakePrompt);
        await page.getByTestId('salon-result-link').first().click();
        await page.waitForURL((u) => u.pathname.startsWith('/salon/'));
        await seen(3);
        await page.evaluate(fakePrompt);
        await page.getByTestId('salon-result-link').count();
        if (width === 1280) {
          await page.waitForTimeout(300);
          expect(await page.getByTestId('install-banner').count()).toBe(0);
          continue;
        }
        const banner = page.getByTestId('install-banner');
        await banner.waitFor();
        // In the flow: nothing fixed, it takes its own room above the page.
        expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('static');
        await shot(page, 'truth-install-offer-390');
        await banner.getByTestId('install-dismiss').click();
        await page.goto('/salons');
        await page.evaluate(fakePrompt);
        await page.waitForTimeout(300);
        expect(await page.getByTestId('install-banner').count()).toBe(0);
      } finally {
        await context.close();
      }
    }
  });

  it('item 10: at 390 px every bookings tab is on screen, Continue stays in view, the chat opens from the header, the address ends in an ellipsis', async () => {
    const salon = await demoSalon();
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, 'customer@demo.in');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.goto('/bookings');
      await page.getByTestId('booking-card').first().waitFor();
      const tab = await page.getByTestId('bookings-tab-cancelled').boundingBox();
      expect(tab!.x).toBeGreaterThanOrEqual(0);
      expect(tab!.x + tab!.width).toBeLessThanOrEqual(390);
      // No floating chat bubble over the cards: the chat opens from the header.
      const toggle = await page.getByTestId('chat-toggle').boundingBox();
      expect(toggle!.y + toggle!.height).toBeLessThanOrEqual(64);
      await shot(page, 'truth-bookings-390');

      await page.goto(`/salon/${salon._id}/booking/select`);
      const bar = page.getByTestId('select-action-bar');
      await bar.waitFor();
      const box = await bar.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      expect(box!.y).toBeGreaterThan(600);
      await page.locator('[data-testid="service-option"]').first().click();
      await poll(() => bar.getByTestId('select-bar-detail').innerText()).toMatch(/^1 service · /);
      const address = page.getByTestId('select-salon-address').locator('span');
      expect(await address.evaluate((el) => getComputedStyle(el).textOverflow)).toBe('ellipsis');
      await shot(page, 'truth-select-390');
    } finally {
      await context.close();
    }
  });

  it('item 12: a home section that fails shows its error in place, and Try again loads it', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      // The first screen's answers come with its HTML (server-rendered): the sections fetch when the
      // visitor comes home from another page, which is when a failing section shows its error.
      await page.goto('/salons');
      await page.locator('html[data-app-mounted]').waitFor({ state: 'attached' });
      await page.route('**/trpc/**getTrendingServices**', (route) => route.abort());
      await page.locator('header a[href="/"]').first().click();
      await page.waitForURL((u) => u.pathname === '/');
      const trending = page.getByTestId('section-trending');
      await trending.getByTestId('section-error').waitFor({ timeout: 20_000 });
      expect(await trending.getByTestId('section-error').innerText()).toContain("We couldn't load trending services.");
      await trending.scrollIntoViewIfNeeded();
      await shot(page, 'truth-home-section-error-390');
      await page.unroute('**/trpc/**getTrendingServices**');
      await trending.getByTestId('section-retry').click();
      await trending.getByTestId('trending-card').first().waitFor();
      expect(await trending.getByTestId('section-error').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
