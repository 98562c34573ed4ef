import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, latestMailTo, launch, newPage, shot, signIn } from './browser';

/*
 * Issue 40 item 5: a customer on a phone finds a professional's day full, joins the waitlist; the
 * salon removes the blocked time that filled it; the server's own job runner offers the freed time
 * (the e-mail arrives in the mail drop) and the customer books it from My Bookings. The salon sees
 * the day's waitlist on its calendar.
 */

const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });

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

interface Calendar {
  professionals: { _id: string; name: string; specializations: string[]; hours: { span: { start: number } | null }[] }[];
  bookings: { staffId: string }[];
  blocks: { _id: string; blockId: string; staffId: string }[];
}

describe('the waitlist', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('on a phone: join a full day, get the freed time offered, book it; the salon sees it on the calendar day', async () => {
    const { token: merchantToken, user } = await api<{ token: string; user: { _id: string } }>('merchants/loginMerchant/EmailLogin', {
      email: 'merchant@demo.in',
      password: PASSWORD,
    });
    const salonId = user._id;
    const services = (
      await api<{ merchant: { services: { _id: string; categoryName?: string | null; name: string }[] } }>(
        `merchants/getMerchantById/${salonId}`,
      )
    ).merchant.services;
    const haircut = services.find((s) => /haircut/i.test(`${s.categoryName ?? ''} ${s.name}`))!;
    // A day three weeks out (no demo bookings) and a professional working it with nothing booked.
    const date = kolkataDate(21);
    const cal = await api<Calendar>(`merchants/calendar?date=${date}&days=1`, undefined, merchantToken);
    const pro = cal.professionals.find(
      (p) =>
        // Working at 10:00, where the waiting window starts (the demo's hours differ per professional).
        (p.hours[0]?.span?.start ?? 24 * 60) <= 10 * 60 &&
        !cal.bookings.some((b) => b.staffId === p._id) &&
        (p.specializations.length === 0 || p.specializations.some((s) => /hair/i.test(s))),
    )!;
    expect(pro, 'a free professional who cuts hair').toBeTruthy();
    // Leave for the whole day fills the professional's day.
    const { blockId } = await api<{ blockId: string }>(
      'merchants/calendar/blocks',
      { staffId: pro._id, kind: 'leave', reason: 'Training', date, startTime: '00:00', endTime: '24:00' },
      merchantToken,
    );

    const email = `waiting.${Date.now()}@example.com`;
    await api('users/registerUser', { firstName: 'Meera', lastName: 'Waits', email, password: PASSWORD });
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, email);
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.goto(`/salon/${salonId}/booking/select`);
      await page.locator(`[data-testid="service-option"][data-service-id="${haircut._id}"]`).click();
      await page.locator(`[data-testid="professional-option"][data-professional-id="${pro._id}"]`).click();
      await page.getByTestId('booking-date-input').fill(date);
      await page.getByTestId('booking-no-slots').waitFor();
      const join = page.getByTestId('waitlist-join');
      expect(await join.getByRole('heading').textContent()).toBe('This day is full');
      await page.getByTestId('waitlist-from').fill('10:00');
      await page.getByTestId('waitlist-to').fill('16:00');
      await shot(page, 'waitlist-join-390');
      await page.getByTestId('waitlist-submit').click();
      await page.getByTestId('waitlist-joined').waitFor();
      await shot(page, 'waitlist-joined-390');

      // The salon removes the leave: the job runner offers the time, and the e-mail arrives.
      const occurrence = (await api<Calendar>(`merchants/calendar?date=${date}&days=1`, undefined, merchantToken)).blocks.find(
        (b) => b.blockId === blockId,
      )!;
      await api('merchants/calendar/blocks/delete', { occurrenceId: occurrence._id }, merchantToken);
      // Quoted-printable: soft line breaks joined, '=' decoded.
      const mail = (await latestMailTo(email, 30_000, /You are on the waitlist/)).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(mail).toContain('/bookings?tab=waitlist');
      expect(mail).toContain('10:00 AM');

      await page.goto('/bookings?tab=waitlist');
      const offer = page.getByTestId('waitlist-offer');
      await offer.waitFor();
      expect(await offer.textContent()).toContain(`10:00 AM with ${pro.name}`);
      await shot(page, 'waitlist-offer-390');
      await page.getByTestId('waitlist-accept').click();
      await page.waitForURL(/\/booking\/confirmation\?bookingId=/);
      await page.getByTestId('confirmation-time').waitFor();
      expect(await page.getByTestId('confirmation-time').textContent()).toBe('10:00 AM');
      await shot(page, 'waitlist-booked-390');
      await page.goto('/bookings?tab=waitlist');
      await poll(() => page.getByTestId('waitlist-entry').first().getAttribute('data-status')).toBe('booked');
    } finally {
      await context.close();
    }

    for (const width of [1280, 390]) {
      const desk = await newPage(browser, { width, height: 900 });
      try {
        await signIn(desk.page, 'merchant@demo.in', PASSWORD, true);
        await poll(() => desk.page.url()).toMatch(/\/merchant\/?$/);
        await desk.page.goto('/merchant/appointments');
        await desk.page.getByTestId('cal-date').fill(date);
        const panel = desk.page.getByTestId('day-waitlist');
        await poll(() => panel.getByTestId('day-waitlist-entry').count()).toBe(1);
        const row = (await panel.getByTestId('day-waitlist-entry').textContent()) ?? '';
        expect(row).toContain('Meera W.');
        expect(row).toContain('Booked 10:00 AM');
        await panel.scrollIntoViewIfNeeded();
        await shot(desk.page, `waitlist-desk-${width}`);
      } finally {
        await desk.context.close();
      }
    }
  });
});
