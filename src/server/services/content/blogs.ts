import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import { slugify, type blogsQueryInput, type createBlogInput, type updateBlogInput } from '../../../shared/schemas/content.js';
import { recordAudit } from '../../db/repositories/audit.js';
import type { BlogsTable } from '../../db/schema/content.js';
import { forbidden, notFound } from '../../errors.js';
import type { Actor, AppDeps } from '../../trpc/context.js';
import { iso } from '../wire.js';
import type { Executor } from '../../db/repositories/accounts.js';

type BlogRow = Selectable<BlogsTable>;
const WORDS_PER_MINUTE = 200;

export function toBlogWire(b: BlogRow) {
  return {
    _id: b.id,
    slug: b.slug,
    title: b.title,
    excerpt: b.excerpt,
    body: b.body,
    coverImage: b.cover_image,
    tags: b.tags,
    author: b.author_name,
    status: b.status,
    readMinutes: Math.max(1, Math.round(b.body.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE)),
    publishedAt: b.published_at ? iso(b.published_at) : null,
    createdAt: iso(b.created_at),
    updatedAt: iso(b.updated_at),
  };
}

const isAdmin = (actor: Actor | null) => actor?.role === 'admin';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A unique slug from the title: 'facial-guide', then 'facial-guide-2', ... */
async function freeSlug(db: Executor, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title) || 'post';
  const taken = await db
    .selectFrom('blogs')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .$if(Boolean(exceptId), (q) => q.where('id', '<>', exceptId!))
    .execute();
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

export async function listBlogs(deps: AppDeps, actor: Actor | null, input: z.output<typeof blogsQueryInput>) {
  if (input.status === 'all' && !isAdmin(actor)) throw forbidden('status: only administrators see drafts');
  let q = deps.db.selectFrom('blogs');
  if (input.status !== 'all') q = q.where('status', '=', 'published');
  if (input.tag) q = q.where(sql<boolean>`${input.tag} = any(tags)`);
  if (input.search) {
    const like = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('title', 'ilike', like), eb('excerpt', 'ilike', like), eb('body', 'ilike', like)]));
  }
  const [rows, count, tags] = await Promise.all([
    q
      .selectAll()
      .orderBy(sql`coalesce(published_at, updated_at)`, 'desc')
      .orderBy('id')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    sql<{ tag: string }>`select distinct unnest(tags) as tag from blogs where status = 'published' order by 1`.execute(deps.db),
  ]);
  return {
    blogs: rows.map((r) => {
      const { body: _body, ...rest } = toBlogWire(r);
      return rest;
    }),
    total: Number(count.n),
    page: input.page,
    tags: tags.rows.map((t) => t.tag),
  };
}

/** By id or slug; drafts only for administrators. */
export async function getBlog(deps: AppDeps, actor: Actor | null, idOrSlug: string) {
  const row = await deps.db
    .selectFrom('blogs')
    .selectAll()
    .where(UUID_RE.test(idOrSlug) ? 'id' : 'slug', '=', idOrSlug)
    .executeTakeFirst();
  if (!row || (row.status !== 'published' && !isAdmin(actor))) throw notFound('Blog');
  return { blog: toBlogWire(row) };
}

export async function createBlog(deps: AppDeps, actor: Actor, input: z.output<typeof createBlogInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const author = await trx.selectFrom('accounts').select(['first_name', 'last_name']).where('id', '=', actor.id).executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('blogs')
      .values({
        slug: await freeSlug(trx, input.title),
        title: input.title,
        excerpt: input.excerpt,
        body: input.body,
        cover_image: input.coverImage ?? null,
        tags: [...new Set(input.tags)],
        author_id: actor.id,
        author_name: `${author.first_name} ${author.last_name}`.trim() || 'GlowBook team',
        status: input.status,
        published_at: input.status === 'published' ? new Date() : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor.id, 'blogs.create', 'blog', row.id, { title: row.title, status: row.status });
    return { blog: toBlogWire(row) };
  });
}

export async function updateBlog(deps: AppDeps, actor: Actor, input: z.output<typeof updateBlogInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('blogs').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
    if (!current) throw notFound('Blog');
    const status = input.status ?? current.status;
    const row = await trx
      .updateTable('blogs')
      .set({
        ...(input.title !== undefined ? { title: input.title, slug: await freeSlug(trx, input.title, current.id) } : {}),
        ...(input.excerpt !== undefined ? { excerpt: input.excerpt } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(input.coverImage !== undefined ? { cover_image: input.coverImage } : {}),
        ...(input.tags !== undefined ? { tags: [...new Set(input.tags)] } : {}),
        status,
        // First publication keeps its date; unpublishing clears it.
        published_at: status === 'published' ? (current.published_at ?? new Date()) : null,
        updated_at: new Date(),
      })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor.id, 'blogs.update', 'blog', row.id, { fields: Object.keys(input).filter((k) => k !== 'id'), status: row.status });
    return { blog: toBlogWire(row) };
  });
}

export async function deleteBlog(deps: AppDeps, actor: Actor, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('blogs').where('id', '=', id).returning(['id', 'title']).executeTakeFirst();
    if (!row) throw notFound('Blog');
    await recordAudit(trx, actor.id, 'blogs.delete', 'blog', row.id, { title: row.title });
    return { success: true as const, message: `Deleted “${row.title}”` };
  });
}

