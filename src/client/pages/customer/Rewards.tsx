import { ComingSoon } from '../../components/ComingSoon';

export default function Rewards() {
  return (
    <ComingSoon
      title="My Rewards"
      description="Rewards and discounts you can use on your next booking."
    />
  );
}
