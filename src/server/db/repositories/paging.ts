import { type SelectQueryBuilder, sql } from 'kysely';

/** Which page of a list: at most `limit` rows after skipping `offset`. */
export interface PageRequest {
  limit: number;
  offset: number;
}

/**
 * One page of a filtered list and how many rows the filter matches in all, read side by side:
 * `rows` is `filtered` with its columns and order, `filtered` itself is counted.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  // biome-ignore lint/complexity/noBannedTypes: a query before its select has Kysely's empty output type.
  filtered: SelectQueryBuilder<DB, TB, {}>,
  rows: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): Promise<{ rows: O[]; total: number }> {
  const [list, count] = await Promise.all([
    rows.limit(page.limit).offset(page.offset).execute(),
    filtered.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number((count as { n: number | string }).n) };
}
