import { Link } from 'wouter';
import { COMPLETION_FIX } from '../../../shared/profileCompletion';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card, CardHeader } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { cn } from '../../lib/cn';
import { focusHashTarget } from '../../lib/hashTarget';
import { errorMessage, trpc } from '../../trpc';
import { Banner, useFlash } from './Banner';

const STATUS_TEXT = {
  draft: { tone: 'neutral', label: 'Not published' },
  pending: { tone: 'warning', label: 'Publish request pending review' },
  approved: { tone: 'success', label: 'Published' },
  rejected: { tone: 'danger', label: 'Publish request rejected' },
  unpublished: { tone: 'neutral', label: 'Unpublished' },
} as const;

function CompletionBar({ percent, label }: { percent: number; label: string }) {
  const complete = percent >= 100;
  return (
    <div className="flex items-center gap-3">
      <div
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-blush-100"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className={cn('h-full rounded-full transition-all', complete ? 'bg-emerald-500' : 'bg-plum-600')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-12 text-right text-sm font-semibold text-ink-900" data-testid="completion-percent">
        {percent}%
      </span>
    </div>
  );
}

/**
 * The dashboard's reminder while the salon is not live: how complete the profile is, and the way
 * to the checklist and the publish request in Settings (the help pages send merchants here). The
 * same query as the Settings card, so both show one figure; nothing once the salon is published.
 */
export function ProfileCompletionSummary({
  merchantId,
  settingsHref = '/merchant/settings',
}: {
  merchantId: string | null;
  settingsHref?: string;
}) {
  const completion = trpc.merchants.getProfileCompletion.useQuery({ merchantId: merchantId ?? undefined });
  const data = completion.data;
  if (!data || data.isPublished) return null;
  const status = STATUS_TEXT[data.publishStatus];
  const complete = data.percent >= 100;
  const next =
    data.publishStatus === 'pending'
      ? 'An admin is reviewing your publish request.'
      : complete
        ? 'Your profile is complete: request to publish it from the checklist in Settings.'
        : 'Customers can find and book your salon once it is published. Finish the checklist in Settings, then request to publish.';
  return (
    <Card data-testid="dashboard-profile-completion">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold text-ink-900">Profile completion</h2>
            <Badge tone={status.tone}>{status.label}</Badge>
          </div>
          <CompletionBar percent={data.percent} label="Profile completion" />
          <p className="mt-2 text-sm text-ink-600">{next}</p>
          {!complete && (
            <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm" aria-label="Still to do" data-testid="dashboard-checklist-todo">
              {data.checks
                .filter((c) => !c.done)
                .map((c) => (
                  <li key={c.id}>
                    <Link
                      href={COMPLETION_FIX[c.id]?.to ?? settingsHref}
                      className="font-medium text-plum-700 underline-offset-2 hover:underline"
                    >
                      {c.label}
                    </Link>
                  </li>
                ))}
            </ul>
          )}
          {data.publishStatus === 'rejected' && data.publishNote && (
            <p className="mt-1 text-sm text-red-700">Reviewer note: {data.publishNote}</p>
          )}
        </div>
        <Link
          href={settingsHref}
          className={buttonClasses(complete && data.publishStatus !== 'pending' ? 'primary' : 'outline', 'md', 'shrink-0')}
          data-testid="open-checklist"
        >
          Open the checklist in Settings
        </Link>
      </div>
    </Card>
  );
}

/** The 14 completion checks and the publish request, which needs every check done. */
export function ProfileCompletionCard({ merchantId }: { merchantId: string | null }) {
  const completion = trpc.merchants.getProfileCompletion.useQuery({ merchantId: merchantId ?? undefined });
  const [flash, show] = useFlash();
  const publish = trpc.merchants.createPublishRequest.useMutation({
    meta: { invalidates: ['merchants.getProfileCompletion'] },
    onSuccess: (answer) => show('success', answer.message),
    onError: (err) => show('error', errorMessage(err, 'Failed to send the publish request. Please try again.')),
  });
  const onPublish = () => publish.mutate({ merchantId: merchantId ?? undefined });

  if (completion.isLoading) {
    return (
      <Card>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="mt-4 h-3 w-full" />
      </Card>
    );
  }
  if (completion.isError || !completion.data) {
    return (
      <Card>
        <p className="text-sm text-red-600">{errorMessage(completion.error, 'Failed to load profile completion.')}</p>
      </Card>
    );
  }

  const { percent, checks, publishStatus, isPublished, publishNote } = completion.data;
  const status = isPublished ? STATUS_TEXT.approved : STATUS_TEXT[publishStatus];
  const complete = percent >= 100;
  const canRequest = complete && !isPublished && publishStatus !== 'pending';

  return (
    <Card data-testid="profile-completion">
      <CardHeader
        title="Profile Completion"
        description="Complete every item to publish your shop on GlowBook."
        action={
          <Badge tone={status.tone} data-testid="publish-status">
            {status.label}
          </Badge>
        }
      />
      <Banner flash={flash} testId="publish-banner" />
      <CompletionBar percent={percent} label="Profile completion" />
      <ul className="mt-4 grid gap-1.5 sm:grid-cols-2">
        {checks.map((c) => (
          <li key={c.id} className="flex items-center gap-2 text-sm" data-done={c.done}>
            <span
              aria-hidden="true"
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded-full text-[11px] font-bold',
                c.done ? 'bg-emerald-100 text-emerald-700' : 'bg-blush-100 text-ink-400',
              )}
            >
              {c.done ? '✓' : ''}
            </span>
            {COMPLETION_FIX[c.id] ? (
              <Link
                href={COMPLETION_FIX[c.id].to}
                onClick={(e) => {
                  // A field on this page: the hash link would not move the page; focus the field instead.
                  if (focusHashTarget(COMPLETION_FIX[c.id].to)) e.preventDefault();
                }}
                className={cn('underline-offset-2 hover:underline', c.done ? 'text-ink-700' : 'font-medium text-plum-700')}
                data-testid={`checklist-fix-${c.id}`}
                title={`Fix in ${COMPLETION_FIX[c.id].where}`}
              >
                {c.label}
                <span className="sr-only">{c.done ? ' (done)' : ` (to do, in ${COMPLETION_FIX[c.id].where})`}</span>
              </Link>
            ) : (
              <span className={c.done ? 'text-ink-700' : 'text-ink-500'}>
                {c.label}
                <span className="sr-only">{c.done ? ' (done)' : ' (to do)'}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      {publishStatus === 'rejected' && publishNote && <p className="mt-3 text-sm text-red-700">Reviewer note: {publishNote}</p>}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button
          onClick={onPublish}
          disabled={!canRequest}
          loading={publish.isPending}
          loadingText="Sending..."
          data-testid="request-publish"
        >
          Request to publish
        </Button>
        {!complete && <span className="text-xs text-ink-500">Available once your profile is 100% complete.</span>}
        {publishStatus === 'pending' && !isPublished && <span className="text-xs text-ink-500">An admin is reviewing your request.</span>}
        {isPublished && <span className="text-xs text-ink-500">Your shop is live: customers can find and book it.</span>}
      </div>
    </Card>
  );
}
