import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../src/shared/hours';
import { baseUrl, launch, newPage, shot } from './browser';

/*
 * The business-hours editor when the new hours leave upcoming bookings uncovered: the dialog lists
 * them and the salon cancels them (customers told, full refund). A demo salon no other browser
 * test uses (Dapper Den, Delhi) takes the bookings; its hours are put back afterwards.
 */
const PASSWORD = 'Demo@1234';
const OWNER = 'gurpreet.singh@demo.in';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T>(pathname: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

function kolkataDate(daysAhead: number): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}
const weekdayOf = (date: string) => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];

type Day = { name: string; enabled: boolean; openTime: string; closeTime: string };

async function signInAsOwner(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('switch-to-merchant').click();
  await page.locator('#login-email').fill(OWNER);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await poll(() => page.url()).toMatch(/\/merchant\/?$/);
}

describe('closing a day with bookings on it', () => {
  let browser: Browser;
  let ownerToken: string;
  let salonId: string;
  let original: Day[];

  beforeAll(async () => {
    browser = await launch();
    const login = await api<{ user: { _id: string }; token: string }>('merchants/loginMerchant/EmailLogin', {
      email: OWNER,
      password: PASSWORD,
    });
    ownerToken = login.token;
    salonId = login.user._id;
    original = (await api<{ merchant: { openingHours: Day[] } }>(`merchants/getMerchantSettingsById/${salonId}`, undefined, ownerToken))
      .merchant.openingHours;
  });
  afterAll(async () => {
    if (original)
      await api('merchants/updateBusinessHours', { openingHours: original, decision: 'keep' }, ownerToken).catch(() => undefined);
    await browser?.close();
  });

  it('lists the bookings in a dialog, and "Notify and cancel" saves the hours and cancels them', async () => {
    const services = (await api<{ merchant: { services: { _id: string; name: string }[] } }>(`merchants/getMerchantById/${salonId}`))
      .merchant.services;
    const haircut = services.find((s) => /hair ?cut|fade|trim/i.test(s.name)) ?? services[0];
    const closedDay = kolkataDate(5);
    const shortDay = kolkataDate(6);
    const customers: { name: string; token: string; id: string }[] = [];
    for (const [first, date, time] of [
      ['Ishaan', closedDay, '10:00 AM'],
      ['Kabir', shortDay, '7:30 PM'],
    ] as const) {
      const email = `${first.toLowerCase()}.${Date.now()}@example.com`;
      const { token } = await api<{ token: string }>('users/registerUser', {
        firstName: first,
        lastName: 'Guest',
        email,
        password: PASSWORD,
      });
      const made = await api<{ data: { booking: { _id: string } } }>(
        'users/createBooking',
        { merchantId: salonId, serviceIds: [haircut._id], bookingDate: date, bookingTime: time },
        token,
      );
      customers.push({ name: `${first} Guest`, token, id: made.data.booking._id });
    }

    const { context, page } = await newPage(browser, { width: 1280 });
    await signInAsOwner(page);
    await page.goto('/merchant/settings');
    const closed = weekdayOf(closedDay);
    const short = weekdayOf(shortDay);
    await page.locator(`#hours-${closed}`).uncheck();
    await page.locator(`#hours-${short}-close`).fill('19:00');
    await page.getByTestId('save-hours').click();

    const dialog = page.getByTestId('hours-clashes-dialog');
    await poll(() => dialog.isVisible()).toBe(true);
    const rows = dialog.getByTestId('hours-clash');
    const text = await dialog.getByTestId('hours-clashes').innerText();
    expect(text).toContain('Ishaan Guest');
    expect(text).toContain('Kabir Guest');
    expect(text).toContain('7:30 PM');
    expect(await rows.filter({ hasText: 'Ishaan Guest' }).innerText()).toContain('Closed that day');
    expect(await rows.filter({ hasText: 'Kabir Guest' }).innerText()).toContain('Outside the new hours');
    await shot(page, 'hours-clashes-1280');

    // Nothing is saved while the dialog asks.
    const stored = (await api<{ merchant: { openingHours: Day[] } }>(`merchants/getMerchantSettingsById/${salonId}`, undefined, ownerToken))
      .merchant.openingHours;
    expect(stored).toEqual(original);

    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'hours-clashes-390');
    await page.setViewportSize({ width: 1280, height: 860 });

    const n = await rows.count();
    await dialog.getByLabel('Reason the customers are given if you cancel').fill('Renovation that week');
    await dialog.getByTestId('hours-cancel-bookings').click();
    await poll(() => dialog.isVisible()).toBe(false);
    const toastText = await page.getByTestId('toast-success').first().innerText();
    expect(toastText).toBe(
      `Business hours updated. ${n} booking${n === 1 ? '' : 's'} cancelled with a full refund; the customers have been told.`,
    );
    await shot(page, 'hours-cancelled-toast');

    for (const c of customers) {
      const mine = await api<{ data: { booking: { status: string; cancellationReason: string | null } } }>(
        'users/getBookingById',
        { bookingId: c.id },
        c.token,
      );
      expect(mine.data.booking).toMatchObject({ status: 'cancelled', cancellationReason: 'Renovation that week' });
    }
    const saved = (await api<{ merchant: { openingHours: Day[] } }>(`merchants/getMerchantSettingsById/${salonId}`, undefined, ownerToken))
      .merchant.openingHours;
    expect(saved.find((d) => d.name === closed)?.enabled).toBe(false);
    expect(saved.find((d) => d.name === short)?.closeTime).toBe('19:00');
    await context.close();
  });
});
