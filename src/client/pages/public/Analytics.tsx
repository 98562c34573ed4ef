import { ANALYTICS } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function Analytics() {
  return <StaticPage content={ANALYTICS} />;
}
