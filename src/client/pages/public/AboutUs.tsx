import { ABOUT } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function AboutUs() {
  return <StaticPage content={ABOUT} />;
}
