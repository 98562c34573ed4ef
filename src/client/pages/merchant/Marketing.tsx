import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SMS_MAX_CHARS, SMS_TOO_LONG, smsLength } from '../../../shared/messageTemplates';
import { SEGMENTS, SOCIAL_NETWORKS, type CampaignWire } from '../../../shared/schemas/crm';
import { relativeTime } from '../../../shared/relativeTime';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { Textarea } from '../../components/ui/Textarea';
import { toast } from '../../components/ui/Toast';
import { useMerchantId } from '../../features/shop/api';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, useTRPC } from '../../trpc';

const SEGMENT_LABEL = { all: 'All customers', active: 'Active (visited in 90 days)', inactive: 'Inactive (no visit in 90 days)' } as const;
const NETWORK_LABEL = { facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter' } as const;
const pct = (n: number | null) => (n === null ? '—' : `${n}%`);

function CampaignForm({ channel, segments, merchantId }: { channel: 'email' | 'sms'; segments: Record<(typeof SEGMENTS)[number], number>; merchantId: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.marketing.createCampaign.mutationOptions());
  const [f, setF] = useState({ name: '', subject: '', body: '', segment: 'all' as (typeof SEGMENTS)[number] });
  const [error, setError] = useState<string | null>(null);
  const tooLong = channel === 'sms' && smsLength(f.body) > SMS_MAX_CHARS;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (tooLong) return setError(SMS_TOO_LONG);
    setError(null);
    try {
      const r = await create.mutateAsync({ merchantId: merchantId ?? undefined, channel, name: f.name || (channel === 'sms' ? 'SMS' : ''), subject: f.subject || undefined, body: f.body, segment: f.segment });
      toast.success(r.message);
      setF({ name: '', subject: '', body: '', segment: f.segment });
      await queryClient.invalidateQueries({ queryKey: trpc.marketing.getMarketing.queryKey() });
    } catch (err) {
      setError(errorMessage(err, 'Could not send the campaign.').replace(/^\w+: /, ''));
    }
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" data-testid={`${channel}-campaign-form`}>
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {channel === 'email' && <Input id={`${channel}-name`} label="Campaign name" value={f.name} onChange={(e) => setF({ ...f, name: e.target.value })} />}
      <Select
        id={`${channel}-segment`}
        label="Send to"
        value={f.segment}
        options={SEGMENTS.map((s) => ({ value: s, label: `${SEGMENT_LABEL[s]} · ${segments[s]}` }))}
        onChange={(e) => setF({ ...f, segment: e.target.value as (typeof SEGMENTS)[number] })}
        hint="Customers who turned offers off are left out."
      />
      {channel === 'email' && <Input id="email-subject" label="Subject" value={f.subject} onChange={(e) => setF({ ...f, subject: e.target.value })} />}
      <Textarea
        id={`${channel}-body`}
        label="Message"
        rows={channel === 'sms' ? 3 : 6}
        value={f.body}
        onChange={(e) => setF({ ...f, body: e.target.value })}
        hint={
          channel === 'sms' ? (
            <span className={cn('tabular-nums', tooLong && 'font-semibold text-red-600')} data-testid="sms-counter">
              {smsLength(f.body)}/{SMS_MAX_CHARS} characters
            </span>
          ) : (
            'Use {customer_name} and {merchant_name}.'
          )
        }
      />
      <div>
        <Button type="submit" loading={create.isPending} loadingText="Sending…" disabled={tooLong} data-testid={`${channel}-send`}>
          {channel === 'sms' ? 'Send SMS' : 'Send campaign'}
        </Button>
      </div>
    </form>
  );
}

