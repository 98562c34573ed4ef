import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/Button';
import { EmptyState, LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Skeleton } from '../../components/ui/Skeleton';
import { useDebounced } from '../../features/admin/useDebounced';
import { BlogCard } from '../../features/blog/BlogCard';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

const PAGE_SIZE = 9;

export default function BlogList() {
  usePageTitle('Blog');
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 300);
  const q = trpc.blogs.getAllBlogs.useQuery(
    { search: debounced || undefined, tag, page, limit: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const d = q.data;
  const pages = Math.max(1, Math.ceil((d?.total ?? 0) / PAGE_SIZE));
  return (
    <PageContainer>
      <PageHeader
        eyebrow="GlowBook Journal"
        title="Beauty tips, trends and guides"
        description="Advice from stylists and therapists across India, written for real routines and real budgets."
      />
      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <Input
          id="blog-search"
          label="Search articles"
          hideLabel
          placeholder="Search articles"
          value={search}
          containerClassName="lg:w-80"
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <div className="flex flex-wrap gap-2" role="group" aria-label="Topics">
          {[undefined, ...(d?.tags ?? [])].map((t) => (
            <button
              key={t ?? 'all'}
              type="button"
              onClick={() => {
                setTag(t);
                setPage(1);
              }}
              aria-pressed={tag === t}
              className={cn(
                'rounded-full px-3 py-1.5 text-sm font-medium',
                tag === t ? 'bg-plum-700 text-white' : 'bg-blush-100 text-plum-800 hover:bg-blush-200',
              )}
            >
              {t ? `#${t}` : 'All topics'}
            </button>
          ))}
        </div>
      </div>
      {q.isError ? (
        <LoadError title="Could not load the articles" onRetry={q.refetch} />
      ) : !d ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-80 rounded-3xl" />
          ))}
        </div>
      ) : d.blogs.length === 0 ? (
        <EmptyState title="No articles found" description="Try another word or topic." />
      ) : (
        <>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {d.blogs.map((b) => (
              <BlogCard key={b._id} blog={b} />
            ))}
          </div>
          {pages > 1 && (
            <div className="mt-8 flex items-center justify-center gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-ink-600">
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </PageContainer>
  );
}
