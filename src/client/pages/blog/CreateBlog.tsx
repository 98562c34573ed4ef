import { ComingSoon } from '../../components/ComingSoon';

export default function CreateBlog() {
  return (
    <ComingSoon
      title="Create Blog Post"
      description="Write and publish a new article for the GlowBook blog." backTo="/bloglist" backLabel="Back to blog posts"
    />
  );
}
