import { PRIVACY } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function PrivacyPolicy() {
  return <StaticPage content={PRIVACY} />;
}
