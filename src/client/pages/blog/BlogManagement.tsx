import { ComingSoon } from '../../components/ComingSoon';

export default function BlogManagement() {
  return (
    <ComingSoon
      title="Blog Posts"
      description="Manage, edit and remove the articles on the GlowBook blog." backTo="/admin" backLabel="Back to admin"
    />
  );
}
