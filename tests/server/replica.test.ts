import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap, type Runtime } from '../../src/server/bootstrap.js';
import { openReplica } from '../../src/server/db/replica.js';
import { loadEnv } from '../../src/server/env.js';
import { createSalon, createService, createStaff, localDate, type SalonFixture, workingHours } from '../helpers/fixtures.js';
import { HAVE_INITDB, NO_INITDB_REASON, type PrimaryWithReplica, startPrimaryWithReplica } from '../helpers/pgCluster.js';
import { DB_KIND, makeAccount } from '../helpers/runtime.js';

/*
 * Discovery reads on a real streaming replica: the test makes its own primary and hot standby
 * (initdb + pg_basebackup -R; the machine's own cluster allows no replication connections), pauses
 * the standby's replay, writes to the primary, and shows which reads see the write (the primary)
 * and which do not (the replica).
 */
if (DB_KIND === 'pg' && !HAVE_INITDB) {
  // In CI a missing PostgreSQL must fail the run, not pass it silently; on a laptop it skips loudly.
  if (process.env.CI) {
    describe('DATABASE_REPLICA_URL: discovery reads on a streaming replica', () => {
      it('has PostgreSQL server binaries to run', () => {
        expect.fail(`replica.test.ts cannot run in CI: ${NO_INITDB_REASON}`);
      });
    });
  } else console.warn(`replica.test.ts skipped: ${NO_INITDB_REASON}`);
}

