import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClasses } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { SkeletonText } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/Toast';
import { AdminPage } from '../../features/admin/AdminPage';
import { BlogForm, draftOf } from '../../features/blog/BlogForm';
import { errorMessage, useTRPC } from '../../trpc';

/** /edit-blog/:id (or /edit-blog?id=). */
export default function EditBlog({ params }: { params: { id?: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const id = params.id ?? new URLSearchParams(useSearch()).get('id') ?? '';
  const q = useQuery({ ...trpc.blogs.getBlogById.queryOptions({ id }), enabled: Boolean(id) });
  const update = useMutation(trpc.blogs.updateBlog.mutationOptions());
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
          onSubmit={async (data) => {
            try {
              await update.mutateAsync({ id: blog._id, ...data });
              await queryClient.invalidateQueries({ queryKey: trpc.blogs.pathKey() });
              toast.success('Article saved');
              navigate('/bloglist');
              return null;
            } catch (err) {
              return errorMessage(err, 'Could not save the article.');
            }
          }}
        />
      )}
    </AdminPage>
  );
}
