import { type PostgresCursor, type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
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

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since it was
 * prepared (a `select *` after a deploy's migration added a column, while this process still
 * runs): that statement is then sent unprepared on that connection from now on, and the call is
 * repeated once unless a transaction (which the error has aborted) is open.
 */
const isStalePlan = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: string }).code === '0A000' &&
  /cached plan must not change result type/.test(String((err as Error).message));

const OPENS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|end|rollback(?!\s+to\b))\b/i;

interface ClientState {
  names: Set<string>;
  stale: Set<string>;
  inTransaction: boolean;
}

export function preparingPool(pool: pg.Pool): PostgresPool {
  const texts = new Map<string, Seen>();
  const states = new WeakMap<pg.PoolClient, ClientState>();
  let next = 0;

  const stateOf = (client: pg.PoolClient): ClientState => {
    let state = states.get(client);
    if (!state) states.set(client, (state = { names: new Set(), stale: new Set(), inTransaction: false }));
    return state;
  };

  const nameFor = (state: ClientState, text: string): string | undefined => {
    let seen = texts.get(text);
    if (!seen) {
      if (texts.size >= MAX_TEXTS || !PREPARABLE.test(text) || text.startsWith(PLANNED_PER_CALL_TEXT)) return undefined;
      seen = { name: `gb_${(next++).toString(36)}`, count: 0 };
      texts.set(text, seen);
    }
    if (++seen.count < 2 || state.stale.has(seen.name)) return undefined;
    if (!state.names.has(seen.name)) {
      if (state.names.size >= PER_CONNECTION) return undefined;
      state.names.add(seen.name);
    }
    return seen.name;
  };

  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const state = stateOf(client);
      const run = async (text: string, values: unknown[]) => {
        if (OPENS.test(text)) state.inTransaction = true;
        else if (ENDS.test(text)) state.inTransaction = false;
        const name = nameFor(state, text);
        if (!name) return client.query(text, values);
        try {
          return await client.query({ name, text, values });
        } catch (err) {
          if (!isStalePlan(err)) throw err;
          state.stale.add(name);
          if (state.inTransaction) throw err;
          return client.query(text, values);
        }
      };
      return {
        query: ((textOrCursor: string | PostgresCursor<unknown>, values?: readonly unknown[]) =>
          typeof textOrCursor === 'string'
            ? run(textOrCursor, (values ?? []) as unknown[])
            : client.query(textOrCursor as never)) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}
