import { ComingSoon } from '../../components/ComingSoon';

export default function Subscription() {
  return (
    <ComingSoon
      title="Subscription & Billing"
      description="Your plan, billing history and payment method." backTo="/merchant" backLabel="Back to dashboard"
    />
  );
}
