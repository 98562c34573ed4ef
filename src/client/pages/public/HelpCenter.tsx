import { useState } from 'react';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Input } from '../../components/ui/Input';
import { FAQ_ENTRIES, HELP_TOPICS, SUPPORT_HOURS } from '../../features/content/copy';
import { usePageTitle } from '../../lib/usePageTitle';

export default function HelpCenter() {
  usePageTitle('Help Center');
  const [q, setQ] = useState('');
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const hits = words.length ? FAQ_ENTRIES.filter((f) => words.every((w) => `${f.q} ${f.a}`.toLowerCase().includes(w))) : [];
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="How can we help?" description={`Search the answers, or write to us: we reply ${SUPPORT_HOURS}.`} />
      <Input
        id="help-search"
        label="Search help"
        hideLabel
        placeholder="e.g. refund, reschedule, gift card"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {words.length > 0 && (
        <div className="mt-4 space-y-3" data-testid="help-results">
          {hits.length === 0 ? (
            <p className="text-sm text-ink-600">
              No answer matches “{q}”.{' '}
              <Link href="/contact-us" className="font-semibold text-plum-700 hover:underline">
                Ask us directly
              </Link>
              .
            </p>
          ) : (
            hits.map((f) => (
              <div key={f.q} className="rounded-2xl border border-blush-100 bg-white p-4">
                <p className="font-medium text-ink-900">{f.q}</p>
                <p className="mt-1 text-sm text-ink-700">{f.a}</p>
              </div>
            ))
          )}
        </div>
      )}
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {HELP_TOPICS.map((t) => (
          <Link
            key={t.title}
            href={t.href}
            className="rounded-3xl border border-blush-100 bg-white p-5 shadow-soft transition-shadow hover:shadow-lift"
          >
            <p className="font-semibold text-ink-900">{t.title}</p>
            <p className="mt-1 text-sm text-ink-600">{t.text}</p>
          </Link>
        ))}
      </div>
    </PageContainer>
  );
}
