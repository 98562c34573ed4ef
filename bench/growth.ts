/**
 * How the reads' cost grows with the marketplace (issue 42, items 4 and 5): the same three reads
 * (search, a day's slots, the salon page) through the built server at the same concurrency, on
 * catalogues of 1k, 10k and 100k salons (one database each, seeded once and reused), and on the
 * embedded database (PGlite, as `npm start` runs with no DATABASE_URL) holding the 1k catalogue.
 * Written to results.ceiling.growth and results.ceiling.embedded (docs/benchmarks.md).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { createGeocoder } from '../src/server/adapters/geocoding/index.js';
import { type Db, openDatabase } from '../src/server/db/index.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { seedIfEmpty } from '../src/server/seed/index.js';
import { getAvailableSlots } from '../src/server/services/bookings/availability.js';
import { getMerchantById } from '../src/server/services/discovery/details.js';
import { searchMerchants } from '../src/server/services/discovery/search.js';
import { searchInput } from '../src/shared/schemas/discovery.js';
import { capturingDb, type Statement } from './ceiling.js';
import { type LoadResult, type RequestSpec, runLoad } from './load.js';
import { type BenchSize, type GROWTH_SIZES, seedBenchCatalogue } from './seed.js';

export type GrowthSize = keyof typeof GROWTH_SIZES;

export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  const admin = new pg.Client({ connectionString: `${u.protocol}//${u.username}@${u.host}/postgres${u.search}` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

/** The growth phase's database of a size: the main bench database holds 10k, the others get a suffix. */
export function growthDatabaseUrl(mainUrl: string, size: GrowthSize): string {
  if (size === '10k') return mainUrl;
  const u = new URL(mainUrl);
  u.pathname = `${u.pathname}_${size}`;
  return u.toString();
}

/** Migrated, demo-seeded and bench-seeded (once: seedBenchCatalogue keeps a marker). */
export async function prepareCatalogue(db: Db, size: BenchSize, log: (s: string) => void): Promise<void> {
  await migrateToLatest(db);
  await seedIfEmpty(db);
  await seedBenchCatalogue(db, log, size);
}

export async function preparePostgresCatalogue(url: string, size: BenchSize, log: (s: string) => void): Promise<void> {
  await ensureDatabase(url);
  const handle = await openDatabase({ databaseUrl: url, poolMax: 2 });
  try {
    await prepareCatalogue(handle.db, size, log);
  } finally {
    await handle.close();
  }
}

/**
 * The embedded database holding a bench catalogue: a DATA_DIR the server opens as `npm start`
 * does. Made once (PGlite runs the seed's statements on one core) and reused.
 */
export async function prepareEmbeddedCatalogue(dataDir: string, size: BenchSize, log: (s: string) => void): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({ dataDir });
  try {
    await prepareCatalogue(handle.db, size, log);
  } finally {
    await handle.close();
  }
}

/** What the three reads ask for on one catalogue: the same salon position and day at every size. */
export interface ReadTargets {
  salonId: string;
  serviceId: string;
  date: string;
}

/**
 * The 101st published bench salon (the main run adds staff and bookings to the first and books
 * into the next 20), its shortest service, and a day three days ahead.
 */
export async function readTargets(db: Db): Promise<ReadTargets> {
  const salon = await db
    .selectFrom('merchants')
    .select(['id'])
    .where('email', 'like', 'hello%@bench.in')
    .where('is_published', '=', true)
    .orderBy('id')
    .offset(100)
    .limit(1)
    .executeTakeFirstOrThrow();
  const service = await db
    .selectFrom('services')
    .select('id')
    .where('merchant_id', '=', salon.id)
    .orderBy('duration_min')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  return { salonId: salon.id, serviceId: service.id, date };
}

/** The search mix of the main search phase (bench/run.ts). */
export const SEARCHES = [
  'service=haircut&location=Pune',
  'service=facial',
  'location=Bandra&sortBy=distance',
  'lat=12.97&lng=77.59&maxDistance=5&sortBy=distance',
  'prices=500-1500&ratings=4',
  'service=massage&location=Hyderabad&sortBy=rating',
  'sortBy=popular&page=2',
  'gender=female&amenities=Parking&location=Mumbai',
];

export interface ReadFigures {
  p50: number;
  p95: number;
  rps: number;
  statuses: Record<number, number>;
  /** Each round's p95, in the order they ran. */
  roundsP95: number[];
}
export type ThreeReads = { search: ReadFigures; slots: ReadFigures; salon: ReadFigures };

