import { Link } from 'wouter';
import { GETTING_STARTED } from '../../../shared/merchantHelp';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { usePageTitle } from '../../lib/usePageTitle';

export default function GettingStarted() {
  usePageTitle('Getting Started');
  return (
    <PageContainer className="max-w-3xl">
      <Link href="/merchant/help" className="mb-4 inline-block text-sm font-medium text-plum-700 hover:underline">
        ← Help & Support
      </Link>
      <PageHeader title="Getting Started" description="Set up your salon on GlowBook in four steps." />
      <nav aria-label="Contents" className="mb-8 rounded-2xl bg-blush-50 p-4">
        <p className="mb-2 text-sm font-semibold text-ink-900">Contents</p>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          {GETTING_STARTED.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-plum-700 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="space-y-6">
        {GETTING_STARTED.map((s, i) => (
          <Card key={s.id} id={s.id} className="scroll-mt-24">
            <h2 className="text-lg font-semibold text-ink-900">
              {i + 1}. {s.title}
            </h2>
            <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-ink-700">
              {s.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <div className="mt-4 flex flex-wrap gap-2" data-testid={`getting-started-links-${s.id}`}>
              {s.links.map((l) => (
                <Link key={l.to} href={l.to} className={buttonClasses('outline', 'sm')}>
                  {l.label} →
                </Link>
              ))}
            </div>
          </Card>
        ))}
      </div>
      <div className="mt-8 rounded-3xl bg-gradient-to-br from-plum-800 to-rose-600 p-6 text-center text-white">
        <p className="font-semibold">Next Steps</p>
        <p className="mt-1 text-sm text-white/85">
          Complete the Profile Completion checklist in Settings and press Request to publish there. Until your salon is live, the dashboard
          shows how complete your profile is.
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Link href="/merchant/dashboard" className={buttonClasses('onDark', 'md')}>
            Go to Dashboard
          </Link>
          <Link href="/merchant/settings" className={buttonClasses('outlineOnDark', 'md')}>
            Open Settings
          </Link>
        </div>
      </div>
    </PageContainer>
  );
}
