import Markdown from 'react-markdown';
import { Link } from 'wouter';
import { ArrowLeftIcon } from '../../components/icons';
import { PageContainer } from '../../components/PageHeader';
import { buttonClasses } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { SkeletonText } from '../../components/ui/Skeleton';
import { BlogCover, formatBlogDate } from '../../features/blog/BlogCard';
import { usePageTitle } from '../../lib/usePageTitle';
import { httpStatusOf, trpc } from '../../trpc';

export default function BlogDetails({ params }: { params: { id: string } }) {
  const q = trpc.blogs.getBlogById.useQuery({ id: params.id }, { retry: (n, err) => httpStatusOf(err) !== 404 && n < 2 });
  const blog = q.data?.blog;
  usePageTitle(blog?.title ?? 'Blog');
  if (q.isError) {
    return (
      <PageContainer className="max-w-3xl">
        <EmptyState
          title="Article not found"
          description="It may have been moved or unpublished."
          action={
            <Link href="/blogs" className={buttonClasses('primary')}>
              All articles
            </Link>
          }
        />
      </PageContainer>
    );
  }
  return (
    <PageContainer className="max-w-3xl">
      <Link href="/blogs" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-plum-700 hover:underline">
        <ArrowLeftIcon className="size-4" /> All articles
      </Link>
      {!blog ? (
        <SkeletonText lines={12} />
      ) : (
        <article data-testid="blog-article">
          {blog.status === 'draft' && (
            <p className="mb-3 inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
              Draft: only administrators see this
            </p>
          )}
          <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">{blog.title}</h1>
          <p className="mt-2 text-sm text-ink-500">
            {blog.author} · {formatBlogDate(blog.publishedAt)} · {blog.readMinutes} min read
          </p>
          <div className="mt-6 aspect-[16/7] overflow-hidden rounded-3xl">
            <BlogCover blog={blog} />
          </div>
          {blog.excerpt && <p className="mt-6 text-lg text-ink-700">{blog.excerpt}</p>}
          <div className="blog-body mt-6 space-y-4 text-base leading-relaxed text-ink-800 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-ink-900 [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_strong]:text-ink-900 [&_ul]:list-disc [&_ul]:space-y-1 [&_a]:text-plum-700 [&_a]:underline">
            <Markdown>{blog.body}</Markdown>
          </div>
          <div className="mt-8 flex flex-wrap gap-2 border-t border-blush-100 pt-6">
            {blog.tags.map((t) => (
              <span key={t} className="rounded-full bg-blush-100 px-2.5 py-1 text-xs text-plum-800">
                #{t}
              </span>
            ))}
          </div>
          <div className="mt-8 rounded-3xl bg-blush-50 p-6 text-center">
            <p className="font-semibold text-ink-900">Ready for your next appointment?</p>
            <Link href="/salons" className={buttonClasses('primary', 'md', 'mt-3')}>
              Find a salon near you
            </Link>
          </div>
        </article>
      )}
    </PageContainer>
  );
}
