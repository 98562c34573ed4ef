import net from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_LABEL, deskActions } from '../../src/client/features/calendar/layout';
import { baseUrl, launch, newPage, shot } from './browser';

const PASSWORD = 'Demo@1234';
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

async function signInAsMerchant(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('switch-to-merchant').click();
  await page.locator('#login-email').fill('merchant@demo.in');
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await poll(() => page.url()).toMatch(/\/merchant\/?$/);
}

/** The calendar's column of the professional with this name. */
async function columnOf(page: Page, name: string): Promise<Locator> {
  const heads = page.getByTestId('cal-column-head');
  const names = await heads.allTextContents();
  const index = names.findIndex((n) => n.includes(name));
  expect(index, `no column for ${name} in ${names.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return page.getByTestId('cal-column').nth(index);
}

async function dragTo(page: Page, card: Locator, target: Locator, dy = 0): Promise<void> {
  await card.scrollIntoViewIfNeeded();
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  const x0 = from.x + from.width / 2;
  const y0 = from.y + 8;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x0 + 10, y0, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, y0 + dy, { steps: 12 });
  await page.mouse.up();
}

interface DemoSalon {
  id: string;
  haircut: string;
}

async function demoSalon(): Promise<DemoSalon> {
  const id = (await api<{ user: { _id: string } }>('merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: PASSWORD }))
    .user._id;
  const services = (
    await api<{ merchant: { services: { _id: string; categoryName?: string | null; name: string }[] } }>(`merchants/getMerchantById/${id}`)
  ).merchant.services;
  return { id, haircut: services.find((s) => /haircut/i.test(`${s.categoryName ?? ''} ${s.name}`))!._id };
}

/** A new customer's booking, made through the public API (as from their phone); their token with it. */
async function customerBooks(salon: DemoSalon, staffId: string, bookingDate: string, bookingTime: string, firstName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const { token } = await api<{ token: string }>('users/registerUser', { firstName, lastName: 'Guest', email, password: PASSWORD });
  const made = await api<{ data: { booking: { _id: string } } }>(
    'users/createBooking',
    { merchantId: salon.id, serviceIds: [salon.haircut], staffId, bookingDate, bookingTime },
    token,
  );
  return { id: made.data.booking._id, token };
}

/**
 * A TCP relay to the test server whose connections the test can drop, as a flaky mobile network or
 * a restarted load balancer would: `cut()` destroys every open connection and refuses new ones
 * until `restore()`. The browser itself stays "online".
 */
async function cuttableRelay(): Promise<{ url: string; cut: () => void; restore: () => void; close: () => Promise<void> }> {
  const target = new URL(baseUrl());
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      down = true;
      for (const s of open) s.destroy();
    },
    restore: () => {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * One of yesterday's demo bookings at the demo salon that nobody checked in (the demo data leaves a
 * few for the desk to settle): a visit whose start has passed, so the desk may check it in late and
 * complete it. The last of them, as tests/e2e/bookingDesk.test.ts takes the first ones.
 */
async function pastUnsettledBooking(): Promise<{ id: string; date: string }> {
  const { token } = await api<{ token: string }>('merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: PASSWORD });
  const { bookings } = await api<{ bookings: { _id: string; bookingDate: string }[] }>(
    'merchants/getAllBookings',
    { status: 'upcoming' },
    token,
  );
  const past = bookings.filter((b) => b.bookingDate < kolkataDate(0));
  if (past.length === 0) throw new Error('the demo salon has no booking from before today left unsettled');
  const last = past[past.length - 1];
  return { id: last._id, date: last.bookingDate };
}

const cardOf = (page: Page, id: string) => page.locator(`[data-testid="cal-booking"][data-booking-id="${id}"]`);

describe('the merchant’s calendar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('books from a cell, drags to another professional (with Undo), blocks time, and shows a customer’s booking live', async () => {
    const date = kolkataDate(12);
    const desk = await newPage(browser, { width: 1280, height: 900 });
    const customerSide = await newPage(browser, { width: 390, height: 844 });
    const { page } = desk;
    try {
      await signInAsMerchant(page);
      await page.goto('/merchant/appointments');
      await page.getByTestId('desk-calendar').waitFor();
      await poll(() => page.getByTestId('cal-live').getAttribute('data-status')).toBe('pending');
      await page.getByTestId('cal-date').fill(date);
      await poll(() => page.getByTestId('cal-column').first().getAttribute('data-date')).toBe(date);

      // Create from an empty cell: Book a slot opens with that professional and time.
      const rutuja = await columnOf(page, 'Rutuja Patil');
      const rutujaId = (await rutuja.getAttribute('data-staff-id'))!;
      await rutuja.locator('[data-testid="cal-cell"][data-time="16:00"]').click();
      const modal = page.getByTestId('desk-booking-modal');
      await modal.waitFor();
      await poll(() => modal.getByTestId('desk-prefill').textContent()).toContain('4:00 PM');
      // The professional is chosen once the salon's staff list has loaded into the form.
      await poll(() => modal.getByTestId('desk-staff').inputValue()).toBe(rutujaId);
      const stamp = Date.now();
      await page.locator('#desk-name').fill(`Kavya Cell${String(stamp).slice(-4)}`);
      await page.locator('#desk-mobile').fill('9876512345');
      await page.locator('#desk-email').fill(`cell.${stamp}@example.com`);
      await modal.locator('label', { hasText: 'Haircut & Styling' }).first().locator('input').check();
      await modal.getByTestId('desk-booking-submit').click();
      await modal.waitFor({ state: 'detached' });
      const card = rutuja.locator('[data-testid="cal-booking"][data-start="960"]');
      await card.waitFor();
      const bookingId = (await card.getAttribute('data-booking-id'))!;
      await shot(page, 'calendar-day-1280');

      // Drag it to Aakash's column: the server moves it (same price), Undo brings it back.
      const aakash = await columnOf(page, 'Aakash Jadhav');
      const aakashId = (await aakash.getAttribute('data-staff-id'))!;
      await dragTo(page, card, aakash);
      const moved = page.locator(`[data-testid="cal-booking"][data-booking-id="${bookingId}"]`);
      await poll(() => moved.getAttribute('data-staff-id')).toBe(aakashId);
      await page.getByTestId('undo-bar').waitFor();
      await shot(page, 'calendar-drag-undo-1280');
      await page.getByTestId('undo-move').click();
      await poll(() => moved.getAttribute('data-staff-id')).toBe(rutujaId);

      // Keyboard: open the card, move it with the dialog.
      await moved.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('calendar-booking-modal');
      await dialog.waitFor();
      // A move the server refuses (the booking is already there) is said under the field it names,
      // in the form: no toast, and the card stays open to choose again.
      await dialog.getByTestId('move-submit').click();
      const timeError = page.locator(`[id="${await dialog.getByTestId('move-time').getAttribute('id')}-error"]`);
      await poll(() => timeError.textContent()).toMatch(/already at this time with this professional/i);
      expect(await page.getByTestId('toast-error').count()).toBe(0);
      await shot(page, 'calendar-move-refused-1280');
      await dialog.getByTestId('move-time').selectOption('17:00');
      await dialog.getByTestId('move-submit').click();
      await dialog.waitFor({ state: 'detached' });
      await poll(() => moved.getAttribute('data-start')).toBe('1020');

      // Block Rutuja's 13:00–14:00: hatched on the grid.
      await page.getByTestId('cal-block').click();
      const block = page.getByTestId('block-modal');
      await block.getByTestId('block-staff').selectOption(rutujaId);
      await block.getByTestId('block-reason').fill('Team lunch');
      await block.getByTestId('block-date').fill(date);
      await block.getByTestId('block-start').selectOption('13:00');
      await block.getByTestId('block-end').selectOption('14:00');
      await block.getByTestId('block-submit').click();
      await block.waitFor({ state: 'detached' });
      await poll(() => rutuja.getByTestId('cal-block-item').allTextContents()).toContain('Break · Team lunch');

      // Live: a customer in another browser books Aakash at 11:00 that day; the desk shows it without a reload.
      const email = `live.${stamp}@example.com`;
      const customer = await api<{ token: string }>('users/registerUser', {
        firstName: 'Live',
        lastName: 'Customer',
        email,
        password: PASSWORD,
      });
      const salonId = (
        await api<{ user: { _id: string } }>('merchants/loginMerchant/EmailLogin', { email: 'merchant@demo.in', password: PASSWORD })
      ).user._id;
      const service = (
        await api<{ merchant: { services: { _id: string; categoryName?: string | null; name: string }[] } }>(
          `merchants/getMerchantById/${salonId}`,
        )
      ).merchant.services.find((s) => /haircut/i.test(`${s.categoryName ?? ''} ${s.name}`))!;
      await customerSide.page.goto('/');
      const made = await customerSide.page.request.post(`${baseUrl()}/api/users/createBooking`, {
        headers: { authorization: `Bearer ${customer.token}` },
        data: { merchantId: salonId, serviceIds: [service._id], staffId: aakashId, bookingDate: date, bookingTime: '11:00 AM' },
      });
      expect(made.status(), await made.text()).toBe(201);
      const liveId = ((await made.json()) as { data: { booking: { _id: string } } }).data.booking._id;
      const liveCard = aakash.locator(`[data-testid="cal-booking"][data-booking-id="${liveId}"]`);
      await expect.poll(() => liveCard.count(), { timeout: 5000, interval: 100 }).toBe(1);
      expect(await liveCard.textContent()).toContain('Live Customer');
      // And the customer cancels: the card turns cancelled, still without a reload.
      const cancelled = await customerSide.page.request.post(`${baseUrl()}/api/users/cancelBooking`, {
        headers: { authorization: `Bearer ${customer.token}` },
        data: { bookingId: liveId, reason: 'Change of plans' },
      });
      expect(cancelled.status()).toBe(200);
      await expect.poll(() => liveCard.getAttribute('data-status'), { timeout: 5000, interval: 100 }).toBe('cancelled');
      await shot(page, 'calendar-live-1280');

      // Week view of one professional.
      await page.getByTestId('cal-mode-week').click();
      await page.getByTestId('cal-week-staff').selectOption(rutujaId);
      await poll(() => page.getByTestId('cal-column').count()).toBe(7);
      await shot(page, 'calendar-week-1280');

      // A phone: the day scrolls sideways inside its frame, the page does not.
      await page.getByTestId('cal-mode-day').click();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('cal-column').first().waitFor();
      const widths = await page.evaluate(() => ({ viewport: window.innerWidth, page: document.documentElement.scrollWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
      await shot(page, 'calendar-day-390');
    } finally {
      await desk.context.close();
      await customerSide.context.close();
    }
  });
  it('acts on cards (check in, complete, cancel) in day and week, blocks leave over days, and catches up after a dropped connection', async () => {
    const date = kolkataDate(41);
    const salon = await demoSalon();
    const relay = await cuttableRelay();
    const desk = await newPage(browser, { width: 1280, height: 900, baseURL: relay.url });
    const other = await newPage(browser, { width: 390, height: 844 });
    const { page } = desk;
    try {
      await signInAsMerchant(page);
      await page.goto('/merchant/appointments');
      await page.getByTestId('desk-calendar').waitFor();
      await page.getByTestId('cal-date').fill(date);
      await poll(() => page.getByTestId('cal-column').first().getAttribute('data-date')).toBe(date);
      await poll(() => page.getByTestId('cal-live').getAttribute('data-status')).toBe('pending');
      const rutujaId = (await (await columnOf(page, 'Rutuja Patil')).getAttribute('data-staff-id'))!;
      const aakashId = (await (await columnOf(page, 'Aakash Jadhav')).getAttribute('data-staff-id'))!;
      const a = await customerBooks(salon, rutujaId, date, '10:00 AM', 'Anaya');
      const b = await customerBooks(salon, rutujaId, date, '12:00 PM', 'Bela');
      const c = await customerBooks(salon, aakashId, date, '11:00 AM', 'Chitra');
      await cardOf(page, c.id).waitFor();

      // A second desk (a phone at the front door) on the same day follows every change live.
      await signInAsMerchant(other.page);
      await other.page.goto('/merchant/appointments');
      await other.page.getByTestId('cal-date').fill(date);
      await poll(() => other.page.getByTestId('cal-live').getAttribute('data-status')).toBe('pending');
      await cardOf(other.page, a.id).waitFor();

      // Check in from the day view, by keyboard.
      await cardOf(page, a.id).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('calendar-booking-modal');
      await dialog.waitFor();
      // The buttons are the moves the shared transition rules allow (no-show too, once the server has it).
      const offered = (status: string) => deskActions(status).map((a) => ACTION_LABEL[a]);
      expect(offered('upcoming')).toEqual(expect.arrayContaining(['Check in', 'Cancel booking']));
      expect(await dialog.getByRole('group', { name: 'Desk actions' }).getByRole('button').allTextContents()).toEqual(offered('upcoming'));
      await dialog.getByTestId('card-not-today').waitFor();
      await shot(page, 'calendar-card-actions-1280');
      await dialog.getByTestId('card-action-confirmed').click();
      await dialog.waitFor({ state: 'detached' });
      await poll(() => cardOf(page, a.id).getAttribute('data-status')).toBe('confirmed');
      await poll(() => cardOf(other.page, a.id).getAttribute('data-status')).toBe('confirmed');

      // Complete a visit: only one that has started can be (the server refuses earlier ones), so
      // yesterday's booking nobody checked in: checked in late, then completed. The payment must be
      // ticked (the server asks the same).
      const past = await pastUnsettledBooking();
      await page.getByTestId('cal-date').fill(past.date);
      await poll(() => page.getByTestId('cal-column').first().getAttribute('data-date')).toBe(past.date);
      await cardOf(page, past.id).click();
      await dialog.waitFor();
      await dialog.getByTestId('card-action-confirmed').click();
      await dialog.waitFor({ state: 'detached' });
      await poll(() => cardOf(page, past.id).getAttribute('data-status')).toBe('confirmed');
      await cardOf(page, past.id).click();
      await dialog.waitFor();
      expect(await dialog.getByRole('group', { name: 'Desk actions' }).getByRole('button').allTextContents()).toEqual(offered('confirmed'));
      expect(offered('confirmed')).toContain('Complete');
      await dialog.getByTestId('card-action-completed').click();
      await dialog.getByTestId('card-action-submit').click();
      await poll(() => dialog.getByTestId('card-complete').textContent()).toContain('Please confirm that you have received the payment');
      await dialog.getByTestId('card-complete-paid').check();
      await shot(page, 'calendar-card-complete-1280');
      await dialog.getByTestId('card-action-submit').click();
      await dialog.waitFor({ state: 'detached' });
      await poll(() => cardOf(page, past.id).getAttribute('data-status')).toBe('completed');
      await page.getByTestId('cal-date').fill(date);
      await poll(() => page.getByTestId('cal-column').first().getAttribute('data-date')).toBe(date);

      // Cancel with a reason, from the phone-sized desk.
      await cardOf(other.page, b.id).click();
      const small = other.page.getByTestId('calendar-booking-modal');
      await small.getByTestId('card-action-cancelled').click();
      await small.getByTestId('card-action-submit').click();
      await poll(() => small.getByTestId('card-cancel').textContent()).toContain('Please provide a reason for cancellation');
      await small.getByTestId('card-cancel-reason').fill('Stylist unwell, we will call you to rebook');
      await shot(other.page, 'calendar-card-cancel-390');
      await small.getByTestId('card-action-submit').click();
      await small.waitFor({ state: 'detached' });
      await poll(() => cardOf(other.page, b.id).getAttribute('data-status')).toBe('cancelled');
      await poll(() => cardOf(page, b.id).getAttribute('data-status')).toBe('cancelled');

      // The week view's cards offer the same actions.
      await page.getByTestId('cal-mode-week').click();
      await poll(() => page.getByTestId('cal-column').count()).toBe(7);
      await cardOf(page, c.id).click();
      await dialog.getByTestId('card-action-confirmed').click();
      await dialog.waitFor({ state: 'detached' });
      await poll(() => cardOf(page, c.id).getAttribute('data-status')).toBe('confirmed');
      await poll(() => cardOf(other.page, c.id).getAttribute('data-status')).toBe('confirmed');
      await shot(page, 'calendar-week-actions-1280');

      // Leave over three days for Aakash: refused while a booking is in the way, placed once it is gone.
      const [first, middle, last] = [43, 44, 45].map(kolkataDate);
      const inTheWay = await customerBooks(salon, aakashId, middle, '3:00 PM', 'Diya');
      await page.getByTestId('cal-block').click();
      const block = page.getByTestId('block-modal');
      await block.getByTestId('block-staff').selectOption(aakashId);
      await block.getByTestId('block-kind').selectOption('leave');
      await block.getByTestId('block-reason').fill('Family wedding');
      await block.getByTestId('block-date').fill(first);
      await block.getByTestId('block-end-date').fill(last);
      await block.getByTestId('block-all-day').check();
      await block.getByTestId('block-submit').click();
      await poll(() => block.getByTestId('block-error').textContent()).toMatch(
        /^A booking is in the way: Diya Guest on .* at 3:00 PM \(#[0-9A-F]{8}\)\. Move or cancel them first\.$/,
      );
      await shot(page, 'calendar-leave-conflict-1280');
      await api('users/cancelBooking', { bookingId: inTheWay.id, reason: 'Travelling' }, inTheWay.token);
      await block.getByTestId('block-submit').click();
      await block.waitFor({ state: 'detached' });
      await page.getByTestId('cal-week-staff').selectOption(aakashId);
      await page.getByTestId('cal-date').fill(first);
      await poll(() => page.getByTestId('cal-block-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')))).toEqual([
        first,
        middle,
        last,
      ]);
      // (Diya's cancelled card stays on the grid over the leave: the block is opened at its top.)
      await page.locator(`[data-testid="cal-block-item"][data-date="${middle}"]`).click({ position: { x: 12, y: 6 } });
      const details = page.getByTestId('block-details');
      await poll(() => details.textContent()).toContain('(3 days), all day');
      await shot(page, 'calendar-leave-week-1280');
      await details.getByTestId('block-remove-series').click();
      await details.waitFor({ state: 'detached' });
      await poll(() => page.getByTestId('cal-block-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-date')))).toEqual([
        first,
      ]);

      // A dropped connection: what happened meanwhile appears once it is back, and the feed lives on.
      await page.getByTestId('cal-mode-day').click();
      await page.getByTestId('cal-date').fill(date);
      await cardOf(page, c.id).waitFor();
      relay.cut();
      await poll(() => page.getByTestId('cal-live').getAttribute('data-status')).not.toBe('pending');
      const missed = await customerBooks(salon, aakashId, date, '4:00 PM', 'Esha');
      await shot(page, 'calendar-reconnecting-1280');
      relay.restore();
      await expect.poll(() => page.getByTestId('cal-live').getAttribute('data-status'), { timeout: 20_000, interval: 100 }).toBe('pending');
      await expect.poll(() => cardOf(page, missed.id).count(), { timeout: 5000, interval: 100 }).toBe(1);
      await api('users/cancelBooking', { bookingId: missed.id, reason: 'Change of plans' }, missed.token);
      await expect.poll(() => cardOf(page, missed.id).getAttribute('data-status'), { timeout: 5000, interval: 100 }).toBe('cancelled');

      // The phone-sized views of the new dialogs.
      await cardOf(other.page, c.id).click();
      await small.waitFor();
      await shot(other.page, 'calendar-card-actions-390');
      await small.getByRole('button', { name: 'Close' }).first().click();
      await other.page.getByTestId('cal-block').click();
      await other.page.getByTestId('block-modal').getByTestId('block-end-date').waitFor();
      await shot(other.page, 'calendar-block-range-390');
    } finally {
      await desk.context.close();
      await other.context.close();
      await relay.close();
    }
  });
});
