import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longDate } from '../../src/shared/dates';
import { baseUrl, latestMailTo, launch, newPage, shot } from './browser';

const PASSWORD = 'Demo@1234';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T>(pathname: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseUrl()}/api/${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

function kolkataDate(daysAhead: number): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** The form's own ids: browser.ts's signIn would also match the footer's newsletter e-mail box. */
async function signInAsMerchant(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('switch-to-merchant').click();
  await page.locator('#login-email').fill('merchant@demo.in');
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await poll(() => page.url()).toMatch(/\/merchant\/?$/);
}

async function openBookASlot(page: Page): Promise<void> {
  await page.goto('/merchant/appointments');
  await page.getByTestId('stat-total').waitFor();
  // The calendar is the default view; these tests read the list.
  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByTestId('open-desk-booking').click();
  await page.getByTestId('desk-booking-modal').waitFor();
  await page.getByTestId('desk-service').first().waitFor();
}

/** From `fromDay` days ahead, the first open day with a free time in the modal's picker: its date and first time. */
async function pickFirstFreeTime(page: Page, fromDay: number): Promise<{ date: string; time: string }> {
  const modal = page.getByTestId('desk-booking-modal');
  for (let day = fromDay; day < 14; day++) {
    const date = kolkataDate(day);
    const button = modal.getByTestId(`desk-date-${date}`);
    if (await button.isDisabled()) continue;
    await button.click();
    const answer = modal.locator('[data-testid="desk-slots"], [data-testid="desk-no-slots"]');
    await answer.first().waitFor();
    if ((await modal.getByTestId('desk-slots').count()) === 0) continue;
    const slot = modal.getByTestId('desk-slot').first();
    const time = (await slot.getAttribute('data-time'))!;
    await slot.click();
    await poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    await page.waitForTimeout(250); // the buttons' colour transition, before any screenshot
    return { date, time };
  }
  throw new Error('the demo salon has no free time in two weeks');
}

/** No sideways scrolling: neither the page nor the modal's body is wider than the screen. */
async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const widths = await page.evaluate(() => {
    const dialog = document.querySelector<HTMLElement>('[data-testid="desk-booking-modal"]');
    const body = dialog?.querySelector<HTMLElement>('.overflow-y-auto');
    return {
      viewport: window.innerWidth,
      page: document.documentElement.scrollWidth,
      dialog: dialog?.getBoundingClientRect().width ?? 0,
      bodyScroll: body?.scrollWidth ?? 0,
      bodyClient: body?.clientWidth ?? 0,
    };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(widths.dialog).toBeLessThanOrEqual(widths.viewport);
  expect(widths.bodyScroll).toBeLessThanOrEqual(widths.bodyClient);
}

describe('merchant books a slot from the desk', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('books a free time for a new customer: toast, new row, and the modal fits 1280 px and 390 px', async () => {
    const stamp = Date.now();
    const name = `Asha Slot${String(stamp).slice(-5)}`;
    const email = `slot.${stamp}@example.com`;
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    try {
      await signInAsMerchant(page);
      await openBookASlot(page);
      const modal = page.getByTestId('desk-booking-modal');

      // Nothing is sent until the form is complete.
      await modal.getByTestId('desk-booking-submit').click();
      await poll(() => modal.textContent()).toContain('Name is required.');
      await poll(() => modal.textContent()).toContain('Mobile number is required.');
      await poll(() => modal.textContent()).toContain('Email is required.');
      await poll(() => modal.textContent()).toContain('Choose at least one service.');

      await page.locator('#desk-name').fill(name);
      await page.locator('#desk-mobile').fill('9876501234');
      await page.locator('#desk-email').fill(email);
      const service = modal.getByTestId('desk-service').first();
      await service.check();
      const serviceName = (await modal
        .getByTestId('desk-services')
        .locator('li')
        .first()
        .locator('span.font-medium')
        .textContent())!.trim();
      const { date, time } = await pickFirstFreeTime(page, 3);
      await expectNoHorizontalOverflow(page);
      await shot(page, 'desk-book-slot-1280');

      const created = page.waitForResponse((r) => r.url().includes('merchants.createSlot') && r.request().method() === 'POST');
      await modal.getByTestId('desk-booking-submit').click();
      const response = await created;
      expect(response.status()).toBe(200);
      const [entry] = (await response.json()) as {
        result: { data: { data: { booking: { _id: string; bookingDate: string; bookingTime: string } } } };
      }[];
      const booking = entry.result.data.data.booking;
      expect(booking.bookingDate).toBe(date);

      await modal.waitFor({ state: 'detached' });
      await poll(() => page.getByTestId('toast-success').allTextContents()).toContain(
        `Booked ${serviceName} for ${name} on ${longDate(date)} at ${time}. ${email} gets an e-mail to confirm it.`,
      );
      const row = page.locator(`[data-testid="desk-row"][data-booking-id="${booking._id}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain(name);
      expect(await row.getAttribute('data-status')).toBe('upcoming');
      // The booking is the salon's contact until the person answers the e-mailed link.
      expect(await row.getByTestId('desk-confirmation').getAttribute('data-state')).toBe('pending');
      await shot(page, 'desk-book-slot-1280-booked');

      // The same modal on a phone: a bottom sheet that scrolls, nothing wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('open-desk-booking').click();
      await modal.waitFor();
      await modal.getByTestId('desk-service').first().waitFor();
      await page.locator('#desk-name').fill('Meera Kulkarni');
      await modal.getByTestId('desk-service').first().check();
      await expectNoHorizontalOverflow(page);
      await shot(page, 'desk-book-slot-390-top');
      await pickFirstFreeTime(page, 3);
      await expectNoHorizontalOverflow(page);
      await shot(page, 'desk-book-slot-390');
      // Scrolled to the bottom, the times and the footer's buttons are reachable.
      await modal.getByTestId('desk-slot').last().scrollIntoViewIfNeeded();
      await shot(page, 'desk-book-slot-390-scrolled');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await page.locator(`[data-testid="desk-card"][data-booking-id="${booking._id}"]`).waitFor();
      await shot(page, 'desk-book-slot-390-list');

      // The person opens the e-mailed link (no account needed) and declines; the desk says so.
      // The mail drop keeps the e-mail quoted-printable: long lines carry soft breaks.
      const link = /(\/desk-booking\/[\w-]{43})/.exec((await latestMailTo(email)).replace(/=\r?\n/g, ''))![1];
      for (const width of [1280, 390]) {
        const guest = await newPage(browser, { width });
        await guest.page.goto(link);
        await guest.page.getByTestId('desk-invite').waitFor();
        expect(await guest.page.getByTestId('desk-invite').textContent()).toContain(name);
        await shot(guest.page, `desk-invite-${width}`);
        if (width === 390) {
          await guest.page.getByTestId('desk-invite-decline').click();
          await poll(() => guest.page.getByTestId('desk-invite-done').textContent()).toContain('Declined');
          await shot(guest.page, 'desk-invite-declined-390');
        }
        await guest.context.close();
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.reload();
      await page.getByTestId('stat-total').waitFor();
      await page.getByRole('tab', { name: 'List' }).click();
      const declined = page.locator(`[data-testid="desk-row"][data-booking-id="${booking._id}"]`);
      await poll(
        async () => (await declined.count()) > 0 && (await declined.getByTestId('desk-confirmation').getAttribute('data-state')),
      ).toBe('declined');
      await shot(page, 'desk-book-slot-1280-declined');
    } catch (err) {
      await shot(page, 'desk-slot-failure');
      throw err;
    } finally {
      await context.close();
    }
  });

  it('when the time is taken meanwhile, says so and the time disappears from the picker', async () => {
    const login = await api<{ token: string; user: { _id: string } }>('merchants/loginMerchant/EmailLogin', {
      email: 'merchant@demo.in',
      password: PASSWORD,
    });
    const { token, user } = login.json;
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    try {
      await signInAsMerchant(page);
      await openBookASlot(page);
      const modal = page.getByTestId('desk-booking-modal');
      await page.locator('#desk-name').fill('Neha Late');
      await page.locator('#desk-mobile').fill('9876505678');
      await page.locator('#desk-email').fill(`late.${Date.now()}@example.com`);
      const service = modal.getByTestId('desk-service').first();
      await service.check();
      const serviceId = (await service.getAttribute('data-service-id'))!;
      // One professional (with "Any", another one could still take the time): one with a free time from 4 days on.
      const staffSelect = modal.getByTestId('desk-staff');
      await poll(() => staffSelect.locator('option').count()).toBeGreaterThan(1);
      const staffIds = (
        await staffSelect.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
      ).filter(Boolean);
      let found: { staffId: string; day: number } | null = null;
      for (let day = 4; day < 14 && !found; day++) {
        for (const id of staffIds) {
          const free = await api<{ data: { slots: unknown[] } }>(
            'merchants/getSlots',
            { merchantId: user._id, date: kolkataDate(day), serviceIds: [serviceId], staffId: id },
            token,
          );
          if (free.status === 200 && free.json.data.slots.length) {
            found = { staffId: id, day };
            break;
          }
        }
      }
      if (!found) throw new Error('no professional of the demo salon has a free time in two weeks');
      const { staffId } = found;
      await staffSelect.selectOption(staffId);
      const { date, time } = await pickFirstFreeTime(page, found.day);

      // Someone else books that very time first.
      const first = await api(
        'merchants/createSlot',
        {
          merchantId: user._id,
          serviceIds: [serviceId],
          staffId,
          bookingDate: date,
          bookingTime: time,
          name: 'Phone Caller',
          mobile: '9876509999',
          email: `caller.${Date.now()}@example.com`,
        },
        token,
      );
      expect(first.status).toBe(201);

      await modal.getByTestId('desk-booking-submit').click();
      await poll(() => modal.getByTestId('desk-booking-error').textContent()).toBe('This time slot is no longer available');
      await poll(() => modal.locator(`[data-testid="desk-slot"][data-time="${time}"]`).count()).toBe(0);
      await page.waitForTimeout(400); // the smooth scroll to the message
      await shot(page, 'desk-book-slot-409-1280');
    } catch (err) {
      await shot(page, 'desk-slot-409-failure');
      throw err;
    } finally {
      await context.close();
    }
  });
});
