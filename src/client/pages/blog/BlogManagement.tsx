import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { AdminPage } from '../../features/admin/AdminPage';
import { Pagination, QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatBlogDate } from '../../features/blog/BlogCard';
import { trpc } from '../../trpc';

const LIMIT = 20;

export default function BlogManagement() {
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const q = trpc.blogs.getAllBlogs.useQuery({ status: 'all', page, limit: LIMIT }, { placeholderData: keepPreviousData });
  const update = trpc.blogs.updateBlog.useMutation({
    meta: {
      successToast: (_answer, { status }: { status?: string }) => (status === 'draft' ? 'Moved back to drafts' : 'Published'),
      errorToast: 'Could not change the status.',
      invalidates: ['blogs'],
    },
  });
  const remove = trpc.blogs.deleteBlog.useMutation({
    meta: { successToast: 'Article deleted', errorToast: 'Could not delete the article.', invalidates: ['blogs'] },
    onSuccess: () => setDeleting(null),
  });
  const list = q.data?.blogs ?? [];

  const toggle = (id: string, status: 'draft' | 'published') =>
    update.mutate({ id, status: status === 'published' ? 'draft' : 'published' });

  return (
    <AdminPage
      title="Blog"
      description="Articles on /blogs. Drafts are visible to administrators only."
      actions={
        <Link href="/create-blog" className={buttonClasses('primary')} data-testid="new-blog">
          New article
        </Link>
      }
    >
      <QueryState
        query={q}
        isEmpty={list.length === 0}
        emptyTitle="No articles yet"
        emptyDescription="Write the first one with New article."
      >
        <TableCard testId="blogs-table" caption="Articles" minWidth={720}>
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Status</Th>
              <Th>Published</Th>
              <Th className="text-right">Actions</Th>
            </tr>
          </thead>
          <tbody>
            {list.map((b) => (
              <tr key={b._id} data-testid="blog-row">
                <Td className="max-w-96">
                  <Link href={`/blog/${b.slug}`} className="font-medium text-ink-900 hover:text-plum-700">
                    {b.title}
                  </Link>
                  <p className="text-xs text-ink-500">{b.tags.map((t) => `#${t}`).join(' ')}</p>
                </Td>
                <Td>
                  <Badge tone={b.status === 'published' ? 'success' : 'warning'}>{b.status === 'published' ? 'Published' : 'Draft'}</Badge>
                </Td>
                <Td className="whitespace-nowrap">{formatBlogDate(b.publishedAt)}</Td>
                <Td className="text-right whitespace-nowrap">
                  <div className="inline-flex gap-2">
                    <Link href={`/edit-blog/${b._id}`} className={buttonClasses('outline', 'sm')}>
                      Edit
                    </Link>
                    <Button size="sm" variant="outline" onClick={() => toggle(b._id, b.status)} data-testid="blog-toggle">
                      {b.status === 'published' ? 'Unpublish' : 'Publish'}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      onClick={() => setDeleting({ id: b._id, title: b.title })}
                      data-testid="blog-delete"
                    >
                      Delete
                    </Button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </TableCard>
        <Pagination page={page} limit={LIMIT} total={q.data?.total ?? 0} onPage={setPage} />
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete article"
        message={`Delete “${deleting?.title}”? This cannot be undone.`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </AdminPage>
  );
}
