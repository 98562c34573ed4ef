import { useAtom, useAtomValue } from 'jotai';
import { Link, useLocation, useSearch } from 'wouter';
import { ArrowLeftIcon, MapPinIcon } from '../../components/icons';
import { PageContainer } from '../../components/PageHeader';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageSpinner } from '../../components/ui/Spinner';
import { BookingSummary } from '../../features/booking/BookingSummary';
import { bookAgainNotesAtom } from '../../features/booking/bookAgain';
import { ANY_PROFESSIONAL, emptyDraft } from '../../features/booking/draft';
import { SlotPicker } from '../../features/booking/SlotPicker';
import { JoinWaitlist } from '../../features/waitlist/JoinWaitlist';
import { usePageTitle } from '../../lib/usePageTitle';
import { sessionAtom } from '../../state/session';
import { errorMessage } from '../../trpc';
import { ProfessionalStep, SelectActionBar, ServiceStep, StepTitle } from './select/Steps';
import { coverOf, useBookableSalon, useSelectDraft } from './select/useSelectDraft';

/**
 * The booking flow's first page: services, a professional, a date and time, with the running
 * summary. The salon comes from `useBookableSalon`, the draft and its changes from `useSelectDraft`;
 * the steps and the phone's action bar are the components in ./select/Steps.
 */
export default function SelectProfessional({ params }: { params: { id: string } }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  // Signed-in layouts have the phone's bottom bar; the action bar sits above it.
  const hasTabBar = Boolean(useAtomValue(sessionAtom).userType);
  const [again, setAgain] = useAtom(bookAgainNotesAtom);
  const { query: salonQuery, salon } = useBookableSalon(params.id);
  usePageTitle(salon ? `Book at ${salon.shop_Name}` : 'Choose professional and time');
  const { active, selectedIds, stylists, update, toggleService, canContinue, proId } = useSelectDraft(
    salon,
    new URLSearchParams(search).get('service'),
  );

  if (salonQuery.isPending) return <PageSpinner label="Loading salon" />;
  if (salonQuery.isError || !salon) {
    return (
      <PageContainer>
        <EmptyState
          title="Salon not found"
          description={errorMessage(salonQuery.error, 'This salon is not available for booking.')}
          action={
            <Link href="/salons" className={buttonClasses('primary')}>
              Browse Salons
            </Link>
          }
        />
      </PageContainer>
    );
  }

  const onContinue = () => {
    if (!active || !canContinue) return;
    update({ selectedProfessional: active.selectedProfessional ?? ANY_PROFESSIONAL, bookingStatus: 'pending' });
    navigate(`/salon/${salon._id}/booking/review`);
  };
  const cover = coverOf(salon);

  return (
    <PageContainer className="pb-40 nav:pb-28 lg:pb-10">
      <Link
        href={`/salon/${salon._id}`}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-plum-700 hover:underline"
      >
        <ArrowLeftIcon className="size-4" /> Back to salon
      </Link>
      <div className="mb-6 flex items-center gap-4">
        {cover ? <img src={cover} alt="" width={80} height={80} className="size-16 shrink-0 rounded-2xl object-cover sm:size-20" /> : null}
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-widest text-rose-600 uppercase">Book an appointment</p>
          <h1 className="truncate text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl" data-testid="page-title">
            {salon.shop_Name}
          </h1>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-ink-500" data-testid="select-salon-address">
            <MapPinIcon className="size-4 shrink-0" />
            {/* The text in its own box: a flex line clips mid-word, a block one ends in an ellipsis. */}
            <span className="min-w-0 truncate" title={`${salon.Shop_Address}${salon.City ? `, ${salon.City}` : ''}`}>
              {salon.Shop_Address}
              {salon.City ? `, ${salon.City}` : ''}
            </span>
          </p>
        </div>
      </div>

      {again?.salonId === salon._id && (
        <div
          role="status"
          className="mb-6 flex items-start justify-between gap-3 rounded-2xl border border-plum-100 bg-plum-50 px-4 py-3 text-sm text-ink-800"
          data-testid="book-again-note"
        >
          <div>
            <p className="font-semibold text-ink-900">
              {active?.selectedServices.length
                ? 'Your last visit is chosen again: pick a date and time.'
                : 'None of the services of your last visit is offered now: choose from the menu.'}
            </p>
            {again.notes.map((n) => (
              <p key={n} className="mt-1">
                {n}
              </p>
            ))}
          </div>
          <Button variant="ghost" size="sm" onClick={() => setAgain(null)} aria-label="Dismiss">
            ✕
          </Button>
        </div>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="space-y-6">
          <ServiceStep salon={salon} selectedIds={selectedIds} onToggle={toggleService} />
          <ProfessionalStep
            stylists={stylists}
            proId={proId}
            onChoose={(pro) => update({ selectedProfessional: pro, selectedTime: null })}
          />
          <Card>
            <StepTitle n={3} title="Pick a date and time" hint={`Times are the salon's local time (${salon.timeZone}).`} />
            <SlotPicker
              merchantId={salon._id}
              serviceIds={active?.selectedServices.map((s) => s._id) ?? []}
              staffId={proId}
              timeZone={salon.timeZone}
              openingHours={salon.openingHours}
              date={active?.selectedDate ?? null}
              time={active?.selectedTime ?? null}
              onDate={(selectedDate) => update({ selectedDate, selectedTime: null })}
              onTime={(selectedTime) => update({ selectedTime })}
            />
            <JoinWaitlist
              merchantId={salon._id}
              serviceIds={active?.selectedServices.map((s) => s._id) ?? []}
              staffId={proId}
              staffName={proId ? (stylists.find((s) => s._id === proId)?.name ?? null) : null}
              date={active?.selectedDate ?? null}
              openingHours={salon.openingHours}
            />
          </Card>
        </div>

        <aside className="lg:sticky lg:top-24 lg:self-start">
          <BookingSummary draft={active ?? emptyDraft()} title="Your booking">
            <Button size="lg" fullWidth disabled={!canContinue} onClick={onContinue} data-testid="continue-to-review">
              Continue
            </Button>
            {!canContinue && <p className="mt-2 text-center text-xs text-ink-500">Choose at least one service, a date and a time.</p>}
          </BookingSummary>
        </aside>
      </div>

      <SelectActionBar draft={active} hasTabBar={hasTabBar} canContinue={canContinue} onContinue={onContinue} />
    </PageContainer>
  );
}
