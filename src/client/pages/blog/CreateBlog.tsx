import { useLocation } from 'wouter';
import { AdminPage } from '../../features/admin/AdminPage';
import { BlogForm, draftOf } from '../../features/blog/BlogForm';
import { trpc } from '../../trpc';

export default function CreateBlog() {
  const [, navigate] = useLocation();
  const create = trpc.blogs.createBlog.useMutation({
    meta: {
      successToast: (r: { blog: { status: string } }) => (r.blog.status === 'published' ? 'Article published' : 'Draft saved'),
      invalidates: ['blogs.getAllBlogs'],
    },
    onSuccess: () => navigate('/bloglist'),
  });
  return (
    <AdminPage title="New article" description="Write for the GlowBook blog. Drafts stay hidden until you publish them.">
      <BlogForm initial={draftOf()} busy={create.isPending} submitLabel="Create article" onSubmit={(data) => create.mutateAsync(data)} />
    </AdminPage>
  );
}
