import { ComingSoon } from '../../components/ComingSoon';

export default function TermsAndConditions() {
  return (
    <ComingSoon
      title="Terms and Conditions"
      description="The terms that apply when you book or list a business on GlowBook."
    />
  );
}
