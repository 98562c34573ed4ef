import { ComingSoon } from '../../components/ComingSoon';

export default function Help() {
  return (
    <ComingSoon
      title="Help & Support"
      description="Tickets, FAQs, the knowledge base and ways to reach us." backTo="/merchant" backLabel="Back to dashboard"
    />
  );
}
