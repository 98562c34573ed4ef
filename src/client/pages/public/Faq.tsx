import { ComingSoon } from '../../components/ComingSoon';

export default function Faq() {
  return (
    <ComingSoon
      title="Frequently Asked Questions"
      description="Answers about booking, cancellations, refunds and payments."
    />
  );
}