describe.skipIf(DB_KIND !== 'pg' || !HAVE_INITDB)('DATABASE_REPLICA_URL: discovery reads on a streaming replica', () => {
  let clusters: PrimaryWithReplica;
  let rt: Runtime;
  let server: Server;
  let base: string;
  let dataDir: string;
  let salon: SalonFixture;
  let service: string;
  let replicaSql: pg.Client;
  let primarySql: pg.Client;

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, { headers });
    expect(res.status, url).toBe(200);
    return res.json() as Promise<any>;
  };
  const salonName = async (headers: Record<string, string> = {}) =>
    (await get(`/api/merchants/getMerchantById/${salon.id}`, headers)).merchant.shop_Name as string;
  const searchNames = async (headers: Record<string, string> = {}) =>
    (
      (await get(`/api/merchants/search?searchQuery=${encodeURIComponent('Replica')}`, headers)).data.merchants as { shop_Name: string }[]
    ).map((m) => m.shop_Name);
  const caughtUp = async () => {
    for (let i = 0; i < 200; i++) {
      const { rows } = await replicaSql.query(`select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok`, [
        (await primarySql.query('select pg_current_wal_lsn() as l')).rows[0].l,
      ]);
      if (rows[0].ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the replica did not catch up');
  };

  beforeAll(async () => {
    clusters = await startPrimaryWithReplica();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-test-'));
    rt = await bootstrap(
      loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        DATABASE_URL: clusters.primary.url,
        DATABASE_REPLICA_URL: clusters.replica.url,
        // Paused replay makes the replica fall behind on purpose; the fallback has its own test.
        REPLICA_MAX_LAG_S: '3600',
        DB_POOL_MAX: '4',
      }),
      { serveClient: false, seed: false },
    );
    server = rt.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    salon = await createSalon(rt, { name: 'Replica Lounge' });
    service = await createService(rt, salon.id, { name: 'Haircut', duration: 30 });
    await createStaff(rt, salon.id, { workingHours: workingHours('09:00', '18:00') });
    replicaSql = new pg.Client({ connectionString: clusters.replica.url });
    primarySql = new pg.Client({ connectionString: clusters.primary.url });
    await Promise.all([replicaSql.connect(), primarySql.connect()]);
    await caughtUp();
  });

  afterAll(async () => {
    await replicaSql?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await replicaSql?.end().catch(() => undefined);
    await primarySql?.end().catch(() => undefined);
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await rt?.handle.close();
    clusters?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('anonymous discovery reads come from the replica; owners, recent writers and bookings use the primary', async () => {
    expect(rt.deps.readDb).not.toBe(rt.deps.db);
    expect(rt.deps.replica?.usable()).toBe(true);
    expect((await replicaSql.query('select pg_is_in_recovery() as r')).rows[0].r).toBe(true);
    expect(await salonName()).toBe('Replica Lounge');

    await replicaSql.query('select pg_wal_replay_pause()');
    await primarySql.query(`update merchants set shop_name = 'Replica Lounge Renamed' where id = $1`, [salon.id]);
    // The replica holds the old name until it replays again; the primary has the new one.
    expect((await replicaSql.query('select shop_name from merchants where id = $1', [salon.id])).rows[0].shop_name).toBe('Replica Lounge');

    // A visitor's salon page and search: the replica.
    expect(await salonName()).toBe('Replica Lounge');
    expect(await searchNames()).toEqual(['Replica Lounge']);
    // The owner's own view of the salon page: the primary.
    const ownerToken = await rt.deps.tokens.sign({ sub: salon.id, role: 'merchant', ver: 0 });
    expect(await salonName({ authorization: `Bearer ${ownerToken}` })).toBe('Replica Lounge Renamed');

    // A customer books (a write: on the primary, the replica is read-only and paused).
    const customer = await makeAccount(rt, 'customer');
    const token = await rt.deps.tokens.sign({ sub: customer.id, role: 'customer', ver: 0 });
    const date = localDate(2);
    const slotsInput = { merchantId: salon.id, serviceIds: [service], date };
    const freeBefore = (await post('/api/users/getAvailableSlots', slotsInput)).body.data.slots.map((s: { time: string }) => s.time);
    expect(freeBefore).toContain('10:00 AM');
    const booked = await post(
      '/api/users/createBooking',
      { merchantId: salon.id, serviceIds: [service], bookingDate: date, bookingTime: '10:00 AM' },
      { authorization: `Bearer ${token}` },
    );
    expect(booked.status).toBe(201);
    const cookie = booked.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^gb_wrote=1; Max-Age=3602; Path=\/; HttpOnly; SameSite=Lax$/);
    expect((await primarySql.query('select count(*)::int as n from bookings where merchant_id = $1', [salon.id])).rows[0].n).toBe(1);
    expect((await replicaSql.query('select count(*)::int as n from bookings where merchant_id = $1', [salon.id])).rows[0].n).toBe(0);

    // Slots for display (a visitor): from the replica, which has not seen the booking yet.
    const visitorSlots = (await post('/api/users/getAvailableSlots', slotsInput)).body.data.slots.map((s: { time: string }) => s.time);
    expect(visitorSlots).toContain('10:00 AM');
    // The customer who just booked reads the primary while the cookie lasts: the slot is taken, the name is new.
    const withCookie = { authorization: `Bearer ${token}`, cookie: 'gb_wrote=1' };
    const ownSlots = (await post('/api/users/getAvailableSlots', slotsInput, withCookie)).body.data.slots.map(
      (s: { time: string }) => s.time,
    );
    expect(ownSlots).not.toContain('10:00 AM');
    expect(await salonName({ cookie: 'gb_wrote=1' })).toBe('Replica Lounge Renamed');
    // A read answers no cookie; only mutations do.
    expect((await fetch(`${base}/api/merchants/getMerchantById/${salon.id}`)).headers.get('set-cookie')).toBeNull();

    // The app's replica pool is connected to the replica under its own name.
    const names = (
      await replicaSql.query(
        `select distinct application_name from pg_stat_activity where datname = 'postgres' and pid <> pg_backend_pid()`,
      )
    ).rows.map((r) => r.application_name);
    expect(names).toContain('glowbook-replica');

    // Once the replica replays again, visitors see the change.
    await replicaSql.query('select pg_wal_replay_resume()');
    await caughtUp();
    expect(await salonName()).toBe('Replica Lounge Renamed');
    expect((await post('/api/users/getAvailableSlots', slotsInput)).body.data.slots.map((s: { time: string }) => s.time)).not.toContain(
      '10:00 AM',
    );
  });

  it('a replica that lags more than REPLICA_MAX_LAG_S, or cannot be reached, sends discovery reads to the primary', async () => {
    await replicaSql.query('select pg_wal_replay_pause()');
    await primarySql.query(`update merchants set shop_name = 'Replica Lounge Lagging' where id = $1`, [salon.id]);
    // Once the standby has received the change it has not replayed, it lags: too much for a monitor allowed none.
    for (let i = 0; i < 200; i++) {
      const { rows } = await replicaSql.query('select pg_last_wal_receive_lsn() > pg_last_wal_replay_lsn() as behind');
      if (rows[0].behind) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const strict = await openReplica(clusters.replica.url, { poolMax: 1, maxLagSeconds: 0, intervalMs: 60_000 });
    try {
      expect(strict.usable()).toBe(false);
      expect(strict.lagSeconds()).toBeGreaterThan(0);
    } finally {
      await strict.close();
    }
    await replicaSql.query('select pg_wal_replay_resume()');
    await caughtUp();

    // The replica goes away: within a probe the visitor's reads move to the primary, and keep working.
    await primarySql.query(`update merchants set shop_name = 'Replica Lounge Primary' where id = $1`, [salon.id]);
    await replicaSql.end();
    replicaSql = undefined as never;
    clusters.replica.stop();
    await (rt.deps.replica as unknown as { probe(): Promise<void> }).probe();
    expect(rt.deps.replica?.usable()).toBe(false);
    expect(await salonName()).toBe('Replica Lounge Primary');
    expect(await searchNames()).toEqual(['Replica Lounge Primary']);
  });

  async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  }
});

describe('the read split stays explicit', () => {
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  const using = (re: RegExp) =>
    files('src/server')
      .filter((f) => re.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative('src/server', f).split(path.sep).join('/'))
      .sort();

  it('only trpc/reads.ts picks deps.readDb, and only the discovery reads ask it to', () => {
    expect(using(/\.readDb\b/)).toEqual(['trpc/context.ts', 'trpc/reads.ts']);
    expect(using(/\bdiscoveryDb\(/)).toEqual(['routers/bookings.ts', 'routers/discovery.ts', 'trpc/reads.ts']);
    const bookings = fs.readFileSync('src/server/routers/bookings.ts', 'utf8').replace(/\s+/g, ' ');
    // In the bookings router, only the slots a visitor looks at (never the booking itself, nor a move's).
    expect(bookings.match(/discoveryDb\(ctx\)/g)).toHaveLength(1);
    expect(bookings).toMatch(/getAvailableSlots\(input\.exceptBookingId \? ctx\.deps\.db : discoveryDb\(ctx\)/);
  });
});
