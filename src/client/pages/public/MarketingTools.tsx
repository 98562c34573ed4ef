import { MARKETING_TOOLS } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function MarketingTools() {
  return <StaticPage content={MARKETING_TOOLS} />;
}
