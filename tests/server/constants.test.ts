import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ROW_STATUSES, PUSH_AUDIENCES, ROLES } from '../../src/shared/constants.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/*
 * src/shared/constants.ts is the one list of each enumeration the code uses; the database's check
 * constraints hold their own copy (a migration cannot import code that may change after it).
 * These tests keep the two in step.
 */
describe('shared constants match the database', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  /** The quoted values of the check constraint on table.column, sorted. */
  async function checkedValues(table: string, column: string): Promise<string[]> {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(c.oid) as def
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      where t.relname = ${table} and c.contype = 'c'`.execute(rt.deps.db);
    const def = rows.map((r) => r.def).find((d) => new RegExp(`^CHECK \\(\\(?\\(?${column}\\b.*(=\\s*ANY|\\bIN\\b)`, 'i').test(d));
    expect(def, `a check constraint listing ${table}.${column}`).toBeDefined();
    return [...def!.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
  }

  it('bookings.status holds exactly BOOKING_ROW_STATUSES', async () => {
    expect(await checkedValues('bookings', 'status')).toEqual([...BOOKING_ROW_STATUSES].sort());
  });

  it('accounts.role holds exactly ROLES', async () => {
    expect(await checkedValues('accounts', 'role')).toEqual([...ROLES].sort());
  });

  it('push_broadcasts.audience holds exactly PUSH_AUDIENCES', async () => {
    expect(await checkedValues('push_broadcasts', 'audience')).toEqual([...PUSH_AUDIENCES].sort());
  });
});