function CampaignList({ list, merchantId }: { list: CampaignWire[]; merchantId: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resend = useMutation(trpc.marketing.resendCampaign.mutationOptions());
  const [open, setOpen] = useState<string | null>(null);
  if (list.length === 0) return <p className="text-sm text-ink-500">Nothing sent yet.</p>;
  return (
    <ul className="divide-y divide-blush-100" data-testid="campaigns">
      {list.map((c) => (
        <li key={c._id} className="py-3" data-testid="campaign-row">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className="font-medium text-ink-900">{c.name}</p>
              <p className="text-xs text-ink-500">
                {SEGMENT_LABEL[c.segment]} · {c.recipients} recipient{c.recipients === 1 ? '' : 's'} · {relativeTime(c.createdAt)}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Badge tone={c.status === 'sent' ? 'success' : c.status === 'failed' ? 'danger' : 'info'}>{c.status === 'sent' ? 'Sent' : c.status === 'failed' ? 'Failed' : 'Sending'}</Badge>
              <Button size="sm" variant="ghost" onClick={() => setOpen(open === c._id ? null : c._id)}>
                View Stats
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={async () => {
                  try {
                    const r = await resend.mutateAsync({ merchantId: merchantId ?? undefined, campaignId: c._id });
                    toast.success(r.message);
                    await queryClient.invalidateQueries({ queryKey: trpc.marketing.getMarketing.queryKey() });
                  } catch (err) {
                    toast.error(errorMessage(err, 'Could not resend.'));
                  }
                }}
              >
                Resend
              </Button>
            </div>
          </div>
          {open === c._id && (
            <dl className="mt-2 grid grid-cols-2 gap-2 rounded-xl bg-blush-50 p-3 text-sm sm:grid-cols-4" data-testid="campaign-stats">
              <div>
                <dt className="text-xs text-ink-500">Delivered</dt>
                <dd className="font-semibold">{c.delivered}</dd>
              </div>
              <div>
                <dt className="text-xs text-ink-500">Failed</dt>
                <dd className="font-semibold">{c.failed}</dd>
              </div>
              <div>
                <dt className="text-xs text-ink-500">Opened</dt>
                <dd className="font-semibold">{c.channel === 'email' ? c.opened : '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-ink-500">Booked within 7 days</dt>
                <dd className="font-semibold">{c.bookingsAfter}</dd>
              </div>
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function Marketing() {
  usePageTitle('Marketing');
  const merchantId = useMerchantId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const q = useQuery({ ...trpc.marketing.getMarketing.queryOptions({ merchantId: merchantId ?? undefined }), refetchInterval: (query) => (query.state.data?.data.campaigns.some((c) => c.status === 'sending') ? 2000 : false) });
  const social = useMutation(trpc.marketing.setSocialConnection.mutationOptions());
  const d = q.data?.data;
  return (
    <PageContainer>
      <PageHeader title="Marketing Tools" description="Bring customers back with e-mail and SMS campaigns, and see what they achieved." />
      {q.isError ? (
        <LoadError title="Could not load marketing" onRetry={q.refetch} />
      ) : !d ? (
        <Skeleton className="h-96 rounded-3xl" />
      ) : (
        <div className="space-y-6">
          <section aria-label="Marketing Analytics" className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="marketing-analytics">
            {[
              ['Email Open Rate', pct(d.analytics.emailOpenRate)],
              ['SMS Delivery Rate', pct(d.analytics.smsDeliveryRate)],
              ['Social Engagement', `${d.analytics.socialConnected}/3 connected`],
              ['Conversion Rate', pct(d.analytics.conversionRate)],
            ].map(([label, value]) => (
              <Card key={label}>
                <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</p>
                <p className="mt-1 text-2xl font-bold text-plum-800">{value}</p>
              </Card>
            ))}
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader title="Email Campaigns" description="Create a campaign for a customer segment." />
              <CampaignForm channel="email" segments={d.segments} merchantId={merchantId} />
            </Card>
            <Card>
              <CardHeader title="SMS Marketing" description="Short offers straight to phones." />
              <CampaignForm channel="sms" segments={d.segments} merchantId={merchantId} />
            </Card>
          </div>
          <Card>
            <CardHeader title="Recent campaigns" />
            <CampaignList list={d.campaigns} merchantId={merchantId} />
          </Card>
          <Card>
            <CardHeader title="Social Media Integration" description="Mark the networks your salon is on; they are linked from your profile." />
            <div className="flex flex-wrap gap-6">
              {SOCIAL_NETWORKS.map((n) => {
                const on = d.social.find((s) => s.network === n)?.connected ?? false;
                return (
                  <Checkbox
                    key={n}
                    id={`social-${n}`}
                    label={NETWORK_LABEL[n]}
                    description={on ? 'Connected' : 'Not connected'}
                    checked={on}
                    onChange={async (e) => {
                      try {
                        await social.mutateAsync({ merchantId: merchantId ?? undefined, network: n, connected: e.target.checked });
                        await queryClient.invalidateQueries({ queryKey: trpc.marketing.getMarketing.queryKey() });
                      } catch (err) {
                        toast.error(errorMessage(err, 'Could not save.'));
                      }
                    }}
                  />
                );
              })}
            </div>
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
