import fs from 'node:fs';
import { type Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { AuditingKysely } from './pendingAudit.js';
import { clusterDir, copyTemplateIfNew, PGLITE_TEMPLATE, takeStartedCopy } from './pgliteDir.js';
import { preparingPool } from './preparing.js';
import type { Database } from './types.js';

export type Db = Kysely<Database>;

/** numeric → number, bigint counts → number, date → 'YYYY-MM-DD' text on both drivers. */
const NUMERIC = 1700;
const INT8 = 20;
const DATE = 1082;
const DATE_ARRAY = 1182;
pg.types.setTypeParser(NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(DATE, (v) => v);
// date[] as a list of 'YYYY-MM-DD' strings, never JS Dates at local midnight.
pg.types.setTypeParser(DATE_ARRAY as unknown as (typeof pg.types.builtins)[keyof typeof pg.types.builtins], (v: string) =>
  v === '{}' ? [] : v.slice(1, -1).split(','),
);

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Cheap liveness probe used by /api/health. */
  ping(): Promise<void>;
  /**
   * LISTENs on a channel on a connection of its own (the embedded database: its own listener).
   * `onGap` runs after the connection was lost and made again: notices sent meanwhile are lost.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const RELISTEN_MAX_MS = 2000;

/** A LISTEN connection that comes back by itself after the server or the network dropped it. */
async function pgListener(connectionString: string, channel: string, onMessage: (payload: string) => void, onGap: () => void) {
  let stopped = false;
  let client: pg.Client | null = null;
  let delay = 100;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (isRetry: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, application_name: 'glowbook-listen' });
    c.on('error', () => undefined);
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('end', () => {
      if (client === c) client = null;
      if (!stopped) retry();
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      if (!isRetry) throw err;
      return;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 100;
    if (isRetry) onGap();
  };
  const retry = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      delay = Math.min(delay * 2, RELISTEN_MAX_MS);
      void connect(true).then(() => {
        if (!client && !stopped) retry();
      });
    }, delay);
    timer.unref();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}

/** A Kysely over a pg pool that survives the server going away (it reconnects), with prepared statements. */
export function pgKysely(connectionString: string, max: number, applicationName?: string): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    // JIT compiling costs tens of milliseconds per query and only pays off for analytics.
    options: '-c jit=off',
    ...(applicationName ? { application_name: applicationName } : {}),
  });
  // A dropped connection (server restart) must not crash the process; the pool reconnects.
  pool.on('error', () => undefined);
  // A client checked out by a transaction has no pool listener: losing its connection between two
  // queries would emit an unhandled 'error' and end the process. The transaction's next query fails
  // instead, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new AuditingKysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolMax?: number;
  /** PGlite only: keep everything in memory (tests). */
  memory?: boolean;
  /** PGlite in memory only: start from this data-directory image (`dumpDataDir`) instead of an empty cluster. */
  memoryImage?: Blob;
}): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const db = pgKysely(opts.databaseUrl, opts.poolMax ?? 10);
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      listen: (channel, onMessage, onGap) => pgListener(opts.databaseUrl!, channel, onMessage, onGap),
      close: () => db.destroy(),
    };
  }
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  let dataDir: string | undefined;
  if (!opts.memory) {
    dataDir = clusterDir(opts.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = opts.memory && opts.memoryImage ? await openPgliteImage(opts.memoryImage) : await openPglite(dataDir);
  const db = new AuditingKysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    close: () => db.destroy(),
  };
}

export { PGLITE_TEMPLATE } from './pgliteDir.js';

async function pgliteModules() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { cube } = await import('@electric-sql/pglite/contrib/cube');
  const { earthdistance } = await import('@electric-sql/pglite/contrib/earthdistance');
  return { PGlite, extensions: { btree_gist, pg_trgm, cube, earthdistance } };
}

const PGLITE_PARSERS = {
  [NUMERIC]: (v: string) => Number.parseFloat(v),
  [INT8]: (v: string) => Number.parseInt(v, 10),
  [DATE]: (v: string) => v,
};

/**
 * An in-memory embedded PostgreSQL started from a data-directory image: no initdb (seconds of CPU),
 * and the image's migrations are already applied. The tests make one migrated image per run.
 */
export async function openPgliteImage(image: Blob) {
  const { PGlite, extensions } = await pgliteModules();
  return PGlite.create({ loadDataDir: image, extensions, parsers: PGLITE_PARSERS });
}

/** The embedded PostgreSQL in `dataDir` (in memory without one); a new directory starts from the template when there is one. */
export async function openPglite(dataDir: string | undefined, opts: { template?: string | null } = {}) {
  const { PGlite, extensions } = await pgliteModules();
  const template = opts.template === undefined ? PGLITE_TEMPLATE : opts.template;
  // The server's entry may have started the copy while the server loaded (see main.ts).
  if (dataDir !== undefined && template && (await (takeStartedCopy(dataDir) ?? copyTemplateIfNew(dataDir, template)))) {
    try {
      return await PGlite.create({ dataDir, extensions, parsers: PGLITE_PARSERS });
    } catch {
      // A template this PGlite cannot open (another version): start the directory from scratch.
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
    }
  }
  return PGlite.create({ dataDir, extensions, parsers: PGLITE_PARSERS });
}
