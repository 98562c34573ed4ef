import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { buttonClasses } from '../../components/ui/Button';
import { usePageTitle } from '../../lib/usePageTitle';

export interface Section {
  heading: string;
  /** Paragraphs; a string starting with "- " is a bullet. */
  body: string[];
}

export interface StaticContent {
  title: string;
  eyebrow?: string;
  intro: string;
  updated?: string;
  sections: Section[];
  cta?: { label: string; href: string; note?: string };
}

function Body({ lines }: { lines: string[] }) {
  const out: ReactNode[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (bullets.length)
      out.push(
        <ul key={`ul-${out.length}`} className="list-disc space-y-1 pl-5">
          {bullets.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>,
      );
    bullets = [];
  };
  for (const line of lines) {
    if (line.startsWith('- ')) bullets.push(line.slice(2));
    else {
      flush();
      out.push(<p key={`p-${out.length}`}>{line}</p>);
    }
  }
  flush();
  return <>{out}</>;
}

/** Static copy pages (about, policies, business information): headings, paragraphs and bullets. */
export function StaticPage({ content, children }: { content: StaticContent; children?: ReactNode }) {
  usePageTitle(content.title);
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader eyebrow={content.eyebrow} title={content.title} description={content.intro} />
      {content.updated && <p className="-mt-3 mb-6 text-xs text-ink-500">Last updated {content.updated}</p>}
      {children}
      <div className="space-y-8" data-testid="static-page">
        {content.sections.map((s) => (
          <section key={s.heading} className="space-y-3 text-ink-700">
            <h2 className="text-xl font-semibold text-ink-900">{s.heading}</h2>
            <Body lines={s.body} />
          </section>
        ))}
      </div>
      {content.cta && (
        <div className="mt-10 rounded-3xl bg-gradient-to-br from-plum-800 to-rose-600 p-6 text-center text-white">
          {content.cta.note && <p className="mb-3 text-white/90">{content.cta.note}</p>}
          <Link href={content.cta.href} className={buttonClasses('secondary')}>
            {content.cta.label}
          </Link>
        </div>
      )}
    </PageContainer>
  );
}
