/**
 * The database's own ceiling for what the app asks of it: the statements the server sends, replayed
 * by pgbench at the same concurrency with no application in front, in the same run. A figure of the
 * app is then read as a ratio to what this machine's PostgreSQL does alone (docs/benchmarks.md).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/server/db/types.js';
import { percentile } from './load.js';

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * A Kysely on a plain pool that records every statement it runs (Kysely's public `log` option), so
 * the app's own service functions can be called once to learn exactly what they send.
 */
export function capturingDb(url: string): { db: Kysely<Database>; take: () => Statement[]; close: () => Promise<void> } {
  let statements: Statement[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }),
    log: (event) => {
      if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  return {
    db,
    take: () => {
      const taken = statements;
      statements = [];
      return taken;
    },
    close: () => db.destroy(),
  };
}

/** A parameter as an SQL literal, as PostgreSQL would read the text the driver sends for it. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return pg.escapeLiteral(arrayText(value));
  if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'`;
  if (typeof value === 'object') return pg.escapeLiteral(JSON.stringify(value));
  return pg.escapeLiteral(String(value));
}

function arrayText(values: unknown[]): string {
  const item = (v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayText(v);
    const s = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${values.map(item).join(',')}}`;
}

/**
 * The statement with its parameters written in as literals. Placeholders are replaced from the
 * highest number down, so $1 never eats the start of $12. Statements in a pgbench script end with
 * a semicolon; pgbench substitutes only variables it defines (none here).
 */
export function inlined(s: Statement): string {
  let text = s.sql;
  for (let i = s.parameters.length; i >= 1; i--) text = text.split(`$${i}`).join(literal(s.parameters[i - 1]));
  return `${text.trim().replace(/;\s*$/, '')};`;
}

/** The text form the driver sends a parameter in (pg's own rules for the types the app uses). */
function paramText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayText(value);
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A colon that pgbench's extended and prepared modes would take for a variable. */
const LOOKS_LIKE_VARIABLE = /(?<!:):(?!:)[A-Za-z0-9_]/;

/**
 * A script of the statements for pgbench. When no statement's text has a colon pgbench would read
 * as a variable, the parameters stay parameters (pgbench variables defined with -D, sent as the
 * driver sends them: text, typed by PostgreSQL) and the script runs with `prepared` (each
 * connection parses each statement once, as the app's prepared statements do) or `extended`;
 * otherwise the literals are written in and it runs with `simple`.
 */
export function pgbenchScript(
  statements: Statement[],
  prefix: string,
  wanted: 'prepared' | 'extended' | 'simple',
): { script: string; defines: Record<string, string>; protocol: 'simple' | 'extended' | 'prepared' } {
  if (wanted === 'simple' || statements.some((s) => LOOKS_LIKE_VARIABLE.test(s.sql))) {
    return { script: statements.map(inlined).join('\n'), defines: {}, protocol: 'simple' };
  }
  const defines: Record<string, string> = {};
  const lines = statements.map((s, i) => {
    let text = s.sql;
    for (let k = s.parameters.length; k >= 1; k--) {
      const value = s.parameters[k - 1];
      let replacement = 'NULL';
      if (value !== null && value !== undefined) {
        const name = `${prefix}_${i}_${k}`;
        defines[name] = paramText(value);
        replacement = `:${name}`;
      }
      text = text.split(`$${k}`).join(replacement);
    }
    return `${text.trim().replace(/;\s*$/, '')};`;
  });
  return { script: lines.join('\n'), defines, protocol: wanted };
}

export interface PgbenchResult {
  transactionsPerSecond: number;
  p50: number;
  p95: number;
  transactions: number;
  failed: number;
}

/**
 * Runs pgbench with the given scripts (one transaction each, picked at random with equal weight)
 * and reads each transaction's latency from pgbench's per-transaction log for the percentiles.
 */
