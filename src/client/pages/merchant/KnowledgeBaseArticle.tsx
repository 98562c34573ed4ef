import { ComingSoon } from '../../components/ComingSoon';

export default function KnowledgeBaseArticle() {
  return (
    <ComingSoon
      title="Knowledge Base"
      description="Step-by-step help articles for running your shop on GlowBook." backTo="/merchant/help" backLabel="Back to help"
    />
  );
}
