import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { PageContainer } from '../../components/PageHeader';
import { buttonClasses } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageSpinner } from '../../components/ui/Spinner';
import { bookAgainNotesAtom } from '../../features/booking/bookAgain';
import { ANY_PROFESSIONAL, bookingDraftAtom, emptyDraft, totalsOf } from '../../features/booking/draft';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

/**
 * `/bookings/again/:bookingId` (the Bookings page's "Book again", the visit-completed e-mail and
 * rebooking reminders): reads the completed visit from the server, starts a booking draft with its
 * salon, the services it still offers and the professional if still able, and goes on to the salon's
 * booking page. Only ids and today's prices come from here; the booking is priced and checked again
 * when it is made.
 */
export default function BookAgain({ params }: { params: { bookingId: string } }) {
  usePageTitle('Book again');
  const [, navigate] = useLocation();
  const setDraft = useSetAtom(bookingDraftAtom);
  const setNotes = useSetAtom(bookAgainNotesAtom);
  const plan = trpc.users.getBookAgain.useQuery({ bookingId: params.bookingId }, { retry: false });
  const data = plan.data?.data;

  useEffect(() => {
    if (!data) return;
    const notes = [
      ...data.dropped.map((name) => `${name} is no longer offered here, so it was left out.`),
      ...(data.professionalNote ? [data.professionalNote] : []),
    ];
    setDraft({
      ...emptyDraft(),
      salonId: data.salon._id,
      salonName: data.salon.name,
      selectedServices: data.services,
      selectedProfessional: data.professional ?? ANY_PROFESSIONAL,
      ...totalsOf(data.services),
    });
    setNotes({ salonId: data.salon._id, notes });
    navigate(`/salon/${data.salon._id}/booking/select`, { replace: true });
  }, [data, navigate, setDraft, setNotes]);

  if (plan.isError) {
    return (
      <PageContainer>
        <EmptyState
          title="This visit cannot be booked again"
          description={errorMessage(plan.error, 'Please try again from your bookings.')}
          action={
            <Link href="/bookings" className={buttonClasses('primary')}>
              My Bookings
            </Link>
          }
        />
      </PageContainer>
    );
  }
  return <PageSpinner label="Preparing your booking" />;
}
