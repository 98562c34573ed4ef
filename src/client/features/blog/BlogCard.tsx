import { Link } from 'wouter';
import type { BlogWire } from '../../../shared/schemas/content';
import { longDate } from '../../lib/dates';

export function formatBlogDate(iso: string | null): string {
  return (iso && longDate(iso)) || 'Not published';
}

export function BlogCover({ blog, className }: { blog: Pick<BlogWire, 'coverImage' | 'title' | 'tags'>; className?: string }) {
  if (blog.coverImage)
    return (
      <img
        src={blog.coverImage}
        alt=""
        width={1200}
        height={675}
        className={`h-full w-full object-cover ${className ?? ''}`}
        loading="lazy"
      />
    );
  return (
    <div
      className={`flex h-full w-full items-end bg-gradient-to-br from-plum-700 via-plum-600 to-rose-500 p-4 ${className ?? ''}`}
      aria-hidden
    >
      <span className="rounded-full bg-white/20 px-2.5 py-1 text-xs font-semibold tracking-wide text-white uppercase">
        {blog.tags[0] ?? 'GlowBook'}
      </span>
    </div>
  );
}

export function BlogCard({ blog }: { blog: Omit<BlogWire, 'body'> }) {
  return (
    <Link
      href={`/blog/${blog.slug}`}
      className="group flex flex-col overflow-hidden rounded-3xl border border-blush-100 bg-white shadow-soft transition-shadow hover:shadow-lift"
      data-testid="blog-card"
    >
      <div className="aspect-[16/9] overflow-hidden">
        <BlogCover blog={blog} className="transition-transform duration-300 group-hover:scale-105" />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs text-ink-500">
          {formatBlogDate(blog.publishedAt)} · {blog.readMinutes} min read
        </p>
        <h2 className="mt-1 text-lg font-semibold text-ink-900 group-hover:text-plum-700">{blog.title}</h2>
        <p className="mt-1 line-clamp-3 text-sm text-ink-600">{blog.excerpt}</p>
        <div className="mt-auto flex flex-wrap gap-1.5 pt-3">
          {blog.tags.map((t) => (
            <span key={t} className="rounded-full bg-blush-100 px-2 py-0.5 text-xs text-plum-800">
              #{t}
            </span>
          ))}
        </div>
      </div>
    </Link>
  );
}
