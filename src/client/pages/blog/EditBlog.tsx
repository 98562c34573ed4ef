import { ComingSoon } from '../../components/ComingSoon';

export default function EditBlog() {
  return (
    <ComingSoon
      title="Edit Blog Post"
      description="Update an existing article on the GlowBook blog." backTo="/bloglist" backLabel="Back to blog posts"
    />
  );
}
