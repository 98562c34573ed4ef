import { ComingSoon } from '../../components/ComingSoon';

export default function SalonManagement() {
  return (
    <ComingSoon
      title="Salon Management"
      description="Run appointments, services, staff and customers from one panel."
    />
  );
}
