import { ComingSoon } from '../../components/ComingSoon';

export default function ContactUs() {
  return (
    <ComingSoon
      title="Contact Us"
      description="Reach our support team by message, e-mail or phone from 9 AM to 9 PM."
    />
  );
}
