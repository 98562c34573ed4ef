import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { MerchantDetailWire } from '../../../shared/schemas/discovery';
import { canPerformAll } from '../../../shared/slots';
import { ArrowLeftIcon, CheckCircleIcon, ClockIcon, MapPinIcon } from '../../components/icons';
import { PageContainer } from '../../components/PageHeader';
import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageSpinner } from '../../components/ui/Spinner';
import { BookingSummary } from '../../features/booking/BookingSummary';
import {
  ANY_PROFESSIONAL,
  type BookingDraft,
  bookingDraftAtom,
  type DraftProfessional,
  type DraftService,
  emptyDraft,
  totalsOf,
} from '../../features/booking/draft';
import { formatDuration, formatINR } from '../../features/booking/format';
import { SlotPicker } from '../../features/booking/SlotPicker';
import { cn } from '../../lib/cn';
import { usePageTitle } from '../../lib/usePageTitle';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';

type Salon = MerchantDetailWire;
type Stylist = Salon['stylists'][number];
type Service = Salon['services'][number];

function toDraftService(s: Service): DraftService {
  return { _id: s._id, serviceName: s.serviceName, duration: s.duration, price: s.finalPrice };
}

function toDraftProfessional(s: Stylist): DraftProfessional {
  return { _id: s._id, name: s.name, role: s.role, image: s.image, specialization: s.specialization };
}

function coverOf(salon: Salon): string | null {
  return (salon.shop_Images.find((i) => i.isCover) ?? salon.shop_Images[0])?.url ?? null;
}

/** A new draft for this salon, with these services chosen. */
function freshDraft(salon: Salon, services: DraftService[] = []): BookingDraft {
  return {
    ...emptyDraft(),
    salonId: salon._id,
    salonName: salon.shop_Name,
    salonImage: coverOf(salon),
    selectedServices: services,
    ...totalsOf(services),
  };
}

/**
 * The draft a visit to this salon's booking page starts from: this salon's draft resumed (with the
 * link's service, if it names one, already in it), else a new one with the link's service chosen.
 */
function startingDraft(prev: BookingDraft, salon: Salon, wanted: string | null): BookingDraft {
  const preset = salon.services.filter((s) => s._id === wanted || s.name.toLowerCase() === wanted?.toLowerCase()).map(toDraftService);
  if (prev.salonId === salon._id && (!preset.length || preset.every((p) => prev.selectedServices.some((d) => d._id === p._id)))) {
    return prev.salonName === salon.shop_Name ? prev : { ...prev, salonName: salon.shop_Name, salonImage: coverOf(salon) };
  }
  return freshDraft(salon, preset);
}

function StepTitle({ n, title, hint }: { n: number; title: string; hint?: string }) {
  return (
    <div className="mb-4 flex items-start gap-3">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-plum-700 text-sm font-bold text-white">{n}</span>
      <div>
        <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
        {hint && <p className="text-sm text-ink-500">{hint}</p>}
      </div>
    </div>
  );
}

