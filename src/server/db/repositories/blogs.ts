import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { containsPattern, prefixPattern } from '../../../shared/constants.js';
import type { Executor } from '../executor.js';
import type { BlogsTable } from '../types.js';

/* The blog's reads and writes (services/content/blogs.ts holds who may do what). */

export type BlogRow = Selectable<BlogsTable>;

/** The slugs in use that are `base` or `base-<anything>`, but for the post `exceptId`. */
export async function slugsLike(db: Executor, base: string, exceptId?: string): Promise<Set<string>> {
  const taken = await db
    .selectFrom('blogs')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', prefixPattern(`${base}-`))]))
    .$if(Boolean(exceptId), (q) => q.where('id', '<>', exceptId!))
    .execute();
  return new Set(taken.map((t) => t.slug));
}

export interface BlogFilter {
  publishedOnly: boolean;
  tag?: string;
  /** Text in the title, excerpt or body, any case. */
  search?: string;
  page: number;
  limit: number;
}

/** A page of posts, newest (published, else last edited) first; the total; every published post's tags. */
export async function listBlogRows(db: Executor, f: BlogFilter): Promise<{ rows: BlogRow[]; total: number; tags: string[] }> {
  let q = db.selectFrom('blogs');
  if (f.publishedOnly) q = q.where('status', '=', 'published');
  if (f.tag) q = q.where(sql<boolean>`${f.tag} = any(tags)`);
  if (f.search) {
    const like = containsPattern(f.search);
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('excerpt', 'ilike', like), eb('body', 'ilike', like)]));
  }
  const [rows, count, tags] = await Promise.all([
    q
      .selectAll()
      .orderBy(sql`coalesce(published_at, updated_at)`, 'desc')
      .orderBy('id')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    sql<{ tag: string }>`select distinct unnest(tags) as tag from blogs where status = 'published' order by 1`.execute(db),
  ]);
  return { rows, total: Number(count.n), tags: tags.rows.map((t) => t.tag) };
}

/** A post by id or by slug; `lock` holds it for update until the transaction ends. */
export function findBlogRow(
  db: Executor,
  by: { id: string } | { slug: string },
  opts: { lock?: boolean } = {},
): Promise<BlogRow | undefined> {
  const q = db
    .selectFrom('blogs')
    .selectAll()
    .where('id' in by ? 'id' : 'slug', '=', 'id' in by ? by.id : by.slug);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst();
}

/** The name a post is signed with: the author's, or the team's. */
export async function authorNameOf(db: Executor, accountId: string): Promise<string> {
  const a = await db.selectFrom('accounts').select(['first_name', 'last_name']).where('id', '=', accountId).executeTakeFirstOrThrow();
  return `${a.first_name} ${a.last_name}`.trim() || 'GlowBook team';
}

export function insertBlogRow(db: Executor, values: Insertable<BlogsTable>): Promise<BlogRow> {
  return db.insertInto('blogs').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateBlogRow(db: Executor, id: string, set: Updateable<BlogsTable>): Promise<BlogRow> {
  return db.updateTable('blogs').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Deletes a post; undefined when there was none. */
export function deleteBlogRow(db: Executor, id: string): Promise<{ id: string; title: string } | undefined> {
  return db.deleteFrom('blogs').where('id', '=', id).returning(['id', 'title']).executeTakeFirst();
}
