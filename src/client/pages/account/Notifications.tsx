import { ComingSoon } from '../../components/ComingSoon';

export default function Notifications() {
  return (
    <ComingSoon
      title="Notifications"
      description="Booking updates, reminders and offers in one place."
    />
  );
}
