import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../../src/server/db/index.js';
import { DB_KIND } from '../helpers/runtime.js';

/*
 * Named prepared statements (db/preparing.ts) exist only on PostgreSQL; PGlite runs in process.
 * One connection, so every statement here meets the same session's pg_prepared_statements.
 */
describe.skipIf(DB_KIND !== 'pg')('prepared statements on PostgreSQL', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolMax: 1 });
  });
  afterAll(async () => {
    await handle.close();
  });

  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db)).rows.map((r) => r.statement);

  it('prepares a statement from its second run, and answers the same', async () => {
    const answers: number[] = [];
    for (const n of [1, 2, 3, 4, 5, 6, 7])
      answers.push((await sql<{ v: number }>`select ${n}::int * 10 as v`.execute(handle.db)).rows[0].v);
    expect(answers).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(await prepared()).toContain('select $1::int * 10 as v');
  });

  it('leaves one-off statements and transaction control unprepared', async () => {
    await sql`select 'just once' as once`.execute(handle.db);
    await handle.db.transaction().execute(async (trx) => {
      await sql`select 1 as inside`.execute(trx);
    });
    const statements = await prepared();
    expect(statements.some((s) => s.includes('just once'))).toBe(false);
    expect(statements.some((s) => /^\s*(begin|commit)/i.test(s))).toBe(false);
  });

  it('never prepares a statement marked to be planned per call', async () => {
    const { PLANNED_PER_CALL } = await import('../../src/server/db/preparing.js');
    for (const n of [1, 2, 3])
      expect((await sql<{ v: number }>`${PLANNED_PER_CALL}select ${n}::int * 7 as v`.execute(handle.db)).rows[0].v).toBe(7 * n);
    expect((await prepared()).some((s) => s.includes('* 7 as v'))).toBe(false);
  });

  it('after a table changes shape, a prepared select * is sent afresh instead of failing', async () => {
    await sql`drop table if exists prep_shape`.execute(handle.db);
    await sql`create table prep_shape (a int)`.execute(handle.db);
    await sql`insert into prep_shape values (1)`.execute(handle.db);
    const read = () => sql<Record<string, number>>`select * from prep_shape`.execute(handle.db);
    for (let i = 0; i < 3; i++) expect((await read()).rows).toEqual([{ a: 1 }]);
    expect(await prepared()).toContain('select * from prep_shape');
    await sql`alter table prep_shape add column b int default 2`.execute(handle.db);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    // Inside a transaction the refused statement has aborted it: the error reaches the caller.
    await sql`alter table prep_shape add column c int default 3`.execute(handle.db);
    const again = () => sql<Record<string, number>>`select * from prep_shape where a = ${1}`.execute(handle.db);
    for (let i = 0; i < 3; i++) await again();
    await sql`alter table prep_shape add column d int default 4`.execute(handle.db);
    await expect(handle.db.transaction().execute((trx) => sql`select * from prep_shape where a = ${1}`.execute(trx))).rejects.toThrow(
      /cached plan/,
    );
    expect((await again()).rows).toEqual([{ a: 1, b: 2, c: 3, d: 4 }]);
    await sql`drop table prep_shape`.execute(handle.db);
  });

  it('keeps at most 256 prepared statements on a connection, and still answers the rest', async () => {
    for (let round = 0; round < 2; round++) {
      for (let k = 0; k < 300; k++) {
        const r = await sql<{ v: number }>`select ${sql.lit(k)}::int + ${round} as v`.execute(handle.db);
        expect(r.rows[0].v).toBe(k + round);
      }
    }
    expect((await prepared()).length).toBeLessThanOrEqual(256);
  });
});
