import { ComingSoon } from '../../components/ComingSoon';

export default function HelpCenter() {
  return (
    <ComingSoon
      title="Help Center"
      description="Guides and answers for customers and salon partners."
    />
  );
}
