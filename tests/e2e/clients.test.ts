import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/*
 * Issue 41 items 1 and 6 in the browser: a client's private record (flags shown on their booking
 * card, notes with history, a before photo) and the owner's reports, at 1280 and 390 px.
 */

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** An upcoming booking of the demo salon whose client has a GlowBook account, and its client key. */
async function upcomingAccountBooking() {
  const { token } = await api<{ token: string }>('merchants/loginMerchant/EmailLogin', {
    email: 'merchant@demo.in',
    password: 'Demo@1234',
  });
  const { bookings } = await api<{ bookings: { _id: string; bookingDate: string }[] }>(
    'merchants/getAllBookings',
    { status: 'upcoming' },
    token,
  );
  const flags = await api<{ data: { bookingId: string; clientKey: string }[] }>(
    'clients/getBookingFlags',
    { bookingIds: bookings.slice(0, 200).map((b) => b._id) },
    token,
  );
  // The latest one: the other browser tests settle the earliest.
  for (const b of [...bookings].reverse()) {
    const f = flags.data.find((x) => x.bookingId === b._id);
    if (f && !f.clientKey.startsWith('walk-in:')) return { id: b._id, date: b.bookingDate, clientKey: f.clientKey };
  }
  throw new Error('the demo salon has no upcoming booking of a customer with an account');
}

async function merchantPage(browser: Browser, width: number, height: number) {
  const { context, page } = await newPage(browser, { width, height });
  await signIn(page, 'merchant@demo.in', 'Demo@1234', true);
  await poll(() => new URL(page.url()).pathname).toMatch(/^\/merchant/);
  return { context, page };
}

async function openCard(page: Page, booking: { id: string; date: string }) {
  await page.goto('/merchant/appointments');
  await page.getByTestId('desk-calendar').waitFor();
  await page.getByTestId('cal-date').fill(booking.date);
  const card = page.locator(`[data-testid="cal-booking"][data-booking-id="${booking.id}"]`);
  await card.waitFor();
  return card;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('client records', () => {
  it('opens from a booking card, keeps flags, notes with history and a private photo; the card shows the allergy', async () => {
    const booking = await upcomingAccountBooking();
    const { context, page } = await merchantPage(browser, 1280, 900);
    try {
      const card = await openCard(page, booking);
      await card.click();
      const modal = page.getByTestId('calendar-booking-modal');
      await modal.getByTestId('client-record-link').click();
      await poll(() => decodeURIComponent(new URL(page.url()).pathname)).toBe(`/merchant/clients/${booking.clientKey}`);
      await page.getByTestId('client-flags-card').waitFor();

      // Flags: a patch test needs its date; the server says so by field and nothing is saved.
      const stamp = String(Date.now()).slice(-5);
      const allergy = `Ammonia ${stamp}`;
      await page.getByTestId('client-allergies').fill(allergy);
      await page.getByTestId('client-patch-test').selectOption('passed');
      await page.getByTestId('client-patch-test-on').fill('');
      await page.getByTestId('client-flags-save').click();
      await poll(() => page.getByTestId('client-flags-error').textContent()).toContain('date of the patch test');
      await page.getByTestId('client-patch-test-on').fill('2026-11-28');
      await page.getByTestId('client-tags').fill('Keratin, Weekend only');
      await page.getByTestId('client-flags-save').click();
      await poll(() => page.getByTestId('flag-allergy').first().textContent()).toContain(allergy);

      // A note, then an edit: the first version stays in the history.
      await page.getByTestId('note-body').fill(`Formula ${stamp}: 7.3 + 6% 35 min`);
      await page.getByTestId('note-add').click();
      const note = page.getByTestId('client-note').filter({ hasText: `Formula ${stamp}` });
      await note.waitFor();
      await note.getByTestId('note-edit').click();
      await note.getByTestId('note-edit-body').fill(`Formula ${stamp}: 7.3 + 6% 30 min`);
      await note.getByTestId('note-edit-save').click();
      const edited = page.getByTestId('client-note').filter({ hasText: '30 min' });
      await edited.getByTestId('note-history').waitFor();
      await edited.getByTestId('note-history').locator('summary').click();
      await poll(() => edited.getByTestId('note-history').textContent()).toContain('35 min');

      // A before photo: uploaded, shown from the salon's own call (a data URL, not a public address).
      const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b0707f' } })
        .png()
        .toBuffer();
      await page.getByTestId('photo-caption').fill(`Roots ${stamp}`);
      await page.getByTestId('photo-file').setInputFiles({ name: 'before.png', mimeType: 'image/png', buffer: png });
      const photo = page.getByTestId('client-photo').filter({ hasText: `Roots ${stamp}` });
      await photo.waitFor();
      await poll(() => photo.locator('img').getAttribute('src')).toMatch(/^data:image\/webp;base64,/);
      await page.getByTestId('client-visits').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'client-record-1280');

      // Back on the calendar the card carries the allergy, and the list view's row does too.
      const again = await openCard(page, booking);
      await poll(() => again.getByTestId('cal-booking-flags').textContent()).toContain(allergy);
      await shot(page, 'client-flags-calendar-1280');
    } finally {
      await context.close();
    }
  });

  it('reads well on a phone', async () => {
    const booking = await upcomingAccountBooking();
    const { context, page } = await merchantPage(browser, 390, 844);
    try {
      await page.goto(`/merchant/clients/${encodeURIComponent(booking.clientKey)}`);
      await page.getByTestId('client-notes').waitFor();
      await page.getByTestId('client-visits').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'client-record-390');
    } finally {
      await context.close();
    }
  });
});

