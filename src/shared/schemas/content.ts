import { z } from 'zod';
import { blankMeansNone, emailSchema } from '../validation.js';
import { pagingWire, queryPageFields } from './paging.js';
import { queryNumber } from './query.js';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const BLOG_STATUSES = ['draft', 'published'] as const;

/** 'Monsoon Hair Care: 7 Tips' → 'monsoon-hair-care-7-tips'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

const blogFields = {
  title: z
    .string({ error: 'title: write a title' })
    .trim()
    .min(3, 'title: at least 3 characters')
    .max(160, 'title: at most 160 characters'),
  excerpt: z.string().trim().max(300, 'excerpt: at most 300 characters').default(''),
  body: z
    .string({ error: 'body: write the article' })
    .trim()
    .min(20, 'body: at least 20 characters')
    .max(50_000, 'body: at most 50,000 characters'),
  coverImage: blankMeansNone(
    z
      .string()
      .trim()
      .max(500)
      .regex(/^(https:\/\/|\/uploads\/)/, 'coverImage: an uploaded image or an https:// address')
      .nullable(),
  ),
  tags: z
    .array(z.string().trim().toLowerCase().min(2, 'tags: each at least 2 characters').max(30, 'tags: each at most 30 characters'))
    .max(8, 'tags: at most 8')
    .default([]),
  status: z.enum(BLOG_STATUSES, { error: 'status: draft or published' }).default('draft'),
};

export const createBlogInput = z.object(blogFields);
/** The article editor: tags are typed comma separated, then checked by the server's rules. */
export const blogForm = createBlogInput.extend({
  tags: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(blogFields.tags.unwrap()),
});
export const updateBlogInput = z.object({
  id: z.string({ error: 'id: required' }).uuid('id: not a blog id'),
  title: blogFields.title.optional(),
  excerpt: z.string().trim().max(300, 'excerpt: at most 300 characters').optional(),
  body: blogFields.body.optional(),
  coverImage: blogFields.coverImage,
  tags: blogFields.tags.optional(),
  status: z.enum(BLOG_STATUSES, { error: 'status: draft or published' }).optional(),
});
export const blogIdInput = z.object({ id: z.string({ error: 'id: required' }).trim().min(1, 'id: required').max(120) });
export const deleteBlogInput = z.object({ id: z.string({ error: 'id: required' }).uuid('id: not a blog id') });

export const blogsQueryInput = z.object({
  search: z.preprocess(blank, z.string().trim().max(80).optional()),
  tag: z.preprocess(blank, z.string().trim().toLowerCase().max(30).optional()),
  /** 'all' includes drafts (admins only). */
  status: z.preprocess(blank, z.enum(['published', 'all']).optional()).default('published'),
  page: queryNumber(z.number().int('page: a whole number').min(1, 'page: starts at 1').max(10_000), 1),
  limit: queryNumber(z.number().int('limit: a whole number').min(1, 'limit: at least 1').max(50, 'limit: at most 50'), 9),
});

export const blogWire = z.object({
  _id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  coverImage: z.string().nullable(),
  tags: z.array(z.string()),
  author: z.string(),
  status: z.enum(BLOG_STATUSES),
  readMinutes: z.number(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogWire = z.infer<typeof blogWire>;
export const blogAnswer = z.object({ blog: blogWire });
export const blogsAnswer = z.object({
  blogs: z.array(blogWire.omit({ body: true })),
  total: z.number(),
  page: z.number(),
  tags: z.array(z.string()),
  paging: pagingWire,
});
export const deleteBlogAnswer = z.object({ success: z.literal(true), message: z.string() });

export const CONTACT_TYPES = ['General', 'Booking help', 'Payments & refunds', 'Partner with us', 'Feedback', 'Merchant Support'] as const;

export const createContactUsInput = z.object({
  name: z.string({ error: 'name: your name, please' }).trim().min(2, 'name: your name, please').max(100, 'name: at most 100 characters'),
  email: emailSchema,
  subject: z
    .string({ error: 'subject: what is it about?' })
    .trim()
    .min(3, 'subject: what is it about?')
    .max(150, 'subject: at most 150 characters'),
  message: z
    .string({ error: 'message: write your message' })
    .trim()
    .min(10, 'message: at least 10 characters')
    .max(4000, 'message: at most 4,000 characters'),
  type: z.preprocess(blank, z.enum(CONTACT_TYPES, { error: 'type: pick a topic' }).optional()).default('General'),
  merchantId: z.preprocess(blank, z.string().uuid('merchantId: not a salon id').optional()),
  /** With these two it is a support ticket (merchant Help & Support); without, a contact message. */
  category: z.preprocess(
    blank,
    z.enum(['account', 'billing', 'technical', 'other'], { error: 'category: account, billing, technical or other' }).optional(),
  ),
  priority: z.preprocess(blank, z.enum(['low', 'medium', 'high'], { error: 'priority: low, medium or high' }).optional()),
});
const supportMessageWire = z.object({
  _id: z.string(),
  kind: z.enum(['contact', 'ticket']),
  type: z.string(),
  subject: z.string(),
  message: z.string(),
  category: z.string().nullable(),
  priority: z.string().nullable(),
  status: z.enum(['open', 'pending', 'closed']),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessageWire = z.infer<typeof supportMessageWire>;
export const createContactUsAnswer = z.object({ success: z.literal(true), message: z.string(), data: supportMessageWire });
export const supportMessagesInput = z.object(queryPageFields(100, 200));
export const supportMessagesAnswer = z.object({ data: z.array(supportMessageWire), paging: pagingWire });

export const devMailDropInput = z.object({});
/**
 * true only on a development server without a mail transport: its e-mails (codes included) go to
 * the local mail drop, so the screens that wait for one say where to look. Always false in production.
 */
export const devMailDropAnswer = z.object({ devMailDrop: z.boolean(), mailDropDir: z.string().nullable() });
