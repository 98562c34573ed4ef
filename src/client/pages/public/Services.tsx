import { SERVICES } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function Services() {
  return <StaticPage content={SERVICES} />;
}
