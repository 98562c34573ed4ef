import type { ColumnType, Generated } from 'kysely';

export interface BlogsTable {
  id: Generated<string>;
  slug: string;
  title: string;
  excerpt: Generated<string>;
  body: string;
  cover_image: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  author_id: string | null;
  author_name: string;
  status: Generated<'draft' | 'published'>;
  published_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Table types for blogs; merged into Database in ../types.ts. */
export interface ContentTables {
  blogs: BlogsTable;
}
