import { ComingSoon } from '../../components/ComingSoon';

export default function Customers() {
  return (
    <ComingSoon
      title="Customers"
      description="See your customers, their visits and send them messages." backTo="/merchant" backLabel="Back to dashboard"
    />
  );
}
