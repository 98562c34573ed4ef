import { ComingSoon } from '../../components/ComingSoon';

export default function BlogDetails() {
  return (
    <ComingSoon
      title="Blog Article"
      description="Read the full article." backTo="/blogs" backLabel="Back to blog"
    />
  );
}