/** One server holding one catalogue, and what the reads ask of it there. */
export interface ReadTarget {
  name: string;
  url: string;
  pid: number;
  targets: ReadTargets;
}

const READS = ['search', 'slots', 'salon'] as const;

function readSpec(read: (typeof READS)[number], t: ReadTarget, w: number, i: number): RequestSpec {
  if (read === 'search') return { method: 'GET', url: `${t.url}/api/merchants/search?${SEARCHES[(w + i) % SEARCHES.length]}` };
  if (read === 'slots')
    return {
      method: 'POST',
      url: `${t.url}/api/users/getAvailableSlots`,
      body: { merchantId: t.targets.salonId, date: t.targets.date, serviceIds: [t.targets.serviceId] },
    };
  return { method: 'GET', url: `${t.url}/api/merchants/getMerchantById/${t.targets.salonId}` };
}

/**
 * Search, slots and the salon page on every server, interleaved: for each read an uncounted
 * warm-up on each server, then `rounds` rounds that visit the servers in turn, so a slow spell of
 * a shared machine falls on all of them alike. A server's p95 (and p50) is the median of its
 * rounds'; its rate is its requests over its counted seconds.
 */
export async function interleavedReads(opts: {
  servers: ReadTarget[];
  concurrency: number;
  roundSeconds: number;
  rounds: number;
  warmupSeconds: number;
}): Promise<Record<string, ThreeReads>> {
  const out: Record<string, Partial<ThreeReads>> = Object.fromEntries(opts.servers.map((t) => [t.name, {}]));
  for (const read of READS) {
    for (const t of opts.servers)
      await runLoad({
        concurrency: opts.concurrency,
        seconds: opts.warmupSeconds,
        warmupSeconds: 0,
        next: (w, i) => readSpec(read, t, w, i),
      });
    const runs: Record<string, LoadResult[]> = Object.fromEntries(opts.servers.map((t) => [t.name, []]));
    for (let r = 0; r < opts.rounds; r++) {
      for (const t of opts.servers) {
        runs[t.name].push(
          await runLoad({
            concurrency: opts.concurrency,
            seconds: opts.roundSeconds,
            warmupSeconds: 0,
            next: (w, i) => readSpec(read, t, w, i),
          }),
        );
      }
    }
    for (const t of opts.servers) {
      const list = runs[t.name];
      const mid = (k: 'p50' | 'p95') => [...list.map((x) => x[k])].sort((a, b) => a - b)[Math.floor(list.length / 2)];
      const statuses: Record<number, number> = {};
      for (const x of list) for (const [k, n] of Object.entries(x.statuses)) statuses[Number(k)] = (statuses[Number(k)] ?? 0) + n;
      const requests = list.reduce((n, x) => n + x.requests, 0);
      out[t.name][read] = {
        p50: mid('p50'),
        p95: mid('p95'),
        rps: Math.round(requests / (list.length * opts.roundSeconds)),
        statuses,
        roundsP95: list.map((x) => x.p95),
      };
    }
  }
  return out as Record<string, ThreeReads>;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** results.ceiling.growth: p95 per size and read, and the 1k → 100k ratio (goal < 2). */
export function growthBlock(
  bySize: Partial<Record<GrowthSize, ThreeReads & { salons: number; bookings: number }>>,
  concurrency: number,
  sqlCpu: Partial<Record<GrowthSize, Record<'search' | 'slots' | 'salon', number | null>>> = {},
): Record<string, unknown> {
  const reads = ['search', 'slots', 'salon'] as const;
  const p95 = Object.fromEntries(
    reads.map((r) => [r, Object.fromEntries(Object.entries(bySize).map(([size, f]) => [size, f[r].p95]))]),
  ) as Record<(typeof reads)[number], Record<string, number>>;
  const cpuRatio = (r: (typeof reads)[number]) => {
    const a = sqlCpu['1k']?.[r];
    const b = sqlCpu['100k']?.[r];
    return a && b ? round2(b / a) : null;
  };
  const ratio = (r: (typeof reads)[number]) => {
    const a = bySize['1k']?.[r].p95;
    const b = bySize['100k']?.[r].p95;
    return a && b ? round2(b / a) : null;
  };
  return {
    concurrency,
    catalogues: Object.fromEntries(Object.entries(bySize).map(([size, f]) => [size, { salons: f.salons, bookings: f.bookings }])),
    p95,
    rps: Object.fromEntries(reads.map((r) => [r, Object.fromEntries(Object.entries(bySize).map(([size, f]) => [size, f[r].rps]))])),
    /** 100k p95 ÷ 1k p95, goal < 2. */
    p95Ratio1kTo100k: { search: ratio('search'), slots: ratio('slots'), salon: ratio('salon') },
    /** PostgreSQL CPU ms per call, its statements replayed on one connection (sqlCpuPerRead). */
    sqlCpuMsPerCall: Object.fromEntries(
      reads.map((r) => [r, Object.fromEntries(Object.entries(sqlCpu).map(([size, c]) => [size, c?.[r] ?? null]))]),
    ),
    /** 100k ÷ 1k of the above. */
    sqlCpuRatio1kTo100k: { search: cpuRatio('search'), slots: cpuRatio('slots'), salon: cpuRatio('salon') },
  };
}

/** results.ceiling.embedded: PGlite's p95 and throughput as ratios to PostgreSQL's on the same catalogue. */
export function embeddedBlock(size: GrowthSize, onPg: ThreeReads, onPglite: ThreeReads, concurrency: number): Record<string, unknown> {
  const one = (r: keyof ThreeReads) => ({
    pgP95: onPg[r].p95,
    pgliteP95: onPglite[r].p95,
    pgPerSecond: onPg[r].rps,
    pglitePerSecond: onPglite[r].rps,
    /** PGlite p95 ÷ PostgreSQL p95. */
    p95Ratio: round2(onPglite[r].p95 / Math.max(0.01, onPg[r].p95)),
    /** PGlite req/s ÷ PostgreSQL req/s. */
    throughputRatio: round2(onPglite[r].rps / Math.max(1, onPg[r].rps)),
  });
  return { catalogue: size, concurrency, search: one('search'), slots: one('slots'), salon: one('salon') };
}

export async function catalogueCounts(db: Db): Promise<{ salons: number; bookings: number }> {
  const r = await sql<{ salons: number; bookings: number }>`
    select (select count(*) from merchants)::int as salons, (select count(*) from bookings)::int as bookings`.execute(db);
  return r.rows[0];
}

/**
 * PostgreSQL's own CPU per read at one size, free of the machine's other load: the statements one
 * call of each read sends (captured through the app's own service functions, as the ceiling phase
 * does, the second call so process caches are warm) replayed `calls` times on one connection, the
 * backend's CPU read from /proc before and after (CPU ms per call; null where /proc is not there).
 */
export async function sqlCpuPerRead(
  url: string,
  targets: ReadTargets,
  calls: number,
): Promise<Record<'search' | 'slots' | 'salon', number | null>> {
  const cap = capturingDb(url);
  const deps = { db: cap.db, adapters: { geocoder: createGeocoder(undefined) } };
  const perRead: Record<'search' | 'slots' | 'salon', Statement[][]> = { search: [], slots: [], salon: [] };
  try {
    for (const q of SEARCHES) {
      const input = searchInput.parse(Object.fromEntries(new URLSearchParams(q)));
      await searchMerchants(deps as never, input);
      cap.take();
      await searchMerchants(deps as never, input);
      perRead.search.push(cap.take());
    }
    const slotsInput = { merchantId: targets.salonId, date: targets.date, serviceIds: [targets.serviceId] };
    await getAvailableSlots(cap.db as never, null, slotsInput);
    cap.take();
    await getAvailableSlots(cap.db as never, null, slotsInput);
    perRead.slots.push(cap.take());
    await getMerchantById(cap.db as never, null, { id: targets.salonId } as never);
    cap.take();
    await getMerchantById(cap.db as never, null, { id: targets.salonId } as never);
    perRead.salon.push(cap.take());
  } finally {
    await cap.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    const stat = `/proc/${pid}/stat`;
    if (!fs.existsSync(stat)) return { search: null, slots: null, salon: null };
    const ticks = () => {
      const f = fs
        .readFileSync(stat, 'utf8')
        .slice(fs.readFileSync(stat, 'utf8').lastIndexOf(')') + 2)
        .split(' ');
      return Number(f[11]) + Number(f[12]);
    };
    const hz = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    const out = { search: null, slots: null, salon: null } as Record<'search' | 'slots' | 'salon', number | null>;
    for (const read of ['search', 'slots', 'salon'] as const) {
      const run = async (n: number) => {
        for (let i = 0; i < n; i++)
          for (const s of perRead[read][i % perRead[read].length]) await client.query(s.sql, s.parameters as unknown[]);
      };
      await run(perRead[read].length);
      const t0 = ticks();
      await run(calls);
      out[read] = Math.round((((ticks() - t0) * 1000) / hz / calls) * 100) / 100;
    }
    return out;
  } finally {
    await client.end();
  }
}
