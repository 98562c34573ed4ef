import { Link, useLocation, useSearch } from 'wouter';
import { buttonClasses } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { SkeletonText } from '../../components/ui/Skeleton';
import { AdminPage } from '../../features/admin/AdminPage';
import { BlogForm, draftOf } from '../../features/blog/BlogForm';
import { trpc } from '../../trpc';

/** /edit-blog/:id (or /edit-blog?id=). */
export default function EditBlog({ params }: { params: { id?: string } }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const id = params.id ?? new URLSearchParams(search).get('id') ?? '';
  const q = trpc.blogs.getBlogById.useQuery({ id }, { enabled: Boolean(id) });
  const update = trpc.blogs.updateBlog.useMutation({
    meta: { successToast: 'Article saved', invalidates: ['blogs'] },
    onSuccess: () => navigate('/bloglist'),
  });
  const blog = q.data?.blog;
  return (
    <AdminPage title="Edit article" description={blog ? `/blog/${blog.slug}` : undefined}>
      {!id || q.isError ? (
        <EmptyState
          title="Article not found"
          action={
            <Link href="/bloglist" className={buttonClasses('primary')}>
              All articles
            </Link>
          }
        />
      ) : !blog ? (
        <SkeletonText lines={10} />
      ) : (
        <BlogForm
          key={blog._id}
          initial={draftOf(blog)}
          busy={update.isPending}
          submitLabel="Save changes"
          onSubmit={(data) => update.mutateAsync({ id: blog._id, ...data })}
        />
      )}
    </AdminPage>
  );
}
