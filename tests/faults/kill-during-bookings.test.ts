import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, type ServerProcess, scratchDatabase, sleep, startServer } from './helpers.js';

/**
 * Two server processes over one PostgreSQL database take bookings from 16 clients; one process is
 * killed with SIGKILL mid-load. Whatever a client was told is booked must be in the database exactly
 * once, no staff member may be double-booked, and the other process keeps serving.
 */

const CLIENTS = 16;
const LOAD_MS = 4_000;
const KILL_AFTER_MS = 1_800;
const ACTIVE = "('pending', 'upcoming', 'confirmed')";

function salonDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}

interface Acked {
  id: string;
  key: string;
  userId: string;
  staffId: string;
  at: number;
}

describe('kill -9 of one of two server processes during booking load', () => {
  it('keeps every acknowledged booking exactly once and never double-books a staff member', async () => {
    const db = await scratchDatabase('gb_faults_kill');
    const servers: ServerProcess[] = [];
    try {
      servers.push(await startServer({ DATABASE_URL: db.url, SEED_DEMO: 'auto', DB_POOL_MAX: '8' }));
      servers.push(await startServer({ DATABASE_URL: db.url, SEED_DEMO: 'never', DB_POOL_MAX: '8' }));
      const [victim, survivor] = servers;

      const search = await call(survivor.url, 'GET', '/api/merchants/search?service=');
      const salonId: string = search.json.data.merchants.find((m: { shop_Name: string }) => m.shop_Name === 'Glow & Grace Salon')?._id;
      expect(salonId, 'the demo data has Glow & Grace Salon').toBeTruthy();
      const detail = await call(survivor.url, 'GET', `/api/merchants/getMerchantById/${salonId}`);
      expect(detail.status).toBe(200);
      const serviceIds: string[] = detail.json.merchant.services.map((s: { _id: string }) => s._id);
      expect(serviceIds.length).toBeGreaterThan(0);
      expect(detail.json.merchant.stylists.length).toBeGreaterThan(1);

      const customers = await Promise.all(
        Array.from({ length: CLIENTS }, async (_, i) => {
          const r = await call(servers[i % 2].url, 'POST', '/api/users/registerUser', {
            body: {
              firstName: 'Load',
              lastName: `Client${i}`,
              email: `load-${i}-${randomUUID().slice(0, 8)}@faults.in`,
              phone: `9${String(randomInt(100_000_000, 999_999_999))}`,
              password: 'Demo@1234',
            },
          });
          expect(r.status, r.text).toBe(201);
          return { id: r.json.user._id as string, token: r.json.token as string };
        }),
      );

      const alive = new Set(servers);
      const acked: Acked[] = [];
      const statuses = new Map<string, number>();
      const count = (k: string) => statuses.set(k, (statuses.get(k) ?? 0) + 1);
      let inFlightOnVictim = 0;
      let inFlightAtKill = -1;
      const started = Date.now();

      const pick = () => {
        const list = [...alive];
        return list[randomInt(list.length)];
      };

      /** One request, sent again (same body, same Idempotency-Key) to a live process if its process dies under it. */
      async function send(apiPath: string, body: unknown, token: string, key?: string) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const server = pick();
          if (server === victim) inFlightOnVictim++;
          try {
            return await call(server.url, 'POST', apiPath, { body, token, headers: key ? { 'idempotency-key': key } : {} });
          } catch {
            count('connection failed');
          } finally {
            if (server === victim) inFlightOnVictim--;
          }
        }
        throw new Error(`${apiPath} failed on every process`);
      }

      async function client(customer: { id: string; token: string }) {
        while (Date.now() - started < LOAD_MS) {
          const date = salonDate(randomInt(1, 15));
          const services = [serviceIds[randomInt(serviceIds.length)]];
          const slots = await send('/api/users/getAvailableSlots', { merchantId: salonId, date, serviceIds: services }, customer.token);
          count(`slots ${slots.status}`);
          const list: { time: string; staffIds: string[] }[] = slots.json?.data?.slots ?? [];
          if (!list.length) continue;
          const slot = list[randomInt(list.length)];
          const staffId = slot.staffIds[randomInt(slot.staffIds.length)];
          const key = randomUUID();
          const body = {
            userId: customer.id,
            merchantId: salonId,
            serviceIds: services,
            staffId,
            bookingDate: date,
            bookingTime: slot.time,
          };
          const r = await send('/api/users/createBooking', body, customer.token, key);
          count(`book ${r.status}`);
          if (r.status === 201 || r.status === 200)
            acked.push({ id: r.json.data.booking._id, key, userId: customer.id, staffId, at: Date.now() });
        }
      }

      async function killer() {
        await sleep(KILL_AFTER_MS);
        // Kill only while the victim is busy, so that requests die with it.
        while (inFlightOnVictim < 2 && Date.now() - started < LOAD_MS - 500) await sleep(2);
        inFlightAtKill = inFlightOnVictim;
        alive.delete(victim);
        process.kill(-victim.child.pid!, 'SIGKILL');
        return Date.now();
      }

      const [killedAt] = await Promise.all([killer(), ...customers.map(client)]);
      expect(await victim.exited).toBe('SIGKILL');
      const report = Object.fromEntries(statuses);
      console.log(
        `kill -9: ${acked.length} bookings acknowledged, ${inFlightAtKill} requests in flight on the killed process, statuses ${JSON.stringify(report)}`,
      );

      expect(inFlightAtKill, 'requests were in flight on the killed process').toBeGreaterThan(0);
      expect(
        [...statuses.keys()].filter((k) => /\s5\d\d$/.test(k)),
        JSON.stringify(report),
      ).toEqual([]);
      expect(acked.length).toBeGreaterThan(10);
      expect(
        acked.some((a) => a.at < killedAt),
        'bookings were taken before the kill',
      ).toBe(true);
      expect(
        acked.some((a) => a.at > killedAt),
        'bookings were taken after the kill',
      ).toBe(true);

      const sql = db.client();
      await sql.connect();
      try {
        // Every acknowledged booking is stored, once, as what the client asked for.
        const byKey = new Map<string, string>();
        for (const a of acked) {
          expect(byKey.get(a.key) ?? a.id).toBe(a.id);
          byKey.set(a.key, a.id);
        }
        const ids = [...new Set(acked.map((a) => a.id))];
        const stored = await sql.query<{ id: string; user_id: string; staff_id: string; idempotency_key: string; status: string }>(
          'select id, user_id, staff_id, idempotency_key, status from bookings where id = any($1::uuid[])',
          [ids],
        );
        expect(stored.rows.length).toBe(ids.length);
        const storedById = new Map(stored.rows.map((r) => [r.id, r]));
        for (const a of acked) {
          expect(storedById.get(a.id)).toMatchObject({
            user_id: a.userId,
            staff_id: a.staffId,
            idempotency_key: a.key,
            status: 'upcoming',
          });
        }
        const userIds = customers.map((c) => c.id);
        const dupKeys = await sql.query(
          'select user_id, idempotency_key, count(*)::int as n from bookings where user_id = any($1::uuid[]) group by 1, 2 having count(*) > 1',
          [userIds],
        );
        expect(dupKeys.rows).toEqual([]);
        const ours = await sql.query<{ n: number }>('select count(*)::int as n from bookings where user_id = any($1::uuid[])', [userIds]);
        // A booking committed by the killed process whose answer was lost is allowed; a lost acknowledged one is not.
        expect(ours.rows[0].n).toBeGreaterThanOrEqual(ids.length);
        const overlaps = await sql.query(
          `select a.id, b.id from bookings a join bookings b
             on a.staff_id = b.staff_id and a.id < b.id and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
           where a.status in ${ACTIVE} and b.status in ${ACTIVE}`,
        );
        expect(overlaps.rows).toEqual([]);
      } finally {
        await sql.end();
      }

      // The surviving process still answers reads and takes bookings.
      expect((await call(survivor.url, 'GET', '/api/health')).status).toBe(200);
      expect((await call(survivor.url, 'GET', `/api/merchants/getMerchantById/${salonId}`)).status).toBe(200);
      const bookings = await call(survivor.url, 'POST', '/api/users/getAllBookings', {
        body: { userId: customers[0].id },
        token: customers[0].token,
      });
      expect(bookings.status, bookings.text).toBe(200);
    } finally {
      for (const s of servers) await s.dispose();
      await db.drop();
    }
  }, 80_000);
});
