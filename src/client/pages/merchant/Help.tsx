import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { KNOWLEDGE_BASE, MERCHANT_FAQ, searchHelp } from '../../../shared/merchantHelp';
import type { SupportMessageWire } from '../../../shared/schemas/content';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { SkeletonText } from '../../components/ui/Skeleton';
import { useMerchantId } from '../../features/shop/api';
import { SupportDialog } from '../../features/support/TicketDialogs';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

/** The spec's ticket colours: open green, pending yellow, closed red. */
const STATUS: Record<SupportMessageWire['status'], { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  closed: { label: 'Closed', tone: 'danger' },
};
const PRIORITY: Record<string, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

function Faq({ items }: { items: typeof MERCHANT_FAQ }) {
  return (
    <div className="divide-y divide-blush-100" data-testid="merchant-faq">
      {items.map((f) => (
        <details key={f.id} className="group py-3">
          <summary className="cursor-pointer list-none font-medium text-ink-900">
            <span className="flex items-center justify-between gap-3">
              {f.question}
              <span aria-hidden className="text-plum-600 transition-transform group-open:rotate-45">
                +
              </span>
            </span>
          </summary>
          <p className="mt-2 text-sm text-ink-700">{f.answer}</p>
        </details>
      ))}
    </div>
  );
}

export default function Help() {
  usePageTitle('Help & Support');
  const merchantId = useMerchantId();
  const tickets = trpc.support.getSupportMessages.useQuery({});
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<'ticket' | 'contact' | null>(null);
  const kbRef = useRef<HTMLDivElement>(null);
  const results = searchHelp(query);
  const searching = query.trim().length > 0;
  const myTickets = (tickets.data?.data ?? []).filter((t) => t.kind === 'ticket' || t.type === 'Merchant Support');

  return (
    <PageContainer>
      <PageHeader title="Help & Support" description="Answers, guides and our team, 9 AM to 9 PM every day." />
      <Input
        id="help-query"
        label="Search help"
        hideLabel
        placeholder="Search questions and articles"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        containerClassName="mb-6"
      />
      {searching ? (
        <Card data-testid="help-search-results">
          <CardHeader title={`Results for “${query}”`} />
          {results.faq.length + results.articles.length === 0 && (
            <p className="text-sm text-ink-500">Nothing matches. Open a ticket and we will help.</p>
          )}
          {results.articles.map((a) => (
            <Link key={a.id} href={`/merchant/knowledge-base/${a.id}`} className="block rounded-xl px-2 py-2 hover:bg-blush-50">
              <p className="font-medium text-plum-800">{a.title}</p>
              <p className="text-sm text-ink-600">{a.description}</p>
            </Link>
          ))}
          {results.faq.length > 0 && <Faq items={results.faq} />}
        </Card>
      ) : (
        <div className="space-y-6">
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4" role="group" aria-label="Quick actions">
            {[
              { label: 'New Ticket', text: 'Report a problem', onClick: () => setDialog('ticket'), testId: 'qa-ticket' },
              { label: 'Contact Us', text: 'Write to the team', onClick: () => setDialog('contact'), testId: 'qa-contact' },
              // The assistant's panel is the live chat: open it through its launcher.
              {
                label: 'Live Chat',
                text: 'Ask the assistant',
                onClick: () => document.querySelector<HTMLButtonElement>('[data-testid="chat-toggle"]')?.click(),
                testId: 'qa-chat',
              },
              {
                label: 'Knowledge Base',
                text: 'Step-by-step guides',
                onClick: () => kbRef.current?.scrollIntoView({ behavior: 'smooth' }),
                testId: 'qa-kb',
              },
            ].map((a) => (
              <button
                key={a.label}
                type="button"
                onClick={a.onClick}
                data-testid={a.testId}
                className="rounded-2xl border border-blush-100 bg-white p-4 text-left shadow-soft transition-shadow hover:shadow-lift"
              >
                <p className="font-semibold text-ink-900">{a.label}</p>
                <p className="text-xs text-ink-500">{a.text}</p>
              </button>
            ))}
          </div>
          <Card>
            <CardHeader title="Recent Tickets" />
            {tickets.isError ? (
              <LoadError title="Failed to load data. Please try again later." onRetry={tickets.refetch} />
            ) : !tickets.data ? (
              <SkeletonText lines={3} />
            ) : myTickets.length === 0 ? (
              <p className="text-sm text-ink-500">No tickets yet.</p>
            ) : (
              <ul className="divide-y divide-blush-100" data-testid="recent-tickets">
                {myTickets.slice(0, 10).map((t) => (
                  <li key={t._id} className="py-3" data-testid="ticket-row">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-medium text-ink-900">{t.subject}</p>
                      <span className="flex gap-1.5">
                        {t.priority && (
                          <Badge tone={PRIORITY[t.priority] ?? 'neutral'}>{t.priority[0].toUpperCase() + t.priority.slice(1)}</Badge>
                        )}
                        <Badge tone={STATUS[t.status].tone} data-testid="ticket-status">
                          {STATUS[t.status].label}
                        </Badge>
                      </span>
                    </div>
                    <p className="text-xs text-ink-500">
                      {t.category ? `${t.category[0].toUpperCase()}${t.category.slice(1)} · ` : ''}
                      {longDate(t.createdAt)}
                    </p>
                    {t.reply && <p className="mt-1 rounded-xl bg-blush-50 px-3 py-2 text-sm text-ink-800">{t.reply}</p>}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card>
            <CardHeader title="Frequently asked questions" />
            <Faq items={MERCHANT_FAQ} />
          </Card>
          <div ref={kbRef}>
            <Card>
              <CardHeader title="Knowledge Base" description="Guides for running your salon on GlowBook." />
              <div className="grid gap-3 md:grid-cols-2">
                <Link href="/merchant/help/getting-started" className="rounded-2xl bg-blush-50 p-4 hover:bg-blush-100">
                  <p className="font-semibold text-plum-800">Getting Started guide</p>
                  <p className="text-sm text-ink-600">Account, services, staff and bookings in four steps.</p>
                </Link>
                {KNOWLEDGE_BASE.map((a) => (
                  <Link
                    key={a.id}
                    href={`/merchant/knowledge-base/${a.id}`}
                    className="rounded-2xl bg-blush-50 p-4 hover:bg-blush-100"
                    data-testid="kb-link"
                  >
                    <p className="text-xs font-semibold text-rose-600 uppercase">{a.category}</p>
                    <p className="font-semibold text-plum-800">{a.title}</p>
                    <p className="text-sm text-ink-600">{a.description}</p>
                  </Link>
                ))}
              </div>
            </Card>
          </div>
          <p className="text-center text-sm text-ink-500">
            Still stuck?{' '}
            <Button variant="ghost" size="sm" onClick={() => setDialog('ticket')}>
              Open a ticket
            </Button>
          </p>
        </div>
      )}
      {dialog && <SupportDialog kind={dialog} merchantId={merchantId} onClose={() => setDialog(null)} />}
    </PageContainer>
  );
}
