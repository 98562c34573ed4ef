/**
 * npm run bench: seeds a large synthetic catalogue on local PostgreSQL, drives the built server,
 * prints a table and writes bench/results.json. Needs `npm run build` first (it runs it if dist is
 * missing) and PostgreSQL on 127.0.0.1:5432 (BENCH_DATABASE_URL to override).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { type KyselyPlugin, sql } from 'kysely';
import { createGeocoder } from '../src/server/adapters/geocoding/index.js';
import { createDeps } from '../src/server/bootstrap.js';
import { openDatabase } from '../src/server/db/index.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { loadEnv } from '../src/server/env.js';
import { seedIfEmpty } from '../src/server/seed/index.js';
import { createTokenService, loadJwtSecret } from '../src/server/services/auth/tokens.js';
import { getAvailableSlots } from '../src/server/services/bookings/availability.js';
import { createBooking } from '../src/server/services/bookings/create.js';
import { getCalendar } from '../src/server/services/calendar/index.js';
import { searchMerchants } from '../src/server/services/discovery/search.js';
import { searchInput } from '../src/shared/schemas/discovery.js';
import {
  bareConstraintCeiling,
  bookingScriptAcross,
  type CapturedBooking,
  capturingDb,
  type PgbenchResult,
  pgbenchScript,
  readCeiling,
  runPgbench,
  type Statement,
} from './ceiling.js';
import { type CpuSplit, waitUntilSettled } from './cpu.js';
import {
  catalogueCounts,
  embeddedBlock,
  ensureDatabase,
  type GrowthSize,
  growthBlock,
  growthDatabaseUrl,
  interleavedReads,
  prepareEmbeddedCatalogue,
  preparePostgresCatalogue,
  type ReadTarget,
  readTargets,
  sqlCpuPerRead,
} from './growth.js';
import { type LighthouseResults, lighthouseMobile, lighthouseRows } from './lighthouse.js';
import { type LoadResult, type RequestSpec, request, runLoad } from './load.js';
import { GROWTH_SIZES, SIZES, seedBenchCatalogue } from './seed.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgres://postgres@127.0.0.1:5432';
const BENCH_DB = process.env.BENCH_DATABASE_URL ?? `${PG_BASE}/glowbook_bench`;
/*
 * The database phases run twice when the local server also listens on its Unix socket: over TCP
 * to 127.0.0.1 and over the socket (how local clients such as psql connect by default). On some
 * machines loopback TCP costs each round trip far more than the socket; both figures are kept.
 */
const SOCKET_DIR = process.env.BENCH_PG_SOCKET_DIR ?? '/var/run/postgresql';
function viaSocket(url: string): string | null {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(u.hostname) || process.env.BENCH_DATABASE_URL) return null;
  if (!fs.existsSync(path.join(SOCKET_DIR, `.s.PGSQL.${u.port || 5432}`))) return null;
  return `postgresql://${u.username}@localhost/${u.pathname.slice(1)}?host=${encodeURIComponent(SOCKET_DIR)}&port=${u.port || 5432}`;
}
const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = QUICK ? 3 : 10;
/*
 * Each load phase measures processes in their steady state, after a warm-up whose requests are not
 * counted: V8 compiles a path's hot functions over its first seconds of load, and a fresh server
 * spends that time slower (the booking path took 2.8 ms of server CPU per booking in its first
 * 8 s of load, 2.2 in the next 8 s, 2.0 in the 8 s after). The warm-up's own figures are kept
 * beside each phase's (`warmup`), and the time to a first healthy answer is the cold start below.
 */
const READ_WARMUP_SECONDS = QUICK ? 1 : 5;
const BOOKING_WARMUP_SECONDS = QUICK ? 2 : 10;
const log = (s: string) => console.log(`[bench] ${s}`);
/*
 * BENCH_ONLY runs one phase alone and leaves bench/results.json as it is:
 * - transport: the salon read through /api, /trpc and a bare handler, over each database transport
 *   (the catalogue and the salon are prepared as for the full run);
 * - bookings: the booking phase (64 clients, two servers) and its two SQL ceilings (the booking's
 *   statements and the bare exclusion constraint through pgbench), over TCP, with CPU per booking;
 * - growth: the growth and embedded phases (bench/growth.ts).
 */
const ONLY = process.env.BENCH_ONLY || null;
if (ONLY !== null && !['transport', 'bookings', 'growth'].includes(ONLY))
  throw new Error(`BENCH_ONLY=${ONLY}: the phases that run alone are "transport", "bookings" and "growth"`);
