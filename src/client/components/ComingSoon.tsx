import { Link } from 'wouter';
import { usePageTitle } from '../lib/usePageTitle';
import { SparkleIcon } from './icons';
import { PageContainer, PageHeader } from './PageHeader';
import { buttonClasses } from './ui/Button';

export interface ComingSoonProps {
  title: string;
  description: string;
  /** Where the "back" button points; defaults to the home page. */
  backTo?: string;
  backLabel?: string;
}

/** Stand-in for a screen that is not built yet: its heading and one line about what it will do. */
export function ComingSoon({ title, description, backTo = '/', backLabel = 'Back to home' }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      <div
        className="flex flex-col items-center gap-4 rounded-3xl border border-dashed border-plum-200 bg-white/70 px-6 py-14 text-center"
        data-testid="coming-soon"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-plum-100 to-rose-100 text-plum-700">
          <SparkleIcon className="size-7" />
        </span>
        <p className="text-base font-semibold text-ink-900">Coming soon</p>
        <p className="max-w-md text-sm text-ink-500">We're putting the finishing touches on this page.</p>
        <Link href={backTo} className={buttonClasses('secondary', 'md')}>
          {backLabel}
        </Link>
      </div>
    </PageContainer>
  );
}
