import { ComingSoon } from '../../components/ComingSoon';

export default function Services() {
  return (
    <ComingSoon
      title="Services"
      description="Browse haircuts, facials, massages, bridal makeup and more across every category."
    />
  );
}
