import { ComingSoon } from '../../components/ComingSoon';

export default function Support() {
  return (
    <ComingSoon
      title="Customer Support"
      description="Get help with a booking, payment or your account."
    />
  );
}
