import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '../../components/ui/Toast';
import { AdminPage } from '../../features/admin/AdminPage';
import { BlogForm, draftOf } from '../../features/blog/BlogForm';
import { errorMessage, useTRPC } from '../../trpc';

export default function CreateBlog() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const create = useMutation(trpc.blogs.createBlog.mutationOptions());
  return (
    <AdminPage title="New article" description="Write for the GlowBook blog. Drafts stay hidden until you publish them.">
      <BlogForm
        initial={draftOf()}
        busy={create.isPending}
        submitLabel="Create article"
        onSubmit={async (data) => {
          try {
            const r = await create.mutateAsync(data);
            await queryClient.invalidateQueries({ queryKey: trpc.blogs.getAllBlogs.queryKey() });
            toast.success(r.blog.status === 'published' ? 'Article published' : 'Draft saved');
            navigate('/bloglist');
            return null;
          } catch (err) {
            return errorMessage(err, 'Could not save the article.');
          }
        }}
      />
    </AdminPage>
  );
}
