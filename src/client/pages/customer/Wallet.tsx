import { ComingSoon } from '../../components/ComingSoon';

export default function Wallet() {
  return (
    <ComingSoon
      title="Wallet"
      description="Your GlowBook wallet balance and transactions."
    />
  );
}
