import { API_ACCESS } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function ApiAccess() {
  return <StaticPage content={API_ACCESS} />;
}
