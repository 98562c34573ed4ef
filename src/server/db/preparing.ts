import { sql, type PostgresCursor, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/*
 * Planning a statement costs PostgreSQL as much as running it for the app's short queries (the
 * booking's answer joins five tables: about 1 ms to plan, 0.2 ms to run). A statement the process
 * runs again and again is therefore sent as a named prepared statement, so each connection parses
 * it once and PostgreSQL may keep a generic plan for it: it plans the first five executions with
 * the actual values, then keeps a value-independent plan only if that plan is estimated no worse
 * (plan_cache_mode = auto), so value-sensitive statements keep being planned for their values.
 * This is what the JDBC and Npgsql drivers do by default. Bounded: only statements seen twice are
 * prepared, at most PER_CONNECTION per connection, and the process remembers at most MAX_TEXTS texts.
 */

/**
 * Put first in a statement whose best plan depends on its values (a search: which filters, how
 * selective, which index to walk): it is never prepared, so PostgreSQL plans it for every call.
 */
export const PLANNED_PER_CALL = sql.raw('/* planned per call */ ');
const PLANNED_PER_CALL_TEXT = '/* planned per call */';

const PER_CONNECTION = 256;
const MAX_TEXTS = 4096;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

interface Seen {
  name: string;
  count: number;
}

export function preparingPool(pool: pg.Pool): PostgresPool {
  const texts = new Map<string, Seen>();
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  let next = 0;

  const nameFor = (client: pg.PoolClient, text: string): string | undefined => {
    let seen = texts.get(text);
    if (!seen) {
      if (texts.size >= MAX_TEXTS || !PREPARABLE.test(text) || text.startsWith(PLANNED_PER_CALL_TEXT)) return undefined;
      seen = { name: `gb_${(next++).toString(36)}`, count: 0 };
      texts.set(text, seen);
    }
    if (++seen.count < 2) return undefined;
    let names = prepared.get(client);
    if (!names) prepared.set(client, (names = new Set()));
    if (!names.has(seen.name)) {
      if (names.size >= PER_CONNECTION) return undefined;
      names.add(seen.name);
    }
    return seen.name;
  };

  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query: ((textOrCursor: string | PostgresCursor<unknown>, values?: readonly unknown[]) => {
          if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never);
          const name = nameFor(client, textOrCursor);
          return name
            ? client.query({ name, text: textOrCursor, values: values as unknown[] })
            : client.query(textOrCursor, values as unknown[]);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

