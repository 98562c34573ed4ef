import { ComingSoon } from '../../components/ComingSoon';

export default function AboutUs() {
  return (
    <ComingSoon
      title="About Us"
      description="Our story and the people behind GlowBook, the home of beauty and wellness bookings in India."
    />
  );
}
