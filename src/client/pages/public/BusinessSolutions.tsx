import { BUSINESS } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function BusinessSolutions() {
  return <StaticPage content={BUSINESS} />;
}
