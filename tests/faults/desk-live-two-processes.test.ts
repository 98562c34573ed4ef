import { describe, expect, it } from 'vitest';
import { call, type ServerProcess, scratchDatabase, sleep, startServer } from './helpers.js';

/**
 * The merchant calendar's live feed across two server processes over one PostgreSQL: a desk whose
 * stream (a tRPC subscription over server-sent events) is served by one process hears a booking
 * and a cancellation made through the other (LISTEN/NOTIFY), and when its process loses the LISTEN
 * connection the stream says 'sync' once it is back, so the desk re-reads what it may have missed.
 */

interface Feed {
  events: { kind: string; dates?: string[] }[];
  close(): void;
}

/** Reads the subscription's server-sent events into `events` until closed. */
async function openFeed(base: string, token: string): Promise<Feed> {
  const controller = new AbortController();
  const res = await fetch(`${base}/trpc/merchants.deskEvents?input=${encodeURIComponent(JSON.stringify({}))}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const feed: Feed = { events: [], close: () => controller.abort() };
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('');
          if (!data) continue;
          try {
            const parsed = JSON.parse(data);
            if (parsed && typeof parsed.kind === 'string') feed.events.push(parsed);
          } catch {
            // not an event of ours (the connection's own messages)
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return feed;
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error('timed out');
}

function kolkataDate(daysAhead: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + daysAhead * 86_400_000),
  );
}

describe('the calendar’s live feed across two server processes', () => {
  it('hears bookings made through the other process, and syncs after its LISTEN connection was cut', async () => {
    const db = await scratchDatabase('gb_faults_desk');
    const servers: ServerProcess[] = [];
    const client = db.client();
    let feed: Feed | undefined;
    try {
      servers.push(await startServer({ DATABASE_URL: db.url, SEED_DEMO: 'auto', JOBS: 'off', DB_POOL_MAX: '4' }));
      servers.push(await startServer({ DATABASE_URL: db.url, SEED_DEMO: 'never', JOBS: 'off', DB_POOL_MAX: '4' }));
      const [a, b] = servers;
      await client.connect();

      const merchant = await call(a.url, 'POST', '/api/merchants/loginMerchant/EmailLogin', {
        body: { email: 'merchant@demo.in', password: 'Demo@1234' },
      });
      expect(merchant.status, merchant.text).toBe(200);
      const salonId: string = merchant.json.user._id;
      feed = await openFeed(a.url, merchant.json.token);
      await waitFor(() => feed!.events.some((e) => e.kind === 'sync'), 10_000);

      // A customer books through the other process.
      const customer = await call(b.url, 'POST', '/api/users/registerUser', {
        body: { firstName: 'Two', lastName: 'Process', email: `two.${Date.now()}@example.com`, password: 'Demo@1234' },
      });
      expect(customer.status, customer.text).toBe(201);
      const salon = await call(b.url, 'GET', `/api/merchants/getMerchantById/${salonId}`);
      const service = salon.json.merchant.services[0]._id;
      let booking: { _id: string; bookingDate: string } | undefined;
      for (let day = 2; day < 14 && !booking; day++) {
        const date = kolkataDate(day);
        const slots = await call(b.url, 'POST', '/api/users/getAvailableSlots', {
          body: { merchantId: salonId, date, serviceIds: [service] },
        });
        const slot = slots.json.data.slots.at(-1);
        if (!slot) continue;
        const made = await call(b.url, 'POST', '/api/users/createBooking', {
          body: { merchantId: salonId, serviceIds: [service], bookingDate: date, bookingTime: slot.time },
          token: customer.json.token,
        });
        expect(made.status, made.text).toBe(201);
        booking = made.json.data.booking;
      }
      expect(booking).toBeDefined();
      await waitFor(() => feed!.events.some((e) => e.kind === 'changed' && e.dates?.includes(booking!.bookingDate)), 5000);

      // The process serving the desk loses its LISTEN connection: once it has listened again, 'sync'.
      const syncsBefore = feed.events.filter((e) => e.kind === 'sync').length;
      const cut = await client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'glowbook-listen' and datname = $1`,
        [db.name],
      );
      expect(cut.rowCount).toBe(1);
      await waitFor(() => feed!.events.filter((e) => e.kind === 'sync').length > syncsBefore, 10_000);

      // And it hears the other process again: the customer cancels through it.
      const changesBefore = feed.events.filter((e) => e.kind === 'changed').length;
      const cancelled = await call(b.url, 'POST', '/api/users/cancelBooking', {
        body: { bookingId: booking!._id },
        token: customer.json.token,
      });
      expect(cancelled.status, cancelled.text).toBe(200);
      await waitFor(() => feed!.events.filter((e) => e.kind === 'changed').length > changesBefore, 5000);
    } finally {
      feed?.close();
      await client.end().catch(() => undefined);
      for (const s of servers) await s.dispose();
      await db.drop();
    }
  });
});