const full = ONLY === null;
const bookingsPhase = full || ONLY === 'bookings';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitHealthy(url: string, ms: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    try {
      const r = await request({ method: 'GET', url: `${url}/api/health` });
      if (r.status === 200) return Date.now() - t0;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not become healthy`);
}

const children: ChildProcess[] = [];
function startProcess(cmd: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  return child;
}
function stop(child: ChildProcess) {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // gone
  }
}
process.on('exit', () => children.forEach(stop));

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; ms: number }> {
  const port = await freePort();
  const t0 = Date.now();
  // BENCH_SERVER_FLAGS: Node flags for the servers it starts, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = startProcess(process.execPath, [...flags, 'dist/server/src/server/main.js'], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'error',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, 60_000);
  return { url, child, ms: Date.now() - t0 };
}

function pgbenchTps(host: string): number | null {
  try {
    const db = 'glowbook_pgbench';
    execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-qc', `select 1`], { stdio: 'ignore' });
    const exists = execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-Atc', `select 1 from pg_database where datname='${db}'`])
      .toString()
      .trim();
    if (!exists) {
      execFileSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', db]);
      execFileSync('pgbench', ['-h', '127.0.0.1', '-U', 'postgres', '-i', '-s', '10', '-q', db], { stdio: 'ignore' });
    }
    const out = execFileSync('pgbench', [
      '-h',
      host,
      '-U',
      'postgres',
      '-S',
      '-n',
      '-c',
      '8',
      '-j',
      '2',
      '-T',
      String(SECONDS),
      db,
    ]).toString();
    const m = /tps = ([\d.]+)/.exec(out);
    return m ? Math.round(Number(m[1])) : null;
  } catch (err) {
    log(`pgbench unavailable: ${(err as Error).message}`);
    return null;
  }
}

function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The JavaScript the browser must fetch before the home route renders: the entry and its preloads. */
function initialJsKb(): number {
  const dist = path.join(ROOT, 'dist/client');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
  let bytes = 0;
  for (const f of files) bytes += gzipSize(path.join(dist, f.replace(/^\//, '')));
  return Math.round((bytes / 1024) * 10) / 10;
}

async function lcpMs(url: string): Promise<number | null> {
  const { chromium } = await import('playwright-core');
  if (!fs.existsSync('/usr/bin/chromium')) return null;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const values: number[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('splashSeen', 'true'));
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1].startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(-1), 3000);
        }),
    );
    if (lcp >= 0) values.push(lcp);
    await context.close();
  }
  await browser.close();
  values.sort((a, b) => a - b);
  return values.length ? Math.round(values[Math.floor(values.length / 2)]) : null;
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/src/server/main.js')) || !fs.existsSync(path.join(ROOT, 'dist/client/index.html'))) {
    log('building first (npm run build)');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const results: Record<string, unknown> = {
    startedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    sizes: SIZES,
  };

  if (ONLY === 'growth') {
    const growth = await growthPhase();
    console.log(JSON.stringify(growth, null, 2));
    return;
  }
  log(`preparing ${BENCH_DB}`);
  await ensureDatabase(BENCH_DB);
  const handle = await openDatabase({ databaseUrl: BENCH_DB, poolMax: 4 });
  const db = handle.db;
  await migrateToLatest(db);
  await seedIfEmpty(db);
  await seedBenchCatalogue(db, log);
  const counts = await sql<{ salons: number; services: number; staff: number; bookings: number }>`
    select (select count(*) from merchants)::int as salons, (select count(*) from services)::int as services,
           (select count(*) from staff)::int as staff, (select count(*) from bookings)::int as bookings`.execute(db);
  results.catalogue = counts.rows[0];
  log(`catalogue: ${JSON.stringify(counts.rows[0])}`);

  /*
   * The tables the booking phase churns (every booking's job is updated when it runs, every e-mail
   * twice) are vacuumed before each measurement, as autovacuum keeps them on a production server.
   * This machine's PostgreSQL runs with autovacuum off (a CI setting): dead rows left by earlier
   * runs would otherwise pile up, and a job claim that walks them cost four times as much. The
   * whole database is vacuumed, pg-boss's job tables with it, without naming them.
   */
  const vacuumChurned = () => sql`vacuum (analyze)`.execute(db);

  // The database phases, run over each transport the local server offers.
  const dbPhases = async (url: string, pgHost: string): Promise<Record<string, any>> => {
    const phase: Record<string, any> = { database: url.replace(/^postgres(ql)?:\/\/[^@]*@/, '') };
    // Jobs left queued by an earlier run (e-mails and reminders of bookings since deleted) would
    // keep the servers busy during this one.
    await sql`delete from jobs where status = 'queued' and (ref like 'booking:%' or kind = 'deliver_message')`.execute(db);
    await vacuumChurned();
    if (full) {
      log('pgbench -S (the ceiling of this box)');
      phase.pgbenchSelectTps = pgbenchTps(pgHost);
    }

    const a = await startServer({ DATABASE_URL: url, SEED_DEMO: 'never', DB_POOL_MAX: '16' });
    const b = await startServer({ DATABASE_URL: url, SEED_DEMO: 'never', DB_POOL_MAX: '16' });
    // Healthy is not yet settled: each server's job thread is still starting.
    await waitUntilSettled([a.child.pid!, b.child.pid!]);

    // Search: a mix of typical queries, concurrency 8.
    const searches = [
      'service=haircut&location=Pune',
      'service=facial',
      'location=Bandra&sortBy=distance',
      'lat=12.97&lng=77.59&maxDistance=5&sortBy=distance',
      'prices=500-1500&ratings=4',
      'service=massage&location=Hyderabad&sortBy=rating',
      'sortBy=popular&page=2',
      'gender=female&amenities=Parking&location=Mumbai',
    ];
    // Each read phase runs against one server process, then spread over both, as a load balancer
    // in front of them would spread it (worker w goes to servers[w % servers.length]).
    const readLoad = (servers: (typeof a)[], request: (server: typeof a, i: number) => RequestSpec) =>
      runLoad({
        concurrency: 8,
        seconds: SECONDS,
        warmupSeconds: READ_WARMUP_SECONDS,
        next: (w, i) => request(servers[w % servers.length], w + i),
        serverPids: servers.map((s) => s.child.pid!),
      });
    const searchOn = (server: typeof a, i: number): RequestSpec => ({
      method: 'GET',
      url: `${server.url}/api/merchants/search?${searches[i % searches.length]}`,
    });
    if (full) {
      log('search load');
      phase.search = await readLoad([a], searchOn);
      log('search load, two processes');
      phase.searchTwoProcesses = await readLoad([a, b], searchOn);
    }

    // Availability for a salon-day with 8 staff and 100 bookings.
    log('availability setup');
    const salon = await db
      .selectFrom('merchants')
      .select(['id'])
      .where('email', 'like', 'hello%@bench.in')
      .where('is_published', '=', true)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const service = await db
      .selectFrom('services')
      .select('id')
      .where('merchant_id', '=', salon.id)
      .orderBy('duration_min')
      .limit(1)
      .executeTakeFirstOrThrow();
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await sql`delete from bookings where merchant_id = ${salon.id} and idempotency_key like 'bench-avail-%'`.execute(db);
    await sql`delete from staff where merchant_id = ${salon.id} and name like 'Bench Extra%'`.execute(db);
    await sql`insert into staff (merchant_id, name, role, status) select ${salon.id}, 'Bench Extra ' || k, 'Stylist', 'Active' from generate_series(1, 5) k`.execute(
      db,
    );
    await sql`
      with st as (select id, row_number() over (order by id) as n from staff where merchant_id = ${salon.id}),
           cu as (select id from accounts where email = 'bench-c1@bench.in')
      insert into bookings (user_id, merchant_id, staff_id, starts_at, ends_at, booking_date, booking_time, status,
        subtotal, total_price, total_duration, idempotency_key)
      select cu.id, ${salon.id}, st.id,
        (${day}::date + time '10:00' + make_interval(mins => 50 * j)) at time zone 'Asia/Kolkata',
        (${day}::date + time '10:00' + make_interval(mins => 50 * j + 30)) at time zone 'Asia/Kolkata',
        ${day}::date, 'slot', 'upcoming', 500, 500, 30, 'bench-avail-' || st.n || '-' || j
      from st cross join cu cross join generate_series(0, 12) j
      where (st.n - 1) * 13 + j < 100`.execute(db);
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        return args.node;
      },
      // One per statement executed (subqueries also pass through transformQuery).
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    };
    const slotsInput = { merchantId: salon.id, date: day, serviceIds: [service.id] };
    const probe = await getAvailableSlots(db.withPlugin(counter), null, slotsInput);
    const availabilityQueries = queries;
    log(`availability: ${probe.data.slots.length} slots, ${availabilityQueries} queries per call`);
    const slotsOn = (server: typeof a): RequestSpec => ({
      method: 'POST',
      url: `${server.url}/api/users/getAvailableSlots`,
      body: slotsInput,
    });
    if (full) {
      const availability = await readLoad([a], slotsOn);
      phase.availability = { ...availability, sqlQueriesPerCall: availabilityQueries, slotsOffered: probe.data.slots.length };
      log('availability, two processes');
      phase.availabilityTwoProcesses = await readLoad([a, b], slotsOn);

      if (url === BENCH_DB) phase.sqlCeiling = await readStatementsCeiling(url, searches, slotsInput);

      // The merchant calendar's day of the same salon (8 professionals, 100 bookings), as its desk reads it.
      log('calendar day');
      const owner = await db.selectFrom('accounts').select(['id', 'token_version']).where('id', '=', salon.id).executeTakeFirstOrThrow();
      const ownerToken = await createTokenService(await loadJwtSecret(db), '1h').sign({
        sub: owner.id,
        role: 'merchant',
        ver: owner.token_version,
      });
      queries = 0;
      const calendarProbe = await getCalendar(
        { db: db.withPlugin(counter) } as never,
        { id: owner.id, role: 'merchant', email: '' },
        { date: day, days: 1 },
      );
      const calendarQueries = queries;
      log(
        `calendar day: ${calendarProbe.professionals.length} professionals, ${calendarProbe.bookings.length} bookings, ${calendarQueries} queries per call`,
      );
      const calendarOn = (server: typeof a): RequestSpec => ({
        method: 'GET',
        url: `${server.url}/api/merchants/calendar?date=${day}`,
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      phase.calendarDay = {
        ...(await readLoad([a], calendarOn)),
        sqlQueriesPerCall: calendarQueries,
        bookingsShown: calendarProbe.bookings.length,
      };
    }
    // Adapter overhead: the same salon read through /api, /trpc and a bare express handler (before the
    // booking phase, whose bookings leave reminder and e-mail jobs for the servers to work through).
    if (ONLY !== 'bookings') await transportPhase();
    async function transportPhase() {
      log('salon by id: /api vs /trpc vs bare');
      const barePort = await freePort();
      const bare = startProcess(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
        DATABASE_URL: url,
        PORT: String(barePort),
      });
      const bareUrl = `http://127.0.0.1:${barePort}`;
      for (let i = 0; i < 200; i++) {
        try {
          if ((await request({ method: 'GET', url: `${bareUrl}/bare/salon/${salon.id}` })).status === 200) break;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      // Three rounds of the three reads, interleaved, so a slow spell of the machine falls on all of them.
      // Each round also measures the CPU the serving process spent per read (its job thread left out):
      // on a shared box that figure holds when the rates swing with the neighbours' load.
      const trpcInput = encodeURIComponent(JSON.stringify({ id: salon.id }));
      const reads = {
        api: () => ({ method: 'GET' as const, url: `${a.url}/api/merchants/getMerchantById/${salon.id}` }),
        trpc: () => ({ method: 'GET' as const, url: `${a.url}/trpc/merchants.getMerchantById?input=${trpcInput}` }),
        bare: () => ({ method: 'GET' as const, url: `${bareUrl}/bare/salon/${salon.id}` }),
      };
      const rounds: Record<keyof typeof reads, LoadResult[]> = { api: [], trpc: [], bare: [] };
      const roundSeconds = QUICK ? 1 : 3;
      // One round of each first, not counted: the bare process has just started, and the server has
      // not yet run these paths (none under BENCH_ONLY=transport), so V8 is still compiling them.
      for (const via of ['api', 'trpc', 'bare'] as const) await runLoad({ concurrency: 8, seconds: roundSeconds, next: reads[via] });
      for (let round = 0; round < 3; round++) {
        for (const via of ['api', 'trpc', 'bare'] as const)
          rounds[via].push(
            await runLoad({
              concurrency: 8,
              seconds: roundSeconds,
              next: reads[via],
              serverPids: [via === 'bare' ? bare.pid! : a.child.pid!],
            }),
          );
      }
      stop(bare);
      const summary = (list: LoadResult[]) => {
        const requests = list.reduce((n, r) => n + r.requests, 0);
        const mid = (k: 'p50' | 'p95' | 'p99') => [...list.map((r) => r[k])].sort((x, y) => x - y)[1];
        const cpu = list.map((r) => r.cpuMsPerRequest).filter((c) => c?.servers != null) as CpuSplit[];
        const serverCpuMs = cpu.length
          ? cpu.map((c) => Math.round((c.servers! - (c.serverJobs ?? 0)) * 1000) / 1000).sort((x, y) => x - y)[Math.floor(cpu.length / 2)]
          : null;
        return {
          requests,
          seconds: list.length * roundSeconds,
          rps: Math.round(requests / (list.length * roundSeconds)),
          p50: mid('p50'),
          p95: mid('p95'),
          p99: mid('p99'),
          rounds: list.map((r) => r.rps),
          /** The serving process's CPU ms per read, the middle round's. */
          serverCpuMs,
        };
      };
      const [viaApi, viaTrpc, viaBare] = [summary(rounds.api), summary(rounds.trpc), summary(rounds.bare)];
      const ratio = (x: { rps: number }) => Math.round((viaBare.rps / Math.max(1, x.rps)) * 100) / 100;
      const cpuRatio = (x: { serverCpuMs: number | null }) =>
        x.serverCpuMs && viaBare.serverCpuMs ? Math.round((x.serverCpuMs / viaBare.serverCpuMs) * 100) / 100 : null;
      phase.salonById = {
        api: viaApi,
        trpc: viaTrpc,
        bare: viaBare,
        apiRatio: ratio(viaApi),
        trpcRatio: ratio(viaTrpc),
        apiCpuRatio: cpuRatio(viaApi),
        trpcCpuRatio: cpuRatio(viaTrpc),
      };
    }
    if (bookingsPhase) {
      // Booking under contention: 64 clients across two server processes, 20 salons.
      log('booking contention');
      const secret = await loadJwtSecret(db);
      const tokens = createTokenService(secret, '1h');
      const customers = await db
        .selectFrom('accounts')
        .select(['id', 'token_version'])
        .where('email', 'like', 'bench-c%@bench.in')
        .orderBy('email')
        .limit(64)
        .execute();
      const auth = await Promise.all(
        customers.map(async (c) => ({ id: c.id, token: await tokens.sign({ sub: c.id, role: 'customer', ver: c.token_version }) })),
      );
      const salons = await sql<{ id: string; service_id: string }>`
        select m.id, (select s.id from services s where s.merchant_id = m.id order by s.duration_min limit 1) as service_id
        from merchants m where m.email like 'hello%@bench.in' and m.is_published order by m.id offset 1 limit 20`.execute(db);
      const salonIds = salons.rows.map((r) => r.id);
      await sql`delete from bookings where merchant_id = any(${salonIds}::uuid[]) and status = 'upcoming'`.execute(db);
      await vacuumChurned();
      const acknowledged: string[] = [];
      const loadStart = new Date();
      let seed = 12345;
      const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      // The warm-up's bookings are not counted in the rate, but every acknowledged one is checked below.
      const contention = await runLoad({
        concurrency: 64,
        seconds: SECONDS,
        warmupSeconds: BOOKING_WARMUP_SECONDS,
        next: (w) => {
          const s = salons.rows[Math.floor(rnd() * salons.rows.length)];
          const c = auth[w];
          const date = new Date(Date.now() + (2 + Math.floor(rnd() * 20)) * 86_400_000).toISOString().slice(0, 10);
          const minutes = 10 * 60 + 15 * Math.floor(rnd() * 36);
          const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          return {
            method: 'POST',
            url: `${w % 2 ? b.url : a.url}/api/users/createBooking`,
            headers: { authorization: `Bearer ${c.token}` },
            body: { userId: c.id, merchantId: s.id, serviceIds: [s.service_id], bookingDate: date, bookingTime: time },
          };
        },
        serverPids: [a.child.pid!, b.child.pid!],
        onResponse: (status, body) => {
          if (status === 201) acknowledged.push((JSON.parse(body) as { data: { booking: { _id: string } } }).data.booking._id);
        },
      });
      // The confirmations go out through the job queue while the load runs (each server runs its
      // share of the jobs): how many of this run's confirmation e-mails had been sent when it ended.
      const confirmations = await sql<{ n: number }>`
        select count(*)::int as n from outbox_messages
        where created_at >= ${loadStart} and status = 'sent' and meta ->> 'purpose' = 'booking_event'`.execute(db);
      const overlaps = await sql<{ n: number }>`
        select count(*)::int as n from bookings x join bookings y
          on x.staff_id = y.staff_id and x.id < y.id and tstzrange(x.starts_at, x.ends_at) && tstzrange(y.starts_at, y.ends_at)
        where x.merchant_id = any(${salonIds}::uuid[]) and x.status in ('pending','upcoming','confirmed') and y.status in ('pending','upcoming','confirmed')`.execute(
        db,
      );
      const stored = await sql<{ n: number }>`select count(*)::int as n from bookings where id = any(${acknowledged}::uuid[])`.execute(db);
      phase.bookingContention = {
        clients: 64,
        serverProcesses: 2,
        salons: 20,
        seconds: SECONDS,
        committedPerSecond: Math.round((contention.statuses[201] ?? 0) / SECONDS),
        warmupSeconds: BOOKING_WARMUP_SECONDS,
        warmup: { ...contention.warmup, committedPerSecond: Math.round((contention.warmup.statuses[201] ?? 0) / BOOKING_WARMUP_SECONDS) },
        created: contention.statuses[201] ?? 0,
        createdDuringWarmup: acknowledged.length - (contention.statuses[201] ?? 0),
        conflicts409: contention.statuses[409] ?? 0,
        otherStatuses: Object.fromEntries(Object.entries(contention.statuses).filter(([k]) => k !== '201' && k !== '409')),
        p95: contention.p95,
        cpuMsPerRequest: contention.cpuMsPerRequest,
        acknowledgedStored: stored.rows[0].n,
        confirmationsSentDuringRun: confirmations.rows[0].n,
        overlappingBookings: overlaps.rows[0].n,
      };
    }
    stop(a.child);
    stop(b.child);
    if (bookingsPhase && url === BENCH_DB) {
      log('ceiling: a table with only the exclusion constraint, 64 pgbench clients');
      await vacuumChurned();
      phase.bareConstraint = bareConstraintCeiling(url, SECONDS);
      phase.bookingSql = await bookingSqlCeiling(url);
    }
    return phase;
  };
  const tcp = await dbPhases(BENCH_DB, new URL(BENCH_DB).hostname);
  const socketUrl = ONLY === 'bookings' ? null : viaSocket(BENCH_DB);
  const unixSocket = socketUrl ? await dbPhases(socketUrl, SOCKET_DIR) : null;
  results.transports = { tcp, unixSocket };
  results.ceiling = ceilingOf(tcp);
  await handle.close();
  if (full) Object.assign(results.ceiling as Record<string, unknown>, await growthPhase());
  if (ONLY === 'bookings') {
    printBookings(tcp, results.ceiling as Record<string, unknown>);
    return;
  }
  if (!full) {
    printTransport(results.transports as Record<string, Record<string, any> | null>);
    return;
  }

  // Cold start of npm start on the embedded database, and the client.
  log('cold start on the embedded database');
  // Where npm start keeps its data by default: beside the project's own .data.
  const dataDir = fs.mkdtempSync(path.join(ROOT, '.data-bench-'));
  const first = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  stop(first.child);
  await new Promise((r) => setTimeout(r, 1500));
  const warm = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  results.coldStart = { firstStartMs: first.ms, restartMs: warm.ms };
  results.embedded = await embeddedReads(warm.url, warm.child.pid!);
  log('client: initial JS and LCP');
  results.client = { initialJsKbGzip: initialJsKb(), lcpMs: await lcpMs(warm.url) };
  log('client: Lighthouse mobile (home, salon list, salon page)');
  results.lighthouse = await lighthouseMobile(warm.url, QUICK ? 1 : 3);
  stop(warm.child);
  fs.rmSync(dataDir, { recursive: true, force: true });

  results.finishedAt = new Date().toISOString();
  fs.writeFileSync(path.join(ROOT, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
  printTable(results);
}

/**
 * The statements one search and one day's slots send (learned by calling the server's own
 * functions through a Kysely that records them, the second call of each so the process caches are
 * warm as in the server's steady state), replayed by pgbench at the app's concurrency (8).
 */
async function readStatementsCeiling(
  url: string,
  searches: string[],
  slotsInput: Parameters<typeof getAvailableSlots>[2],
): Promise<{
  search: PgbenchResult & { statementsPerCall: number; protocol: string };
  slots: PgbenchResult & { statementsPerCall: number; protocol: string };
}> {
  const cap = capturingDb(url);
  try {
    const deps = { db: cap.db, adapters: { geocoder: createGeocoder(undefined) } };
    const searchCalls: Statement[][] = [];
    for (const q of searches) {
      const input = searchInput.parse(Object.fromEntries(new URLSearchParams(q)));
      await searchMerchants(deps as never, input);
      cap.take();
      await searchMerchants(deps as never, input);
      searchCalls.push(cap.take());
    }
    await getAvailableSlots(cap.db as never, null, slotsInput);
    cap.take();
    await getAvailableSlots(cap.db as never, null, slotsInput);
    const slotCall = cap.take();
    // Searches are planned per call in the app (PLANNED_PER_CALL): unnamed statements, as pgbench's
    // extended mode sends them. The slots' statements are prepared by the app: so they are here.
    // One protocol for all the scripts of a run: if one must be simple, all are written as literals.
    let searchScripts = searchCalls.map((st, i) => pgbenchScript(st, `s${i}`, 'extended'));
    if (searchScripts.some((x) => x.protocol === 'simple')) searchScripts = searchCalls.map((st) => pgbenchScript(st, '', 'simple'));
    const searchProtocol = searchScripts[0].protocol;
    log(`ceiling: ${searchCalls.length} searches (${searchProtocol}) through pgbench, c=8`);
    const search = runPgbench({
      databaseUrl: url,
      scripts: searchScripts.map((x) => x.script),
      defines: Object.assign({}, ...searchScripts.map((x) => x.defines)),
      clients: 8,
      seconds: SECONDS,
      protocol: searchProtocol,
    });
    const slotsScript = pgbenchScript(slotCall, 'a', 'prepared');
    log(`ceiling: one day's slots (${slotCall.length} statements, ${slotsScript.protocol}) through pgbench, c=8`);
    const slots = runPgbench({
      databaseUrl: url,
      scripts: [slotsScript.script],
      defines: slotsScript.defines,
      clients: 8,
      seconds: SECONDS,
      protocol: slotsScript.protocol,
    });
    const perCall = Math.round((searchCalls.reduce((n, c) => n + c.length, 0) / searchCalls.length) * 10) / 10;
    return {
      search: { ...search, statementsPerCall: perCall, protocol: searchProtocol },
      slots: { ...slots, statementsPerCall: slotCall.length, protocol: slotsScript.protocol },
    };
  } finally {
    await cap.close();
  }
}

/**
 * The schema's ceiling for bookings: one booking placed by the app's own createBooking in each of
 * the booking phase's 20 salons (statements recorded through Kysely's log), replayed by 64 pgbench
 * clients as one script, drawing a salon and a fresh id, professional, day and time per transaction
 * (bench/ceiling.ts bookingScriptAcross).
 */
async function bookingSqlCeiling(url: string): Promise<PgbenchResult & { statementsPerBooking: number; bookingsWritten: number }> {
  const cap = capturingDb(url);
  try {
    const deps = await createDeps(
      cap.db as never,
      loadEnv({ ...process.env, DATABASE_URL: url, NODE_ENV: 'production', LOG_LEVEL: 'error' }),
    );
    const salons = await sql<{ id: string; service_id: string; staff_ids: string[] }>`
      select m.id, (select s.id from services s where s.merchant_id = m.id order by s.duration_min limit 1) as service_id,
        array(select st.id::text from staff st where st.merchant_id = m.id order by st.id) as staff_ids
      from merchants m where m.email like 'hello%@bench.in' and m.is_published order by m.id offset 1 limit 20`.execute(cap.db);
    const customer = await sql<{ id: string }>`select id from accounts where email = 'bench-c1@bench.in'`.execute(cap.db);
    const actor = { id: customer.rows[0].id, role: 'customer' as const, email: 'bench-c1@bench.in' };
    // A day the replay never draws (it draws 2-21 days ahead), so the captured bookings clash with none of it.
    const day = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
    const captures: CapturedBooking[] = [];
    for (const salon of salons.rows) {
      cap.take();
      const made = await createBooking(deps, actor, {
        userId: actor.id,
        merchantId: salon.id,
        serviceIds: [salon.service_id],
        bookingDate: day,
        bookingTime: '10:00',
      } as never);
      const b = made.data.booking;
      captures.push({
        statements: cap.take(),
        id: b._id,
        staffIds: salon.staff_ids,
        startsAt: new Date(b.startsAt),
        endsAt: new Date(b.endsAt),
        bookingDate: b.bookingDate,
        bookingTime: (await sql<{ t: string }>`select booking_time as t from bookings where id = ${b._id}`.execute(cap.db)).rows[0].t,
      });
    }
    const replay = bookingScriptAcross(captures, 'b');
    // Begin and commit are statements of the transaction; the script's first line draws the booking.
    const statements = replay.statements;
    // The replay's bookings are upcoming ones at these salons: counted before and after, so a replay
    // whose inserts do nothing cannot pass for a ceiling.
    const ids = salons.rows.map((r) => r.id);
    const upcoming = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from bookings where merchant_id = any(${ids}::uuid[]) and status = 'upcoming'`.execute(cap.db)
      ).rows[0].n;
    const before = await upcoming();
    log(`ceiling: the booking's ${statements} statements in one transaction through pgbench, 64 clients`);
    const run = runPgbench({
      databaseUrl: url,
      scripts: [replay.script],
      defines: replay.defines,
      clients: 64,
      // 64 connections take pgbench seconds to open on a busy box (see bareConstraintCeiling).
      seconds: SECONDS + 5,
      protocol: 'prepared',
    });
    const after = await upcoming();
    await sql`delete from bookings where merchant_id = any(${ids}::uuid[]) and status = 'upcoming'`.execute(cap.db);
    return { ...run, statementsPerBooking: statements, bookingsWritten: after - before };
  } finally {
    await cap.close();
  }
}

/*
 * The growth phase (ceiling.growth, ceiling.embedded): search, slots and the salon page at
 * concurrency 8 through a server on each catalogue size (its own database, seeded once) and one on
 * the embedded database holding the 1k catalogue, all started together and measured in interleaved
 * rounds (bench/growth.ts interleavedReads): 3 rounds of 2 s per read and server (1 s with
 * BENCH_QUICK) after a warm-up of each, about two minutes once the databases exist.
 */
const GROWTH_CONCURRENCY = 8;
const GROWTH_ROUNDS = 3;
const GROWTH_ROUND_SECONDS = QUICK ? 1 : 2;
const EMBEDDED_SIZE: GrowthSize = '1k';
const EMBEDDED_DIR = process.env.BENCH_EMBEDDED_DIR ?? path.join(ROOT, `.data-bench-embedded-${EMBEDDED_SIZE}`);

async function growthPhase(): Promise<{ growth: Record<string, unknown>; embedded: Record<string, unknown> }> {
  const sizes = (process.env.BENCH_GROWTH_SIZES?.split(',') ?? Object.keys(GROWTH_SIZES)) as GrowthSize[];
  const servers: ReadTarget[] = [];
  const counts: Record<string, { salons: number; bookings: number }> = {};
  const sqlCpu: Partial<Record<GrowthSize, Record<'search' | 'slots' | 'salon', number | null>>> = {};
  const started: ChildProcess[] = [];
  try {
    for (const size of sizes) {
      const url = growthDatabaseUrl(BENCH_DB, size);
      log(`growth ${size}: preparing ${url.replace(/^postgres(ql)?:\/\/[^@]*@/, '')}`);
      await preparePostgresCatalogue(url, GROWTH_SIZES[size], log);
      const handle = await openDatabase({ databaseUrl: url, poolMax: 2 });
      const targets = await readTargets(handle.db);
      counts[size] = await catalogueCounts(handle.db);
      await handle.close();
      log(`growth ${size}: PostgreSQL CPU per read (statements replayed on one connection)`);
      sqlCpu[size] = await sqlCpuPerRead(url, targets, QUICK ? 80 : 200);
      log(`growth ${size}: ${JSON.stringify(sqlCpu[size])} ms`);
      const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'never', DB_POOL_MAX: '16' });
      started.push(server.child);
      servers.push({ name: size, url: server.url, pid: server.child.pid!, targets });
    }
    log(`embedded: the ${EMBEDDED_SIZE} catalogue in PGlite (${EMBEDDED_DIR})`);
    const t0 = Date.now();
    await prepareEmbeddedCatalogue(EMBEDDED_DIR, GROWTH_SIZES[EMBEDDED_SIZE], log);
    const prepareMs = Date.now() - t0;
    const local = await openDatabase({ dataDir: EMBEDDED_DIR });
    const embeddedTargets = await readTargets(local.db);
    const embeddedCounts = await catalogueCounts(local.db);
    await local.close();
    const embeddedServer = await startServer({ DATA_DIR: EMBEDDED_DIR, DATABASE_URL: '', SEED_DEMO: 'never' });
    started.push(embeddedServer.child);
    servers.push({ name: 'pglite', url: embeddedServer.url, pid: embeddedServer.child.pid!, targets: embeddedTargets });
    await waitUntilSettled(servers.map((x) => x.pid));

    log(`growth: search, slots, salon page on ${servers.map((x) => x.name).join(', ')} (c=${GROWTH_CONCURRENCY}, interleaved)`);
    const reads = await interleavedReads({
      servers,
      concurrency: GROWTH_CONCURRENCY,
      roundSeconds: GROWTH_ROUND_SECONDS,
      rounds: GROWTH_ROUNDS,
      warmupSeconds: READ_WARMUP_SECONDS,
    });
    for (const x of servers)
      log(
        `growth ${x.name}: p95 search ${reads[x.name].search.p95}, slots ${reads[x.name].slots.p95}, salon ${reads[x.name].salon.p95} ms`,
      );
    const bySize = Object.fromEntries(sizes.map((size) => [size, { ...reads[size], ...counts[size] }]));
    const growth = growthBlock(bySize, GROWTH_CONCURRENCY, sqlCpu);
    const onPg = reads[EMBEDDED_SIZE];
    const embedded = onPg
      ? { ...embeddedBlock(EMBEDDED_SIZE, onPg, reads.pglite, GROWTH_CONCURRENCY), catalogueRows: embeddedCounts, prepareMs }
      : { catalogue: EMBEDDED_SIZE, onPglite: reads.pglite, note: `no PostgreSQL figures for ${EMBEDDED_SIZE} in this run` };
    return { growth, embedded };
  } finally {
    started.forEach(stop);
    // The embedded server checkpoints its cluster on the way out: the next open must find it closed.
    await new Promise((r) => setTimeout(r, 1500));
  }
}

/** results.ceiling: the app's figures as ratios to the database's own, from the TCP phase. */
function ceilingOf(tcp: Record<string, any>): Record<string, unknown> {
  const sqlC = tcp.sqlCeiling;
  const contention = tcp.bookingContention;
  const bare = tcp.bareConstraint as PgbenchResult | undefined;
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    search: sqlC ? readCeiling(tcp.search, sqlC.search, sqlC.search.statementsPerCall) : null,
    slots: sqlC ? readCeiling(tcp.availability, sqlC.slots, sqlC.slots.statementsPerCall) : null,
    bookings:
      contention && bare
        ? {
            appPerSecond: contention.committedPerSecond,
            schemaSqlPerSecond: tcp.bookingSql?.transactionsPerSecond ?? null,
            /** Bookings the replay's transactions wrote (a transaction whose drawn time was taken writes none). */
            schemaSqlBookingsWritten: tcp.bookingSql?.bookingsWritten ?? null,
            schemaSqlTransactions: tcp.bookingSql?.transactions ?? null,
            bareConstraintPerSecond: bare.transactionsPerSecond,
            /** Goal ≥ 0.5. */
            appToSchemaSql: tcp.bookingSql
              ? round(contention.committedPerSecond / Math.max(1, tcp.bookingSql.transactionsPerSecond))
              : null,
            /** Goal ≥ 0.5. */
            schemaSqlToBare: tcp.bookingSql ? round(tcp.bookingSql.transactionsPerSecond / Math.max(1, bare.transactionsPerSecond)) : null,
            appToBare: round(contention.committedPerSecond / Math.max(1, bare.transactionsPerSecond)),
          }
        : null,
    salonRead: tcp.salonById
      ? {
          bare: tcp.salonById.bare.rps,
          api: tcp.salonById.api.rps,
          trpc: tcp.salonById.trpc.rps,
          apiRatio: tcp.salonById.apiRatio,
          trpcRatio: tcp.salonById.trpcRatio,
        }
      : null,
  };
}

