import { COOKIES } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function CookiePolicy() {
  return <StaticPage content={COOKIES} />;
}
