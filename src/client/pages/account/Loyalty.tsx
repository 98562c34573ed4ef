import { ComingSoon } from '../../components/ComingSoon';

export default function Loyalty() {
  return (
    <ComingSoon
      title="Loyalty Program"
      description="Earn points on every booking and redeem them for rewards."
    />
  );
}
