import type { z } from 'zod';
import { type blogsQueryInput, type createBlogInput, slugify, type updateBlogInput } from '../../../shared/schemas/content.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import type { Executor } from '../../db/executor.js';
import { recordAudit } from '../../db/repositories/audit.js';
import {
  authorNameOf,
  type BlogRow,
  deleteBlogRow,
  findBlogRow,
  insertBlogRow,
  listBlogRows,
  slugsLike,
  updateBlogRow,
} from '../../db/repositories/blogs.js';
import type { Actor, AppDeps } from '../../deps.js';
import { forbidden, notFound } from '../../errors.js';
import { iso } from '../wire.js';

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
  const used = await slugsLike(db, base, exceptId);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

export async function listBlogs(deps: AppDeps, actor: Actor | null, input: z.output<typeof blogsQueryInput>) {
  if (input.status === 'all' && !isAdmin(actor)) throw forbidden('status: only administrators see drafts');
  const { rows, total, tags } = await listBlogRows(deps.db, {
    publishedOnly: input.status !== 'all',
    tag: input.tag,
    search: input.search,
    page: input.page,
    limit: input.limit,
  });
  return {
    blogs: rows.map((r) => {
      const { body: _body, ...rest } = toBlogWire(r);
      return rest;
    }),
    total,
    page: input.page,
    tags,
    paging: pagingOf(input.page, input.limit, total),
  };
}

/** By id or slug; drafts only for administrators. */
export async function getBlog(deps: AppDeps, actor: Actor | null, idOrSlug: string) {
  const row = await findBlogRow(deps.db, UUID_RE.test(idOrSlug) ? { id: idOrSlug } : { slug: idOrSlug });
  if (!row || (row.status !== 'published' && !isAdmin(actor))) throw notFound('Blog');
  return { blog: toBlogWire(row) };
}

export async function createBlog(deps: AppDeps, actor: Actor, input: z.output<typeof createBlogInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await insertBlogRow(trx, {
      slug: await freeSlug(trx, input.title),
      title: input.title,
      excerpt: input.excerpt,
      body: input.body,
      cover_image: input.coverImage ?? null,
      tags: [...new Set(input.tags)],
      author_id: actor.id,
      author_name: await authorNameOf(trx, actor.id),
      status: input.status,
      published_at: input.status === 'published' ? new Date() : null,
    });
    await recordAudit(trx, actor.id, 'blogs.create', 'blog', row.id, { title: row.title, status: row.status });
    return { blog: toBlogWire(row) };
  });
}

export async function updateBlog(deps: AppDeps, actor: Actor, input: z.output<typeof updateBlogInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const current = await findBlogRow(trx, { id: input.id }, { lock: true });
    if (!current) throw notFound('Blog');
    const status = input.status ?? current.status;
    const row = await updateBlogRow(trx, input.id, {
      ...(input.title !== undefined ? { title: input.title, slug: await freeSlug(trx, input.title, current.id) } : {}),
      ...(input.excerpt !== undefined ? { excerpt: input.excerpt } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.coverImage !== undefined ? { cover_image: input.coverImage } : {}),
      ...(input.tags !== undefined ? { tags: [...new Set(input.tags)] } : {}),
      status,
      // First publication keeps its date; unpublishing clears it.
      published_at: status === 'published' ? (current.published_at ?? new Date()) : null,
      updated_at: new Date(),
    });
    await recordAudit(trx, actor.id, 'blogs.update', 'blog', row.id, {
      fields: Object.keys(input).filter((k) => k !== 'id'),
      status: row.status,
    });
    return { blog: toBlogWire(row) };
  });
}

export async function deleteBlog(deps: AppDeps, actor: Actor, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await deleteBlogRow(trx, id);
    if (!row) throw notFound('Blog');
    await recordAudit(trx, actor.id, 'blogs.delete', 'blog', row.id, { title: row.title });
    return { success: true as const, message: `Deleted “${row.title}”` };
  });
}
