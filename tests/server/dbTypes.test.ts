import fs from 'node:fs';
import type { ColumnType } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { GENERATED_FILE, generateDbTypes } from '../../scripts/db/types.js';
import type { Narrowed } from '../../src/server/db/types.js';
import { DB_KIND } from '../helpers/runtime.js';

/* src/server/db/schema.generated.ts is what kysely-codegen reads from the migrated schema (PGlite only: one schema). */
describe.skipIf(DB_KIND !== 'pglite')('database types', () => {
  it('the committed generated types match the migrations', { timeout: 240_000 }, async () => {
    // The run's migrated image (tests/helpers/dbImage.setup.ts); a migration it lacks is run anyway.
    const image = new Blob([fs.readFileSync(inject('pgliteImage'))]);
    const fresh = await generateDbTypes({ image });
    const committed = fs.readFileSync(GENERATED_FILE, 'utf8');
    expect(fresh, 'src/server/db/schema.generated.ts is not current: run npm run db:types').toBe(committed);
  });
});

/* Narrowings name only real tables and columns, with types the generated column accepts (checked by npm run typecheck). */
export type NarrowingChecks = [
  Narrowed<{ bookings: { status: 'confirmed' | 'blocked' } }>,
  // @ts-expect-error no such column
  Narrowed<{ bookings: { no_such_column: string } }>,
  // @ts-expect-error no such table
  Narrowed<{ no_such_table: { id: string } }>,
  // @ts-expect-error a text column read as a number
  Narrowed<{ bookings: { status: number } }>,
  // @ts-expect-error a NOT NULL column read as nullable
  Narrowed<{ bookings: { merchant_id: string | null } }>,
  // @ts-expect-error a column with no default made optional in inserts
  Narrowed<{ bookings: { merchant_id: ColumnType<string, string | undefined, string> } }>,
];