export default function SelectProfessional({ params }: { params: { id: string } }) {
  const salonId = params.id;
  const [, navigate] = useLocation();
  const search = useSearch();
  const [draft, setDraft] = useAtom(bookingDraftAtom);
  // Signed-in layouts have the phone's bottom bar; the action bar sits above it.
  const hasTabBar = Boolean(useAtomValue(sessionAtom).userType);
  const salonQuery = trpc.merchants.getMerchantById.useQuery({ id: salonId });
  const salon = salonQuery.data?.merchant;
  usePageTitle(salon ? `Book at ${salon.shop_Name}` : 'Choose professional and time');

  // A draft for another salon (or none) starts afresh here; one for this salon is resumed; a link
  // that names a service (a search result's Book) starts with it. The first paint already shows the
  // draft as this visit starts it (`starting`), and the effect stores it once per salon: stored from
  // an effect alone, the page would first draw without the link's service, then with it.
  const wanted = new URLSearchParams(search).get('service');
  const [startedFor, setStartedFor] = useState<string | null>(null);
  const starting = salon && startedFor !== salon._id ? startingDraft(draft, salon, wanted) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of salon (or its loading) restarts the draft; the link's service and the salon's details as they change later must not.
  useEffect(() => {
    if (!salon) return;
    // Read from the latest draft, not this render's: a tap may have started it since.
    setDraft((prev) => startingDraft(prev, salon, wanted));
    setStartedFor(salon._id);
  }, [salon?._id]);

  const active = starting ?? (salon && draft.salonId === salon._id ? draft : null);
  const selectedIds = useMemo(() => new Set(active?.selectedServices.map((s) => s._id) ?? []), [active]);

  const chosenServices = useMemo(() => (salon ? salon.services.filter((s) => selectedIds.has(s._id)) : []), [salon, selectedIds]);
  const stylists = useMemo(() => {
    if (!salon) return [];
    const wanted = chosenServices.map((s) => ({ name: s.name, categoryName: s.category?.name ?? null }));
    return salon.stylists.filter((s) => s.status === 'Active' && canPerformAll(s.specialization, wanted));
  }, [salon, chosenServices]);

  // The draft this salon's choices go into: the one this visit started (`active`), or a new one
  // should the stored draft have moved to another salon since (another tab), so a tap is never dropped.
  const current = (): BookingDraft | null => active ?? (salon ? freshDraft(salon) : null);

  const update = (patch: Partial<BookingDraft>) => {
    const base = current();
    if (!base) return;
    setDraft({ ...base, ...patch });
  };

  const toggleService = (service: Service) => {
    const base = current();
    if (!base) return;
    const next = selectedIds.has(service._id)
      ? base.selectedServices.filter((s) => s._id !== service._id)
      : [...base.selectedServices, toDraftService(service)];
    const wanted = salon!.services
      .filter((s) => next.some((n) => n._id === s._id))
      .map((s) => ({ name: s.name, categoryName: s.category?.name ?? null }));
    const pro = base.selectedProfessional;
    const stillCapable = !pro?._id || salon!.stylists.some((s) => s._id === pro._id && canPerformAll(s.specialization, wanted));
    update({
      selectedServices: next,
      ...totalsOf(next),
      selectedTime: null,
      selectedProfessional: stillCapable ? pro : ANY_PROFESSIONAL,
    });
  };

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

  const canContinue = Boolean(active && active.selectedServices.length && active.selectedDate && active.selectedTime);
  const proId = active?.selectedProfessional?._id ?? null;
  const categories = salon.categories.filter((c) => c.services.length > 0);
  const uncategorised = salon.services.filter((s) => !s.category);
  const groups = [
    ...categories.map((c) => ({ key: c._id, name: c.name, services: c.services })),
    ...(uncategorised.length ? [{ key: 'other', name: 'Other services', services: uncategorised }] : []),
  ];

  const onContinue = () => {
    if (!active || !canContinue) return;
    update({ selectedProfessional: active.selectedProfessional ?? ANY_PROFESSIONAL, bookingStatus: 'pending' });
    navigate(`/salon/${salon._id}/booking/review`);
  };

  return (
    <PageContainer className="pb-40 nav:pb-28 lg:pb-10">
      <Link
        href={`/salon/${salon._id}`}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-plum-700 hover:underline"
      >
        <ArrowLeftIcon className="size-4" /> Back to salon
      </Link>
      <div className="mb-6 flex items-center gap-4">
        {coverOf(salon) ? (
          <img src={coverOf(salon)!} alt="" width={80} height={80} className="size-16 shrink-0 rounded-2xl object-cover sm:size-20" />
        ) : null}
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

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="space-y-6">
          <Card>
            <StepTitle n={1} title="Choose services" hint="Pick one or more; they are done back to back." />
            {groups.length === 0 ? (
              <p className="text-sm text-ink-500">This salon has not listed any services yet.</p>
            ) : (
              <div className="space-y-5">
                {groups.map((group) => (
                  <section key={group.key} aria-label={group.name}>
                    <h3 className="mb-2 text-sm font-semibold text-ink-700">{group.name}</h3>
                    <div className="grid gap-2 sm:grid-cols-2">
                      {group.services.map((service) => {
                        const selected = selectedIds.has(service._id);
                        return (
                          <button
                            key={service._id}
                            type="button"
                            role="checkbox"
                            aria-checked={selected}
                            onClick={() => toggleService(service)}
                            data-testid="service-option"
                            data-service-id={service._id}
                            className={cn(
                              'flex items-start justify-between gap-3 rounded-2xl border p-3 text-left transition-colors',
                              selected ? 'border-plum-600 bg-plum-50' : 'border-blush-200 bg-white hover:border-plum-300',
                            )}
                          >
                            <span className="min-w-0">
                              <span className="block font-medium text-ink-900">{service.serviceName}</span>
                              <span className="mt-0.5 flex items-center gap-1 text-xs text-ink-500">
                                <ClockIcon className="size-3.5" /> {formatDuration(service.duration)}
                              </span>
                            </span>
                            <span className="flex shrink-0 items-center gap-2">
                              <span className="text-right">
                                <span className="block text-sm font-semibold text-ink-900">{formatINR(service.finalPrice)}</span>
                                {service.finalPrice < service.price && (
                                  <span className="block text-xs text-ink-400 line-through">{formatINR(service.price)}</span>
                                )}
                              </span>
                              <span
                                aria-hidden="true"
                                className={cn(
                                  'flex size-5 items-center justify-center rounded-md border',
                                  selected ? 'border-plum-700 bg-plum-700 text-white' : 'border-blush-300',
                                )}
                              >
                                {selected && (
                                  <svg viewBox="0 0 20 20" className="size-3.5">
                                    <path
                                      fill="currentColor"
                                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
                                    />
                                  </svg>
                                )}
                              </span>
                            </span>
                          </button>
                        );
                      })}
                    </div>
                  </section>
                ))}
              </div>
            )}
          </Card>

          <Card>
            <StepTitle n={2} title="Choose a professional" hint="Only professionals who do every chosen service are shown." />
            <div className="grid gap-2 sm:grid-cols-2" role="radiogroup" aria-label="Professional">
              {[null, ...stylists].map((stylist) => {
                const pro = stylist ? toDraftProfessional(stylist) : ANY_PROFESSIONAL;
                const selected = (pro._id ?? null) === proId;
                return (
                  <button
                    key={pro._id ?? 'any'}
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    onClick={() => update({ selectedProfessional: pro, selectedTime: null })}
                    data-testid="professional-option"
                    data-professional-id={pro._id ?? 'any'}
                    className={cn(
                      'flex items-center gap-3 rounded-2xl border p-3 text-left transition-colors',
                      selected ? 'border-plum-600 bg-plum-50' : 'border-blush-200 bg-white hover:border-plum-300',
                    )}
                  >
                    {stylist ? (
                      <Avatar src={pro.image} name={pro.name} size="lg" />
                    ) : (
                      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-gold-100 to-blush-200 text-plum-700">
                        <CheckCircleIcon className="size-7" />
                      </span>
                    )}
                    <span className="min-w-0">
                      <span className="block font-semibold text-ink-900">{pro.name}</span>
                      <span className="block text-xs text-ink-500">
                        {stylist
                          ? `${pro.role}${stylist.experience ? ` · ${stylist.experience} yrs` : ''}`
                          : 'Whoever is free at your time'}
                      </span>
                      {pro.specialization.length > 0 && (
                        <span className="mt-1.5 flex flex-wrap gap-1">
                          {pro.specialization.slice(0, 3).map((tag) => (
                            <Badge key={tag} tone="brand" className="text-[11px]">
                              {tag}
                            </Badge>
                          ))}
                          {pro.specialization.length > 3 && <Badge className="text-[11px]">+{pro.specialization.length - 3}</Badge>}
                        </span>
                      )}
                    </span>
                  </button>
                );
              })}
            </div>
          </Card>

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

      {/*
        Under the wide layout the summary comes after all three steps, a long way down a phone: the
        total and Continue stay on screen in this bar (data-action-bar keeps the chat toggle above it).
      */}
      <div
        data-action-bar=""
        data-testid="select-action-bar"
        className={cn(
          'fixed inset-x-0 z-30 border-t border-blush-200 bg-white px-4 py-3 lg:hidden',
          hasTabBar ? 'bottom-(--tab-bar-height) nav:bottom-0' : 'bottom-0',
        )}
      >
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
          <div className="min-w-0 text-sm">
            <p className="truncate text-xs text-ink-500" data-testid="select-bar-detail">
              {active?.selectedServices.length
                ? `${active.selectedServices.length} service${active.selectedServices.length === 1 ? '' : 's'} · ${formatDuration(active.totalDuration)}${active.selectedTime ? ` · ${active.selectedTime}` : ''}`
                : 'No services chosen yet'}
            </p>
            <p className="font-bold text-plum-800" data-testid="select-bar-total">
              {formatINR(active?.totalAmount ?? 0)}
            </p>
          </div>
          <Button size="lg" className="shrink-0 px-8" disabled={!canContinue} onClick={onContinue} data-testid="continue-to-review-bar">
            Continue
          </Button>
        </div>
      </div>
    </PageContainer>
  );
}
