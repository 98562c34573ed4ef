import { ComingSoon } from '../../components/ComingSoon';

export default function GettingStarted() {
  return (
    <ComingSoon
      title="Getting Started"
      description="Set up your account, services, staff and bookings step by step." backTo="/merchant/dashboard" backLabel="Go to Dashboard"
    />
  );
}
