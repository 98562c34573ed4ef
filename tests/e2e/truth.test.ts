import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/* Issue 30 items 1-16: screens that tell the truth, merchant pages that can be found, rough edges. */

const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

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
  const merchant = await api<{ user: { _id: string } }>('merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: PASSWORD });
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
    const slots = await api<{ data: { slots: { time: string }[] } }>('users/getAvailableSlots', { merchantId: salon._id, date, serviceIds: [service._id] });
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

/** Both widths of a page, for a person to look at. */
async function shots(browser: Browser, name: string, visit: (page: Page) => Promise<void>, opts: { signInAs?: { email: string; merchant?: boolean } } = {}) {
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
      expect(await page.getByTestId('confirmation-status-note').innerText()).toMatch(/^You cancelled this booking on .+\. Reason: Plans changed\. There is nothing to show at the salon\.$/);
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
    await shots(browser, 'booking-cancelled', async (page) => {
      await page.goto(href);
      await poll(() => page.getByTestId('page-title').innerText()).toBe('Booking Cancelled');
    }, { signInAs: { email } });

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
      const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;
      expect(price.replace(/\s+/g, ' ')).toBe(`${rupees(offer.price)} ${rupees(offer.finalPrice)}`);
      expect(await first.locator('s').innerText()).toBe(rupees(offer.price));
      // Item 11: Book is inside its card, not clipped.
      const book = card.getByTestId('card-book');
      const [b, c] = [await book.boundingBox(), await card.boundingBox()];
      expect(b!.x + b!.width).toBeLessThanOrEqual(c!.x + c!.width);
      await book.click();
      await page.waitForURL(new RegExp(`/salon/${salon._id}/booking/select\\?service=${offer._id}`));
      await poll(() => page.locator(`[data-testid="service-option"][data-service-id="${offer._id}"]`).getAttribute('aria-checked')).toBe('true');
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
      for (const [testId, to] of [['nav-customers', '/merchant/customers'], ['nav-marketing', '/merchant/marketing'], ['nav-appointments', '/merchant/appointments']]) {
        await page.getByTestId(testId).click();
        await page.waitForURL((u) => u.pathname === to);
      }
      await page.getByTestId('nav-my-salon').click();
      await page.getByTestId('nav-my-salon-list').waitFor();
      await shot(page, 'truth-merchant-nav-1280');
      await page.keyboard.press('Escape');

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
    await shots(browser, 'merchant-settings-checklist', async (page) => {
      await page.goto('/merchant/settings');
      await page.getByTestId('checklist-fix-staff').waitFor();
    }, { signInAs: { email: 'merchant@demo.in', merchant: true } });
  });
});