/**
 * The zero-setup path's figures: `npm start` on the embedded database (PGlite, one connection, in
 * the server's process) with the demo data, read as customers read it: a salon by id, a search,
 * a day's slots, at concurrency 4.
 */
async function embeddedReads(url: string, pid: number): Promise<Record<string, unknown>> {
  log('embedded database (PGlite, demo data): salon by id, search, slots');
  const login = await request({
    method: 'POST',
    url: `${url}/api/merchants/loginMerchant/EmailLogin`,
    body: { email: 'merchant@demo.in', password: 'Demo@1234' },
  });
  const salonId = (JSON.parse(login.body) as { user: { _id: string } }).user._id;
  const salon = await request({ method: 'GET', url: `${url}/api/merchants/getMerchantById/${salonId}` });
  const serviceId = (JSON.parse(salon.body) as { merchant: { services: { _id: string }[] } }).merchant.services[0]._id;
  const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const phase = (next: (w: number, i: number) => RequestSpec) =>
    runLoad({ concurrency: 4, seconds: SECONDS, warmupSeconds: READ_WARMUP_SECONDS, next, serverPids: [pid] });
  const searches = ['service=haircut&location=Pune', 'service=facial', 'location=Bengaluru&sortBy=rating', 'sortBy=popular'];
  const salonById = await phase(() => ({ method: 'GET', url: `${url}/api/merchants/getMerchantById/${salonId}` }));
  const search = await phase((w, i) => ({ method: 'GET', url: `${url}/api/merchants/search?${searches[(w + i) % searches.length]}` }));
  const slots = await phase(() => ({
    method: 'POST',
    url: `${url}/api/users/getAvailableSlots`,
    body: { merchantId: salonId, date, serviceIds: [serviceId] },
  }));
  const pick = (r: LoadResult) => ({ rps: r.rps, p50: r.p50, p95: r.p95, statuses: r.statuses });
  return { concurrency: 4, salonById: pick(salonById), search: pick(search), slots: pick(slots) };
}

