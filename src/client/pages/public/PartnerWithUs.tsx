import { ComingSoon } from '../../components/ComingSoon';

export default function PartnerWithUs() {
  return (
    <ComingSoon
      title="Partner With Us"
      description="Grow your salon or spa with GlowBook bookings, tools and marketing."
    />
  );
}
