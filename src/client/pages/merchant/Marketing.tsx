import { ComingSoon } from '../../components/ComingSoon';

export default function Marketing() {
  return (
    <ComingSoon
      title="Marketing Tools"
      description="E-mail campaigns, SMS marketing and social media in one place." backTo="/merchant" backLabel="Back to dashboard"
    />
  );
}