/** BENCH_ONLY=transport: the salon read's figures, per database transport (nothing is written). */
function printTransport(transports: Record<string, Record<string, any> | null>) {
  console.log('');
  for (const [name, p] of Object.entries(transports)) {
    if (!p) continue;
    const s = p.salonById;
    const rounds = (via: 'bare' | 'api' | 'trpc') =>
      `${via} ${s[via].rps} req/s (rounds ${s[via].rounds.join(', ')}; p50 ${s[via].p50} ms; server CPU ${s[via].serverCpuMs} ms/read)`;
    console.log(`${name}: ${rounds('bare')}, ${rounds('api')}, ${rounds('trpc')}`);
    console.log(`${name}: ratio bare÷api ${s.apiRatio} (target ≤ 1.1), bare÷trpc ${s.trpcRatio} (target ≤ 1.25)`);
    console.log(`${name}: server CPU per read, api÷bare ${s.apiCpuRatio}, trpc÷bare ${s.trpcCpuRatio}`);
  }
}

/** BENCH_ONLY=bookings: the booking phase's figures and its ceilings (nothing is written). */
function printBookings(tcp: Record<string, any>, ceiling: Record<string, unknown>) {
  const c = tcp.bookingContention;
  console.log('');
  console.log(
    `bookings committed/s (64 clients, 2 procs): ${c.committedPerSecond} (409: ${c.conflicts409}, other: ${JSON.stringify(c.otherStatuses)})`,
  );
  console.log(`CPU ms per booking: load gen / servers (jobs) / PG: ${cpuParts(c.cpuMsPerRequest)}`);
  console.log(`overlapping ${c.overlappingBookings}, acknowledged stored ${c.acknowledgedStored}/${c.created + c.createdDuringWarmup}`);
  console.log(
    `booking SQL through pgbench: ${tcp.bookingSql?.transactionsPerSecond} tps (p95 ${tcp.bookingSql?.p95} ms, failed ${tcp.bookingSql?.failed}, ` +
      `${tcp.bookingSql?.bookingsWritten} bookings written by ${tcp.bookingSql?.transactions} transactions)`,
  );
  console.log(`bare exclusion constraint: ${tcp.bareConstraint?.transactionsPerSecond} tps`);
  console.log(JSON.stringify(ceiling.bookings));
}

