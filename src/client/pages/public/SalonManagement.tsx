import { SALON_MANAGEMENT } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function SalonManagement() {
  return <StaticPage content={SALON_MANAGEMENT} />;
}
