import { Link } from 'wouter';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ContactForm } from '../../features/content/ContactForm';
import { SUPPORT_HOURS } from '../../features/content/copy';
import { longDateTime } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { trpc } from '../../trpc';

const STATUS = {
  open: { label: 'Open', tone: 'info' },
  pending: { label: 'Answered', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
} as const;

export default function Support() {
  usePageTitle('Customer Support');
  const q = trpc.support.getSupportMessages.useQuery({});
  const list = q.data?.data ?? [];
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader
        title="Customer support"
        description={
          <>
            We reply {SUPPORT_HOURS}. Quick answers are in the{' '}
            <Link href="/faq" className="font-semibold text-plum-700 hover:underline">
              FAQs
            </Link>
            .
          </>
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Your messages" description="Replies from our team appear here and by e-mail." />
          {q.isError ? (
            <LoadError title="Could not load your messages" onRetry={q.refetch} />
          ) : !q.data ? (
            <SkeletonText lines={3} />
          ) : list.length === 0 ? (
            <p className="text-sm text-ink-500">No messages yet.</p>
          ) : (
            <ul className="divide-y divide-blush-100" data-testid="support-messages">
              {list.map((m) => (
                <li key={m._id} className="py-3">
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-medium text-ink-900">{m.subject}</p>
                    <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>
                  </div>
                  <p className="mt-1 text-sm text-ink-600">{m.message}</p>
                  {m.reply && (
                    <div className="mt-2 rounded-xl bg-blush-50 px-3 py-2 text-sm text-ink-800">
                      <span className="font-semibold text-plum-800">GlowBook Support:</span> {m.reply}
                    </div>
                  )}
                  <p className="mt-1 text-xs text-ink-500">{longDateTime(m.createdAt)}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <CardHeader title="Write to us" />
          <ContactForm />
        </Card>
      </div>
    </PageContainer>
  );
}
