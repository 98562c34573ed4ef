import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement (create/drop database) on a fresh connection to `base`, closed afterwards. */
export async function adminStatement(base: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
  } catch (err) {
    throw new Error(`The tests need the PostgreSQL at ${base} (TEST_DATABASE_URL points elsewhere): ${(err as Error).message}`);
  }
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export interface ScratchDatabase {
  url: string;
  name: string;
  /** A new, unconnected client of the scratch database. */
  client: () => pg.Client;
  drop: () => Promise<void>;
}

/**
 * A database of its own on the PostgreSQL at `base` (empty, or a copy of `template`), for one test
 * file or one run's template; `drop()` removes it even while connections remain.
 */
export async function scratchDatabaseOn(base: string, prefix: string, opts: { template?: string } = {}): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminStatement(base, `create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    client: () => new pg.Client({ connectionString: url.toString() }),
    drop: () => adminStatement(base, `drop database if exists ${name} with (force)`),
  };
}
