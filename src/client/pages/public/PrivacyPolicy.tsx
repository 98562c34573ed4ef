import { ComingSoon } from '../../components/ComingSoon';

export default function PrivacyPolicy() {
  return (
    <ComingSoon
      title="Privacy Policy"
      description="How GlowBook collects, uses and protects your personal data."
    />
  );
}
