import { ComingSoon } from '../../components/ComingSoon';

export default function CookiePolicy() {
  return (
    <ComingSoon
      title="Cookie Policy"
      description="Which cookies and browser storage GlowBook uses and why."
    />
  );
}
