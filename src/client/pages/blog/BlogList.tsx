import { ComingSoon } from '../../components/ComingSoon';

export default function BlogList() {
  return (
    <ComingSoon
      title="Blog"
      description="Beauty tips, trends and stories from the GlowBook community."
    />
  );
}