export function runPgbench(opts: {
  databaseUrl: string;
  scripts: string[];
  clients: number;
  seconds: number;
  /** simple: each statement parsed and planned per call, as the app's unprepared statements are. */
  protocol?: 'simple' | 'extended' | 'prepared';
  /** pgbench variables (-D name=value). */
  defines?: Record<string, string>;
}): PgbenchResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glowbook-pgbench-'));
  try {
    const u = new URL(opts.databaseUrl);
    const files = opts.scripts.map((body, i) => {
      const file = path.join(dir, `script${i}.sql`);
      fs.writeFileSync(file, body.endsWith('\n') ? body : `${body}\n`);
      return file;
    });
    const args = [
      '-h',
      u.hostname,
      '-p',
      u.port || '5432',
      '-U',
      decodeURIComponent(u.username) || 'postgres',
      '-n',
      '-c',
      String(opts.clients),
      '-j',
      String(Math.min(2, opts.clients)),
      '-T',
      String(opts.seconds),
      '-M',
      opts.protocol ?? 'simple',
      '-l',
      '--log-prefix',
      path.join(dir, 'log'),
      ...Object.entries(opts.defines ?? {}).flatMap(([k, v]) => ['-D', `${k}=${v}`]),
      ...files.flatMap((f) => ['-f', f]),
      u.pathname.slice(1),
    ];
    // pgbench reports errors on stderr and may still exit 0 when clients aborted: both are read.
    const run = spawnSync('pgbench', args, { maxBuffer: 64 * 1024 * 1024 });
    const out = `${run.stdout}\n${run.stderr}`;
    if (run.status !== 0) throw new Error(`pgbench exited ${run.status}:\n${out.slice(-2000)}`);
    if (/Run was aborted/.test(out)) throw new Error(`pgbench aborted:\n${out}`);
    const latencies: number[] = [];
    for (const name of fs.readdirSync(dir)) {
      if (!name.startsWith('log')) continue;
      for (const line of fs.readFileSync(path.join(dir, name), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (Number.isFinite(us) && line) latencies.push(us / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    const tps = /tps = ([\d.]+)/.exec(out);
    const failed = /number of failed transactions: (\d+)/.exec(out);
    const round = (x: number) => Math.round(x * 100) / 100;
    return {
      transactionsPerSecond: tps ? Math.round(Number(tps[1])) : 0,
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      transactions: latencies.length,
      failed: failed ? Number(failed[1]) : 0,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** How the app compares with its statements run bare, in the same run. */
export function readCeiling(
  app: { p95: number; rps: number },
  sqlRun: PgbenchResult,
  statementsPerCall: number,
): {
  appP95: number;
  sqlP95: number;
  appPerSecond: number;
  sqlPerSecond: number;
  statementsPerCall: number;
  p95Ratio: number;
  throughputRatio: number;
} {
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    appP95: app.p95,
    sqlP95: sqlRun.p95,
    appPerSecond: app.rps,
    sqlPerSecond: sqlRun.transactionsPerSecond,
    statementsPerCall,
    /** Goal ≤ 1.5. */
    p95Ratio: round(app.p95 / Math.max(0.01, sqlRun.p95)),
    /** Goal ≥ 0.6. */
    throughputRatio: round(app.rps / Math.max(1, sqlRun.transactionsPerSecond)),
  };
}

/**
 * The physical ceiling of one booking: a table with nothing but the exclusion constraint that
 * guards the bookings table, written by the same 64 clients with the same contention (20 salons of
 * three professionals, 20 days, 36 quarter-hour starts, 30 minutes each).
 */
export function bareConstraintCeiling(databaseUrl: string, seconds: number): PgbenchResult {
  const psql = (command: string) => {
    const u = new URL(databaseUrl);
    execFileSync('psql', ['-h', u.hostname, '-p', u.port || '5432', '-U', u.username || 'postgres', '-qc', command, u.pathname.slice(1)], {
      stdio: 'ignore',
    });
  };
  psql(`drop table if exists bench_bare_bookings;
    create table bench_bare_bookings (
      id bigint generated always as identity primary key,
      staff_id int not null,
      during tstzrange not null,
      exclude using gist (staff_id with =, during with &&)
    )`);
  try {
    const script = [
      '\\set staff random(1, 60)',
      '\\set day random(2, 21)',
      '\\set quarter random(0, 35)',
      'insert into bench_bare_bookings (staff_id, during)',
      // No colon in the text but the variables': prepared mode reads every ":name" as one.
      '  values (:staff::int, tstzrange(current_date + :day::int + make_time(10, 0, 0) + make_interval(mins => 15 * :quarter::int),',
      '    current_date + :day::int + make_time(10, 30, 0) + make_interval(mins => 15 * :quarter::int))) on conflict do nothing;',
    ].join('\n');
    // Opening 64 connections takes pgbench seconds on a busy box, and -T counts them: 5 s more, so
    // the counted time (its tps leaves the connecting out) is at least the app's.
    return runPgbench({ databaseUrl, scripts: [script], clients: 64, seconds: seconds + 5, protocol: 'prepared' });
  } finally {
    psql('drop table if exists bench_bare_bookings');
  }
}

/** One booking as the app placed it, and the statements it sent (captured as in capturingDb). */
export interface CapturedBooking {
  statements: Statement[];
  id: string;
  staffIds: string[];
  startsAt: Date;
  endsAt: Date;
  bookingDate: string;
  bookingTime: string;
}

/** The statements of the booking's own transaction, begin to commit (a notification sent after the commit is left out). */
function transactionOf(statements: Statement[]): Statement[] {
  const begin = statements.findIndex((s) => /^\s*begin/i.test(s.sql));
  const commit = statements.findLastIndex((s) => /^\s*commit/i.test(s.sql));
  if (begin < 0 || commit < begin) throw new Error('the captured booking holds no transaction');
  return statements.slice(begin, commit + 1).filter((s) => !/pg_notify/i.test(s.sql));
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const BID = '\u0001bid\u0001';
const BDATE = '\u0001bdate\u0001';

/**
 * The schema's ceiling for one booking: the statements the app sent for a booking at each of the
 * captured salons, replayed as ONE pgbench script (so each connection prepares each statement once,
 * as the app's statements of one shape are one plan), each transaction drawing a salon, and afresh
 * what makes each booking its own: a new id, one of that salon's professionals, a day 2-21 days
 * ahead and one of 36 quarter-hour starts from 10:00 (the app phase's contention). A parameter that
 * is the same at every salon stays a pgbench variable as the app sent it; one that differs (the
 * salon, its services, hours and names) comes from a VALUES list of the captured salons (base64,
 * so no text is read as a pgbench variable), by the drawn salon. A value holding the booking's id or
 * date gets the new ones, and the day bounds of the day's read follow the drawn day. So the same
 * rows, constraints, indexes, locks and triggers are written as by the app. One difference: when
 * the drawn professional is taken, the app tries the next one and sends no job for a refused
 * attempt; here the insert does nothing and the job row is still written.
 */
export function bookingScriptAcross(
  captured: CapturedBooking[],
  prefix: string,
): { script: string; defines: Record<string, string>; statements: number } {
  const v = (name: string) => `${prefix}_${name}`;
  const txs = captured.map((c) => transactionOf(c.statements));
  const shape = txs[0].map((s) => s.sql);
  for (const t of txs) {
    if (t.length !== shape.length || t.some((s, i) => s.sql !== shape[i]))
      throw new Error('the captured bookings sent different statements');
  }
  const first = captured[0];
  const minutes = Math.round((first.endsAt.getTime() - first.startsAt.getTime()) / 60_000);
  const twelveHour = /[AP]M$/i.test(first.bookingTime);
  const colon = `' || chr(58) || '`;
  const timeFormat = twelveHour ? `'HH12${colon}MI AM'` : `'HH24${colon}MI'`;
  const defines: Record<string, string> = {};
  /** Columns of the VALUES list: a name and its text at each salon. */
  const columns: { name: string; texts: string[]; derive: boolean }[] = [];
  const dayOffsets = new Set<number>();
  const kindOf = (c: CapturedBooking, value: unknown): string | null => {
    if (value === c.id) return v('bid');
    if (typeof value === 'string' && c.staffIds.includes(value)) return v('staff');
    if (value instanceof Date && value.getTime() === c.startsAt.getTime()) return v('starts');
    if (value instanceof Date && value.getTime() === c.endsAt.getTime()) return v('ends');
    if (value === c.bookingDate) return v('bdate');
    if (value === c.bookingTime) return v('btime');
    if (value instanceof Date) {
      const days = (value.getTime() - Date.parse(`${c.bookingDate}T00:00:00Z`)) / 86_400_000;
      if (Number.isInteger(days) && Math.abs(days) <= 3) {
        dayOffsets.add(days);
        return v(`day${days < 0 ? 'm' : 'p'}${Math.abs(days)}`);
      }
    }
    return null;
  };
  const lines = shape.map((text, i) => {
    for (let k = txs[0][i].parameters.length; k >= 1; k--) {
      const values = txs.map((t) => t[i].parameters[k - 1]);
      const kinds = values.map((value, j) => kindOf(captured[j], value));
      let replacement: string;
      if (values.every((x) => x === null || x === undefined)) replacement = 'NULL';
      else if (kinds[0] !== null && kinds.every((x) => x === kinds[0])) replacement = `:${kinds[0]}`;
      else {
        const name = v(`${i}_${k}`);
        const texts = values.map((value, j) => {
          if (value === null || value === undefined) throw new Error(`parameter ${k} of statement ${i} is null at some salons only`);
          return paramText(value).split(captured[j].id).join(BID).split(captured[j].bookingDate).join(BDATE);
        });
        const derive = texts.some((t) => t.includes(BID) || t.includes(BDATE));
        if (!derive && texts.every((t) => t === texts[0])) defines[name] = texts[0];
        else columns.push({ name, texts, derive });
        replacement = `:${name}`;
      }
      text = text.split(`$${k}`).join(replacement);
    }
    return `${text.trim().replace(/;\s*$/, '')};`;
  });
  if (lines.some((l) => LOOKS_LIKE_VARIABLE.test(l.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '')))) {
    throw new Error('a booking statement holds a colon pgbench would read as a variable');
  }
  const rows = captured.map(
    (c, j) => `(${j + 1}, '${base64(`{${c.staffIds.join(',')}}`)}'${columns.map((col) => `, '${base64(col.texts[j])}'`).join('')})`,
  );
  const text64 = (ref: string) => `convert_from(decode(${ref}, 'base64'), 'UTF8')`;
  const bdate = `(current_date + :day::int)::text`;
  const start = `(current_date + :day::int) + make_time(10, 0, 0) + make_interval(mins => 15 * :quarter::int)`;
  const selected = [
    `x.bid as ${v('bid')}`,
    `staff[1 + floor(random() * cardinality(staff))::int] as ${v('staff')}`,
    `${bdate} as ${v('bdate')}`,
    `to_char(${start}, ${timeFormat}) as ${v('btime')}`,
    `(${start}) at time zone 'Asia/Kolkata' as ${v('starts')}`,
    `(${start} + make_interval(mins => ${minutes})) at time zone 'Asia/Kolkata' as ${v('ends')}`,
    ...[...dayOffsets].map(
      (d) => `(current_date + :day::int + ${d})::timestamp at time zone 'UTC' as ${v(`day${d < 0 ? 'm' : 'p'}${Math.abs(d)}`)}`,
    ),
    ...columns.map((col) =>
      col.derive
        ? `replace(replace(${text64(`s.${col.name}`)}, E'\\001bid\\001', x.bid::text), E'\\001bdate\\001', ${bdate}) as ${col.name}`
        : `${text64(`s.${col.name}`)} as ${col.name}`,
    ),
  ];
  const setup = [
    `\\set day random(2, 21)`,
    `\\set quarter random(0, 35)`,
    `\\set salon random(1, ${captured.length})`,
    `select ${selected.join(',\n  ')}`,
    `from (select gen_random_uuid() as bid) x,`,
    `  (select n, ${text64('staff64')}::uuid[] as staff${columns.map((col) => `, ${col.name}`).join('')}`,
    `   from (values ${rows.join(',\n    ')}) t(n, staff64${columns.map((col) => `, ${col.name}`).join('')})) s`,
    `where s.n = :salon \\gset`,
  ];
  return { script: [...setup, ...lines].join('\n'), defines, statements: lines.length };
}
