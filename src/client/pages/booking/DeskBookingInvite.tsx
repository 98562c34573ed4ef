import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { PageContainer, PageHeader } from '../../components/PageHeader';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadError } from '../../components/ui/EmptyState';
import { SkeletonText } from '../../components/ui/Skeleton';
import { FormError } from '../../forms/FormError';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';

/**
 * /desk-booking/:token, the link e-mailed when a salon books someone at its desk: the booking as the
 * salon typed it, and the person's answer. Declining needs no account; confirming needs the
 * customer account of that e-mail, signed in, and makes the booking theirs.
 */
export default function DeskBookingInvite() {
  usePageTitle('Confirm an appointment');
  const { token = '' } = useParams<{ token: string }>();
  const utils = trpc.useUtils();
  const session = useAtomValue(sessionAtom);
  const invite = trpc.users.getDeskInvite.useQuery({ token }, { retry: false });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const answer = trpc.users.answerDeskInvite.useMutation({
    onSuccess: (r) => {
      // The answer carries the invite as it now is: shown without asking again.
      utils.users.getDeskInvite.setData({ token }, { invite: r.invite });
      setDone(r.message);
    },
    onError: (err) => setError(errorMessage(err, 'Could not send your answer. Please try again.')),
  });

  const reply = (choice: 'accept' | 'decline') => {
    setError(null);
    answer.mutate({ token, answer: choice });
  };

  const i = invite.data?.invite;
  const here = `/desk-booking/${encodeURIComponent(token)}`;
  const signedInAs = session.token ? session.userEmail : null;
  return (
    <PageContainer className="max-w-2xl">
      <PageHeader
        title="An appointment booked for you"
        description="A salon booked this at its desk for your e-mail address. Tell them whether it is yours."
      />
      {invite.isError ? (
        <LoadError
          title="This link does not work"
          description="No booking matches this link. Check that the whole link from the e-mail was copied."
          onRetry={invite.refetch}
        />
      ) : !i ? (
        <SkeletonText lines={5} />
      ) : (
        <Card data-testid="desk-invite" data-confirmation={i.confirmation}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p className="text-lg font-semibold text-ink-900">{i.salonName}</p>
              <p className="text-ink-700">{i.services.join(', ')}</p>
            </div>
            <Badge tone={i.confirmation === 'accepted' ? 'success' : i.confirmation === 'declined' ? 'danger' : 'warning'}>
              {i.confirmation === 'accepted' ? 'Confirmed' : i.confirmation === 'declined' ? 'Declined' : 'Waiting for your answer'}
            </Badge>
          </div>
          <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="text-ink-500">When</dt>
            <dd className="font-medium text-ink-900">
              {longDate(i.bookingDate)} at {i.bookingTime}
            </dd>
            <dt className="text-ink-500">Booked for</dt>
            <dd className="break-all text-ink-900">
              {i.name} ({i.email})
            </dd>
          </dl>
          {done && (
            <p className="mt-4 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800" role="status" data-testid="desk-invite-done">
              {done}
            </p>
          )}
          <div className="mt-4">
            <FormError message={error} />
          </div>
          {i.confirmation === 'pending' && i.status !== 'cancelled' && i.status !== 'completed' ? (
            <div className="mt-4 space-y-3">
              {signedInAs?.toLowerCase() === i.email.toLowerCase() ? (
                <p className="text-sm text-ink-600">Confirming adds it to your bookings. Declining tells the salon and frees the time.</p>
              ) : (
                <p className="text-sm text-ink-600">
                  To confirm it,{' '}
                  <Link href={`/login?redirect=${encodeURIComponent(here)}`} className="font-medium text-plum-700 hover:underline">
                    sign in
                  </Link>{' '}
                  or{' '}
                  <Link href={`/register?redirect=${encodeURIComponent(here)}`} className="font-medium text-plum-700 hover:underline">
                    create an account
                  </Link>{' '}
                  with {i.email}. Declining needs no account.
                </p>
              )}
              <div className="flex flex-wrap gap-3">
                <Button
                  loading={answer.isPending && answer.variables?.answer === 'accept'}
                  loadingText="Confirming…"
                  onClick={() => reply('accept')}
                  data-testid="desk-invite-accept"
                >
                  Yes, it’s mine: confirm
                </Button>
                <Button
                  variant="outline"
                  loading={answer.isPending && answer.variables?.answer === 'decline'}
                  loadingText="Declining…"
                  onClick={() => reply('decline')}
                  data-testid="desk-invite-decline"
                >
                  No: decline
                </Button>
              </div>
            </div>
          ) : (
            !done && (
              <p className="mt-4 text-sm text-ink-600">
                {i.confirmation === 'accepted'
                  ? 'You confirmed this booking; it is in your bookings.'
                  : i.confirmation === 'declined'
                    ? 'You declined this booking; the salon was told.'
                    : `This booking is ${i.status}: there is nothing to answer.`}
              </p>
            )
          )}
          {i.confirmation === 'accepted' && signedInAs && (
            <Link href="/bookings" className={buttonClasses('outline', 'sm') + ' mt-4'}>
              See my bookings
            </Link>
          )}
        </Card>
      )}
    </PageContainer>
  );
}
