import { ComingSoon } from '../../components/ComingSoon';

export default function ApiAccess() {
  return (
    <ComingSoon
      title="API Access"
      description="Connect your systems to GlowBook through our documented REST API."
    />
  );
}
