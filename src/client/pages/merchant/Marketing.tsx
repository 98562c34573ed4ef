import { useState } from 'react';
import { heldLabel } from '../../../shared/consent';
import type { CampaignChannel } from '../../../shared/constants';
import { SMS_MAX_CHARS, SMS_TOO_LONG, smsLength } from '../../../shared/messageTemplates';
import { relativeTime } from '../../../shared/relativeTime';
import {
  type CampaignWire,
  campaignForm,
  type DeliveryCounts,
  SEGMENTS,
  type SegmentCounts,
  socialLinkInput,
} from '../../../shared/schemas/crm';
import { SOCIAL_NETWORK_LABEL, SOCIAL_NETWORKS, SOCIAL_URL_EXAMPLE, type SocialNetwork } from '../../../shared/social';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { Skeleton } from '../../components/ui/Skeleton';
import { Textarea } from '../../components/ui/Textarea';
import { plural } from '../../features/discovery/format';
import { useMerchantId } from '../../features/shop/api';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/usePageTitle';
import { answerMessage } from '../../mutationMeta';
import { trpc } from '../../trpc';

const SEGMENT_LABEL = { all: 'All customers', active: 'Active (visited in 90 days)', inactive: 'Inactive (no visit in 90 days)' } as const;
const pct = (n: number | null) => (n === null ? '—' : `${n}%`);
function CampaignForm({
  channel,
  reach,
  customers,
  merchantId,
}: {
  channel: CampaignChannel;
  reach: SegmentCounts;
  customers: number;
  merchantId: string | null;
}) {
  const form = useZodForm(campaignForm, { defaultValues: { channel, name: '', subject: '', body: '', segment: 'all' } });
  const { errors } = form.formState;
  const create = trpc.marketing.createCampaign.useMutation({
    meta: { successToast: answerMessage, invalidates: ['marketing.getMarketing'] },
    onSuccess: () => form.reset({ ...form.getValues(), name: '', subject: '', body: '' }),
    onError: serverErrorsTo(
      form,
      channel === 'sms' ? 'Failed to send SMS. Please try again.' : 'Failed to create campaign. Please try again.',
    ),
  });
  const body = form.watch('body');
  const tooLong = channel === 'sms' && smsLength(body) > SMS_MAX_CHARS;
  const submit = form.handleSubmit((f) => {
    if (tooLong) return;
    create.mutate({
      merchantId: merchantId ?? undefined,
      channel,
      name: f.name || (channel === 'sms' ? 'SMS' : ''),
      subject: f.subject || undefined,
      body: f.body,
      segment: f.segment,
    });
  });
  const address = channel === 'email' ? 'an e-mail address' : 'a mobile number';
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" data-testid={`${channel}-campaign-form`}>
      <FormError message={errors.root?.server?.message} />
      {channel === 'email' && (
        <Input id={`${channel}-name`} label="Campaign name" required {...form.register('name')} error={errors.name?.message} />
      )}
      <Select
        id={`${channel}-segment`}
        label="Send to"
        required
        {...form.register('segment')}
        error={errors.segment?.message}
        options={SEGMENTS.map((s) => ({ value: s, label: `${SEGMENT_LABEL[s]} · ${plural(reach[s], 'recipient')}` }))}
        hint={
          <span data-testid={`${channel}-reach`}>
            {reach.all} of {plural(customers, 'customer')} opted in to offers and have {address}.
          </span>
        }
      />
      {channel === 'email' && (
        <Input id="email-subject" label="Subject" required {...form.register('subject')} error={errors.subject?.message} />
      )}
      <Textarea
        id={`${channel}-body`}
        label="Message"
        required
        rows={channel === 'sms' ? 3 : 6}
        {...form.register('body')}
        error={errors.body?.message}
        hint={
          channel === 'sms' ? (
            <>
              <span className="flex justify-between gap-3">
                <span>Variables count once filled in for each customer.</span>
                <span className={cn('tabular-nums', tooLong && 'font-semibold text-red-600')} data-testid="sms-counter">
                  {smsLength(body)}/{SMS_MAX_CHARS} characters
                </span>
              </span>
              {/* Live, as the counter is: Send is disabled while the text is too long, so a message
                  shown only on submit would never appear. */}
              {tooLong && (
                <span role="alert" className="mt-1 block font-medium text-red-600" data-testid="sms-too-long">
                  {SMS_TOO_LONG}
                </span>
              )}
            </>
          ) : (
            'Use {customer_name}, {appointment_date} and {merchant_name}. An unsubscribe link is added for you.'
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

/**
 * A finished campaign's badge from what its messages' transports reported: "Sent" only when a
 * provider took at least one; kept in the outbox or the mail drop, it says so.
 */
function campaignBadge(c: CampaignWire): { label: string; tone: BadgeTone } {
  if (c.heldUntil) return { label: heldLabel(c.heldUntil), tone: 'warning' };
  if (c.status === 'sending') return { label: 'Sending', tone: 'info' };
  if (c.sent + c.delivered > 0) return { label: c.delivered > 0 ? 'Delivered' : 'Sent', tone: 'success' };
  if (c.notSent > 0) return { label: 'Not sent (no SMTP configured)', tone: 'warning' };
  if (c.queued > 0) return { label: 'Queued — no SMS provider configured', tone: 'warning' };
  return { label: 'Failed', tone: 'danger' };
}

function CampaignList({ list, merchantId }: { list: CampaignWire[]; merchantId: string | null }) {
  const resend = trpc.marketing.resendCampaign.useMutation({
    meta: {
      successToast: answerMessage,
      errorToast: 'Failed to resend campaign. Please try again.',
      invalidates: ['marketing.getMarketing'],
    },
  });
  const [open, setOpen] = useState<string | null>(null);
  if (list.length === 0) return <p className="text-sm text-ink-500">Nothing sent yet.</p>;
  return (
    <ul className="divide-y divide-blush-100" data-testid="campaigns">
      {list.map((c) => {
        const sending = c.status === 'sending' || (resend.isPending && resend.variables?.campaignId === c._id);
        return (
          <li key={c._id} className="py-3" data-testid="campaign-row">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium text-ink-900">
                  {c.name} <span className="text-xs font-normal text-ink-500">· {c.channel === 'sms' ? 'SMS' : 'E-mail'}</span>
                </p>
                <p className="text-xs text-ink-500">
                  {SEGMENT_LABEL[c.segment]} · {plural(c.recipients, 'recipient')} · {relativeTime(c.startedAt)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={campaignBadge(c).tone} data-testid="campaign-status">
                  {campaignBadge(c).label}
                </Badge>
                <Button size="sm" variant="ghost" onClick={() => setOpen(open === c._id ? null : c._id)}>
                  View Stats
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={sending}
                  data-testid="campaign-resend"
                  onClick={() => resend.mutate({ merchantId: merchantId ?? undefined, campaignId: c._id })}
                >
                  Resend
                </Button>
              </div>
            </div>
            {open === c._id && (
              <dl className="mt-2 grid grid-cols-2 gap-2 rounded-xl bg-blush-50 p-3 text-sm sm:grid-cols-4" data-testid="campaign-stats">
                {(
                  [
                    ['Queued', c.queued, 'In the outbox, not handed to a provider'],
                    ...(c.notSent > 0 ? ([['Not sent', c.notSent, 'Written to the local mail drop: no SMTP configured']] as const) : []),
                    ['Sent', c.sent, 'Accepted by the provider, no receipt yet'],
                    ['Delivered', c.delivered, 'The provider’s receipt says it arrived'],
                    ['Failed', c.failed, 'The provider refused it or could not deliver it'],
                    ['Opened', c.channel === 'email' ? c.opened : '—', 'E-mails whose images were loaded'],
                    ['Booked within 7 days', c.bookingsAfter, 'Customers a sent message reached who then booked'],
                  ] as const
                ).map(([label, value, hint]) => (
                  <div key={label} title={hint}>
                    <dt className="text-xs text-ink-500">{label}</dt>
                    <dd className="font-semibold" data-testid={`campaign-stat-${label.split(' ')[0].toLowerCase()}`}>
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function SocialLinkForm({ network, url, merchantId }: { network: SocialNetwork; url: string | null; merchantId: string | null }) {
  const name = SOCIAL_NETWORK_LABEL[network];
  const form = useZodForm(socialLinkInput, { defaultValues: { merchantId: merchantId ?? undefined, network, url: url ?? '' } });
  const error = form.formState.errors.url?.message ?? form.formState.errors.root?.server?.message;
  // Saved, the list above is read again and this form is remounted (its key names the link) with the new address.
  const save = trpc.marketing.setSocialLink.useMutation({
    meta: {
      successToast: (r: { url: string | null }) =>
        r.url ? `${name} page linked: it shows on your salon page.` : `${name} page removed from your salon page.`,
      invalidates: ['marketing.getMarketing'],
    },
    onError: serverErrorsTo(form, `Could not save your ${name} page. Please try again.`),
  });
  const submit = form.handleSubmit((input) =>
    save.mutate({ ...input, url: typeof input.url === 'string' ? input.url.trim() || null : null }),
  );
  const remove = () => {
    form.setValue('url', '');
    return submit();
  };
  return (
    <form noValidate onSubmit={submit} className="rounded-2xl border border-blush-100 p-4" data-testid={`social-${network}`}>
      <Input
        id={`social-url-${network}`}
        label={`${name} page`}
        type="url"
        inputMode="url"
        placeholder={SOCIAL_URL_EXAMPLE[network]}
        {...form.register('url')}
        error={error}
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" loading={save.isPending} data-testid={`social-save-${network}`}>
          {url ? 'Update link' : 'Link page'}
        </Button>
        {url && (
          <>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm font-medium text-plum-700 underline"
              data-testid={`social-open-${network}`}
            >
              Open
            </a>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={save.isPending}
              onClick={() => void remove()}
              data-testid={`social-remove-${network}`}
            >
              Remove
            </Button>
          </>
        )}
      </div>
    </form>
  );
}

function SocialLinks({ social, merchantId }: { social: { network: SocialNetwork; url: string | null }[]; merchantId: string | null }) {
  return (
    <div className="grid gap-4 md:grid-cols-3" data-testid="social">
      {SOCIAL_NETWORKS.map((n) => {
        const url = social.find((s) => s.network === n)?.url ?? null;
        return <SocialLinkForm key={`${n}:${url ?? ''}`} network={n} url={url} merchantId={merchantId} />;
      })}
    </div>
  );
}

/** One analytics tile: the figure and, under it, the counts it is worked out from. */
function Figure({ label, value, detail, testId }: { label: string; value: string; detail: string; testId: string }) {
  return (
    <Card data-testid={testId}>
      <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-bold text-plum-800" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className="mt-1 text-xs text-ink-500" data-testid={`${testId}-detail`}>
        {detail}
      </p>
    </Card>
  );
}

function countsLine(c: DeliveryCounts): string {
  const parts = [
    c.delivered && `${c.delivered} delivered`,
    c.sent && `${c.sent} awaiting receipt`,
    c.failed && `${c.failed} failed`,
    c.queued && `${c.queued} queued`,
    c.notSent && `${c.notSent} not sent`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Nothing sent yet';
}

export default function Marketing() {
  usePageTitle('Marketing');
  const merchantId = useMerchantId();
  // Polls only while a campaign is being sent; a Sent or Failed campaign stops it.
  const q = trpc.marketing.getMarketing.useQuery(
    { merchantId: merchantId ?? undefined },
    {
      refetchInterval: (query) => {
        const sending = query.state.data?.data.campaigns.filter((c) => c.status === 'sending') ?? [];
        // Texts held through the quiet hours go out at 9 am: no need to ask every 2 seconds all night.
        return sending.length === 0 ? false : sending.every((c) => c.heldUntil) ? 60_000 : 2000;
      },
    },
  );
  const d = q.data?.data;
  return (
    <PageContainer>
      <PageHeader title="Marketing Tools" description="Bring customers back with e-mail and SMS campaigns, and see what they achieved." />
      {q.isError ? (
        <LoadError title="Failed to load marketing data. Please try again later." onRetry={q.refetch} />
      ) : !d ? (
        <Skeleton className="h-96 rounded-3xl" />
      ) : (
        <div className="space-y-6">
          <section aria-label="Marketing Analytics" className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="marketing-analytics">
            <Figure
              testId="analytics-email"
              label="Email Open Rate"
              value={pct(d.analytics.emailOpenRate)}
              detail={
                d.analytics.emailProvider
                  ? countsLine(d.analytics.email)
                  : `No SMTP configured: ${plural(d.analytics.email.notSent, 'e-mail')} written to the local mail drop, none sent`
              }
            />
            <Figure
              testId="analytics-sms"
              label="SMS Delivery Rate"
              value={pct(d.analytics.smsDeliveryRate)}
              detail={
                d.analytics.smsProvider
                  ? countsLine(d.analytics.sms)
                  : `No SMS provider configured: ${plural(d.analytics.sms.queued, 'text')} queued, none sent`
              }
            />
            <Figure
              testId="analytics-conversion"
              label="Conversion Rate"
              value={pct(d.analytics.conversionRate)}
              detail="Customers who booked within 7 days of a message a provider accepted"
            />
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader title="Email Campaigns" description="Create a campaign for a customer segment." />
              <CampaignForm channel="email" reach={d.segments.email} customers={d.segments.customers} merchantId={merchantId} />
            </Card>
            <Card>
              <CardHeader title="SMS Marketing" description="Short offers straight to phones." />
              <CampaignForm channel="sms" reach={d.segments.sms} customers={d.segments.customers} merchantId={merchantId} />
            </Card>
          </div>
          <Card>
            <CardHeader title="Recent campaigns" />
            <CampaignList list={d.campaigns} merchantId={merchantId} />
          </Card>
          <Card>
            <CardHeader
              title="Social media pages"
              description="Link your salon's own pages: customers find them on your salon page. GlowBook does not read the networks, so it shows no follower or reach figures."
            />
            <SocialLinks social={d.social} merchantId={merchantId} />
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
