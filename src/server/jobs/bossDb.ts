import { CompiledQuery, type Kysely } from 'kysely';

/** What pg-boss 10 calls to run SQL (its `db` option, in the constructor and per call). */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/**
 * Splits a script into its statements at top-level semicolons (not inside quotes, dollar-quoted
 * function bodies or comments). pg-boss sends its schema and its maintenance as one script
 * (`BEGIN; ...; COMMIT;`), which the extended protocol (every Kysely query, and every PGlite
 * `query`) refuses: several commands in one prepared statement.
 */
export function splitStatements(script: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < script.length) {
    const c = script[i];
    if (c === "'" || c === '"') {
      const end = script.indexOf(c, i + 1);
      i = end < 0 ? script.length : end + 1;
    } else if (c === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? script.length : end + 1;
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i));
      if (tag) {
        const end = script.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? script.length : end + tag[0].length;
      } else i++;
    } else if (c === ';') {
      out.push(script.slice(start, i));
      start = ++i;
    } else i++;
  }
  out.push(script.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

const TX_CONTROL = /^(begin|commit)$/i;

/**
 * pg-boss on a Kysely (PostgreSQL pool or the embedded PGlite), or on a Kysely transaction: a job
 * sent with `{ db: bossDb(trx) }` is inserted in that transaction. A script (no parameters, several
 * statements) runs statement by statement in a transaction of its own (its BEGIN and COMMIT are
 * replaced by Kysely's, which on PGlite also waits for any other transaction on its one connection).
 */
export function bossDb(db: Kysely<any>): BossDb {
  return {
    async executeSql(text, values) {
      if (!values?.length) {
        const statements = splitStatements(text);
        if (statements.length > 1) {
          const body = statements.filter((s) => !TX_CONTROL.test(s));
          const run = async (ex: Kysely<any>) => {
            let last: { rows: any[] } = { rows: [] };
            for (const s of body) last = await ex.executeQuery(CompiledQuery.raw(s, []));
            return last;
          };
          return db.isTransaction ? run(db) : db.transaction().execute(run);
        }
      }
      const res = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: res.rows as any[] };
    },
  };
}
