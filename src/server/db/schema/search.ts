import type { ColumnType } from 'kysely';

/**
 * salon_search (migration 2026112360_salon_search): the narrow copy of each salon that discovery
 * filters and sorts on. Triggers write it; the application only reads it.
 */
export interface SalonSearchTable {
  id: ColumnType<string, never, never>;
  is_published: ColumnType<boolean, never, never>;
  is_sponsored: ColumnType<boolean, never, never>;
  city: ColumnType<string, never, never>;
  address: ColumnType<string, never, never>;
  state: ColumnType<string, never, never>;
  gender_served: ColumnType<string, never, never>;
  amenities: ColumnType<string[], never, never>;
  rating_avg: ColumnType<string, never, never>;
  review_count: ColumnType<number, never, never>;
  booking_count: ColumnType<number, never, never>;
  min_price: ColumnType<string | null, never, never>;
  score: ColumnType<number, never, never>;
  /** Ids (search_terms) of the salon's lower-cased name, active service names and their categories' names. */
  term_ids: ColumnType<number[], never, never>;
}

/** The dictionary of distinct lower-cased names text search matches against. */
export interface SearchTermsTable {
  id: ColumnType<number, never, never>;
  term: ColumnType<string, never, never>;
}

export interface SearchTables {
  salon_search: SalonSearchTable;
  search_terms: SearchTermsTable;
}