describe('customer data requests (admin)', () => {
  it('exports a person’s records across salons as JSON, then erases them', async () => {
    const booking = await upcomingAccountBooking();
    const { token } = await api<{ token: string }>('merchants/loginMerchant/EmailLogin', {
      email: 'merchant@demo.in',
      password: 'Demo@1234',
    });
    const record = await api<{ data: { email: string; notes: unknown[] } }>('clients/getRecord', { clientKey: booking.clientKey }, token);
    expect(record.data.notes.length).toBeGreaterThan(0);
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    try {
      await signIn(page, 'admin@demo.in');
      await poll(() => new URL(page.url()).pathname).toMatch(/^\/admin/);
      await page.goto('/admin/security');
      const card = page.getByTestId('data-rights');
      await card.waitFor();
      await page.getByTestId('data-rights-email').fill(record.data.email);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-rights-export').click()]);
      const exported = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
        subject: { email: string };
        salons: { notes: unknown[] }[];
      };
      expect(exported.subject.email).toBe(record.data.email);
      expect(exported.salons.flatMap((s) => s.notes).length).toBe(
        (
          await api<{ data: { notes: { history: unknown[] }[] } }>('clients/getRecord', { clientKey: booking.clientKey }, token)
        ).data.notes.reduce((n, note) => n + 1 + note.history.length, 0),
      );
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'admin-data-rights-1280');
      await page.getByTestId('data-rights-erase').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Erase' }).click();
      await poll(
        async () => (await api<{ data: { notes: unknown[] } }>('clients/getRecord', { clientKey: booking.clientKey }, token)).data.notes,
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('reports', () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    it(`shows the figures for a range, with charts and CSV per table, at ${width} px`, async () => {
      const { context, page } = await merchantPage(browser, width, height);
      try {
        await page.goto('/merchant/reports');
        await page.getByTestId('reports').waitFor();
        // A range that ends before it starts is refused on the page.
        await page.getByTestId('report-from').fill('2026-12-10');
        await page.getByTestId('report-to').fill('2026-12-01');
        await page.getByTestId('report-apply').click();
        await poll(() => page.getByTestId('report-range-error').textContent()).toContain('ends before');
        await page.getByRole('button', { name: 'Last 90 days' }).click();
        await poll(() => page.getByTestId('report-range-error').count()).toBe(0);
        await poll(() => page.getByTestId('report-period').textContent()).toMatch(/to/);
        // The tables add up to the headline net sales: both read together, as the new range's figures
        // replace the last range's (the period line says "to" for either).
        await poll(async () => {
          const [net, services] = await Promise.all([
            page.getByTestId('tile-net').textContent(),
            page.getByTestId('services-net').textContent(),
          ]);
          return services === net ? 'equal' : `${services} against ${net}`;
        }).toBe('equal');
        await page.getByTestId('row-service').first().waitFor();
        await page.getByTestId('chart-services').locator('svg').first().waitFor();
        await page.getByTestId('chart-occupancy').locator('svg').first().waitFor();
        if (width > 400) {
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-services').click()]);
          const csv = fs.readFileSync((await download.path())!, 'utf8');
          expect(csv.split('\n')[0]).toBe('Service,Times done,Sales before discounts (INR)');
          expect(csv).toMatch(/\nNet sales,\d+,\d+\.\d{2}\n$/);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, `reports-${width}`);
      } finally {
        await context.close();
      }
    });
  }
});
