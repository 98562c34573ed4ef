import { PARTNER } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function PartnerWithUs() {
  return <StaticPage content={PARTNER} />;
}