/** CPU ms per request by part, and how busy the cores were (see bench/cpu.ts). */
function cpuParts(c: CpuSplit | undefined): string {
  if (!c || c.total === null) return 'n/a';
  const pct = (x: number | null) => `${Math.round((x ?? 0) * 100)}%`;
  const jobs = c.serverJobs ? ` (jobs ${c.serverJobs})` : '';
  return `${c.loadGenerator} / ${c.servers}${jobs} / ${c.postgres} (busy ${pct(c.busy)}, stolen ${pct(c.stolen)})`;
}

function printTable(r: Record<string, any>) {
  const { tcp, unixSocket } = r.transports as { tcp: Record<string, any>; unixSocket: Record<string, any> | null };
  const both = (f: (p: Record<string, any>) => string): [string, string] => [f(tcp), unixSocket ? f(unixSocket) : 'n/a'];
  const rows: [string, string, string, string][] = [
    ['pgbench -S tps (ceiling)', ...both((p) => String(p.pgbenchSelectTps ?? 'n/a')), ''],
    ['search p50 / p95 ms (c=8)', ...both((p) => `${p.search.p50} / ${p.search.p95}`), 'p95 < 10'],
    ['search req/s', ...both((p) => String(p.search.rps)), ''],
    [
      `in the warm-up (first ${READ_WARMUP_SECONDS} s): search p95 ms, req/s`,
      ...both((p) => `${p.search.warmup.p95}, ${p.search.warmup.rps}`),
      '',
    ],
    [
      'search over 2 processes: p50 / p95 ms, req/s',
      ...both((p) => `${p.searchTwoProcesses.p50} / ${p.searchTwoProcesses.p95}, ${p.searchTwoProcesses.rps}`),
      'p95 < 10',
    ],
    ['CPU ms per search: load gen / server / PG', ...both((p) => cpuParts(p.search.cpuMsPerRequest)), ''],
    ['availability p95 ms', ...both((p) => String(p.availability.p95)), '< 5'],
    [`in the warm-up (first ${READ_WARMUP_SECONDS} s): availability p95 ms`, ...both((p) => String(p.availability.warmup.p95)), ''],
    ['availability over 2 processes p95 ms', ...both((p) => String(p.availabilityTwoProcesses.p95)), '< 5'],
    ['availability SQL queries/call', ...both((p) => String(p.availability.sqlQueriesPerCall)), '≤ 3'],
    ['calendar day p95 ms (8 staff, 100 bookings)', ...both((p) => String(p.calendarDay.p95)), ''],
    ['calendar day SQL queries/call', ...both((p) => String(p.calendarDay.sqlQueriesPerCall)), '1'],
    ['CPU ms per availability: load gen / server / PG', ...both((p) => cpuParts(p.availability.cpuMsPerRequest)), ''],
    ['bookings committed/s (64 clients, 2 procs)', ...both((p) => String(p.bookingContention.committedPerSecond)), '≥ 1000'],
    [
      `in the warm-up (first ${BOOKING_WARMUP_SECONDS} s): bookings/s`,
      ...both((p) => String(p.bookingContention.warmup.committedPerSecond)),
      '',
    ],
    ['overlapping bookings afterwards', ...both((p) => String(p.bookingContention.overlappingBookings)), '0'],
    [
      'acknowledged bookings stored (warm-up included)',
      ...both((p) => `${p.bookingContention.acknowledgedStored}/${p.bookingContention.created + p.bookingContention.createdDuringWarmup}`),
      'all',
    ],
    [
      'confirmation e-mails sent during the run',
      ...both(
        (p) => `${p.bookingContention.confirmationsSentDuringRun}/${p.bookingContention.created + p.bookingContention.createdDuringWarmup}`,
      ),
      '',
    ],
    ['CPU ms per booking: load gen / servers / PG', ...both((p) => cpuParts(p.bookingContention.cpuMsPerRequest)), ''],
    [
      'salon by id req/s: bare / api / trpc',
      ...both((p) => `${p.salonById.bare.rps} / ${p.salonById.api.rps} / ${p.salonById.trpc.rps}`),
      '',
    ],
    ['ratio bare÷api, bare÷trpc', ...both((p) => `${p.salonById.apiRatio}, ${p.salonById.trpcRatio}`), '≤ 1.1, ≤ 1.25'],
    [
      'salon by id server CPU ms: bare / api / trpc',
      ...both((p) => `${p.salonById.bare.serverCpuMs} / ${p.salonById.api.serverCpuMs} / ${p.salonById.trpc.serverCpuMs}`),
      '',
    ],
    ['cold start first / restart ms', `${r.coldStart.firstStartMs} / ${r.coldStart.restartMs}`, '', '< 4000'],
    ...(['salonById', 'search', 'slots'] as const).map((k): [string, string, string, string] => {
      const e = (r.embedded as Record<string, { rps: number; p95: number }> | undefined)?.[k];
      return [`embedded (PGlite, demo data, c=4) ${k}: req/s, p95 ms`, e ? `${e.rps}, ${e.p95}` : 'n/a', '', ''];
    }),
    ...(['search', 'slots', 'salon'] as const).map((k): [string, string, string, string] => {
      const g = (r.ceiling as { growth?: { p95: Record<string, Record<string, number>>; p95Ratio1kTo100k: Record<string, number | null> } })
        .growth;
      const sizes = g ? Object.entries(g.p95[k]).map(([size, p95]) => `${size} ${p95}`) : [];
      return [`growth ${k} p95 ms (c=8), 100k÷1k`, g ? `${sizes.join(', ')}; ${g.p95Ratio1kTo100k[k] ?? 'n/a'}` : 'n/a', '', '< 2'];
    }),
    ...(['search', 'slots', 'salon'] as const).map((k): [string, string, string, string] => {
      const e = (r.ceiling as { embedded?: Record<string, { p95Ratio: number; throughputRatio: number } | undefined> }).embedded?.[k];
      return [`embedded ${k} (1k catalogue): PGlite÷PG p95, req/s`, e ? `${e.p95Ratio}, ${e.throughputRatio}` : 'n/a', '', ''];
    }),
    ['home initial JS KB gzip', String(r.client.initialJsKbGzip), '', '< 150'],
    ['home LCP ms', String(r.client.lcpMs ?? 'n/a'), '', '< 1000'],
    ...lighthouseRows(r.lighthouse as LighthouseResults | null).map(([label, value]): [string, string, string, string] => [
      label,
      value,
      '',
      '≥ 90, CLS < 0.1',
    ]),
  ];
  const head: [string, string, string, string] = ['measure', 'TCP 127.0.0.1', 'Unix socket', 'target'];
  const w = [0, 1, 2].map((i) => Math.max(head[i].length, ...rows.map((x) => x[i].length)));
  const line = (x: string[]) => `${x[0].padEnd(w[0])}  ${x[1].padEnd(w[1])}  ${x[2].padEnd(w[2])}  ${x[3]}`;
  console.log(`\n${line(head)}`);
  for (const row of rows) console.log(line(row));
  console.log('\nwritten to bench/results.json');
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
