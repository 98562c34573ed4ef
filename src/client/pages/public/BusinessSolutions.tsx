import { ComingSoon } from '../../components/ComingSoon';

export default function BusinessSolutions() {
  return (
    <ComingSoon
      title="Business Solutions"
      description="Booking, staff and payment tools built for beauty and wellness businesses."
    />
  );
}
