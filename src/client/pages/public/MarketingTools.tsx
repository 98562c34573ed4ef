import { ComingSoon } from '../../components/ComingSoon';

export default function MarketingTools() {
  return (
    <ComingSoon
      title="Marketing Tools"
      description="E-mail, SMS and social campaigns that bring clients back."
    />
  );
}
