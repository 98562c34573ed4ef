import { TERMS } from '../../features/content/copy';
import { StaticPage } from '../../features/content/StaticPage';

export default function TermsAndConditions() {
  return <StaticPage content={TERMS} />;
}
