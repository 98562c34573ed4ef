import { ComingSoon } from '../../components/ComingSoon';

export default function GiftCards() {
  return (
    <ComingSoon
      title="Gift Cards"
      description="Buy and redeem GlowBook gift cards for friends and family."
    />
  );
}
