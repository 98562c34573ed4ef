import { ComingSoon } from '../../components/ComingSoon';

export default function Analytics() {
  return (
    <ComingSoon
      title="Analytics"
      description="Understand bookings, revenue and customer trends at a glance."
    />
  );
}
