import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { toast } from '../../components/ui/Toast';
import { AdminPage } from '../../features/admin/AdminPage';
import { Pagination, QueryState, TableCard, Td, Th } from '../../features/admin/DataTable';
import { formatBlogDate } from '../../features/blog/BlogCard';
import { errorMessage, useTRPC } from '../../trpc';

const LIMIT = 20;

export default function BlogManagement() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const q = useQuery({ ...trpc.blogs.getAllBlogs.queryOptions({ status: 'all', page, limit: LIMIT }), placeholderData: keepPreviousData });
  const update = useMutation(trpc.blogs.updateBlog.mutationOptions());
  const remove = useMutation(trpc.blogs.deleteBlog.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.blogs.pathKey() });
  const list = q.data?.blogs ?? [];

  const toggle = async (id: string, status: 'draft' | 'published') => {
    try {
      await update.mutateAsync({ id, status: status === 'published' ? 'draft' : 'published' });
      toast.success(status === 'published' ? 'Moved back to drafts' : 'Published');
      await refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not change the status.'));
    }
  };

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
      <QueryState query={q} isEmpty={list.length === 0} emptyTitle="No articles yet" emptyDescription="Write the first one with New article.">
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
                    <Button size="sm" variant="outline" onClick={() => void toggle(b._id, b.status)} data-testid="blog-toggle">
                      {b.status === 'published' ? 'Unpublish' : 'Publish'}
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setDeleting({ id: b._id, title: b.title })} data-testid="blog-delete">
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
        onConfirm={() => void (async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync({ id: deleting.id });
            toast.success('Article deleted');
            setDeleting(null);
            await refresh();
          } catch (err) {
            toast.error(errorMessage(err, 'Could not delete the article.'));
          }
        })()}
      />
    </AdminPage>
  );
}
