import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatClock, parseTimeToMinutes } from '../../../shared/clock';
import { shopTypeLabel } from '../../../shared/constants';
import type { DetailServiceWire, MerchantDetailWire } from '../../../shared/schemas/discovery';
import { weekdayOf } from '../../../shared/slots';
import { SOCIAL_NETWORK_LABEL } from '../../../shared/social';
import { ArrowLeftIcon, CheckCircleIcon, ClockIcon, MailIcon, MapPinIcon } from '../../components/icons';
import { PageContainer } from '../../components/PageHeader';
import { Button, buttonClasses } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Modal } from '../../components/ui/Modal';
import type { OwnReview } from '../../features/booking/BookingActions';
import { salonClock } from '../../features/booking/format';
import { formatDuration, formatINR, formatRating, fromPrice, plural } from '../../features/discovery/format';
import { RatingPill, StarIcon, Stars } from '../../features/discovery/Rating';
import { recordRecentlyViewed } from '../../features/discovery/recentlyViewed';
import { SalonImage } from '../../features/discovery/SalonCard';
import { SalonOffers } from '../../features/packages/SalonOffers';
import { longDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/usePageTitle';
import { sessionAtom } from '../../state/session';
import { errorMessage, httpStatusOf, trpc } from '../../trpc';

function bookingPath(id: string, serviceId?: string): string {
  return `/salon/${id}/booking/select${serviceId ? `?service=${encodeURIComponent(serviceId)}` : ''}`;
}

/** The salon's weekday and minute of day now, on its own clock (India's when its zone is unknown). */
function salonNow(timeZone: string): { weekday: string; minutes: number } {
  const now = salonClock(timeZone);
  return { weekday: weekdayOf(now.date), minutes: now.minutes };
}

function openStatus(m: MerchantDetailWire): { open: boolean; text: string } {
  const now = salonNow(m.timeZone);
  const today = m.openingHours.find((d) => d.name === now.weekday);
  if (!today?.enabled) return { open: false, text: 'Closed today' };
  const start = parseTimeToMinutes(today.openTime) ?? 0;
  const end = parseTimeToMinutes(today.closeTime) ?? 24 * 60;
  if (now.minutes < start) return { open: false, text: `Opens at ${formatClock(today.openTime)}` };
  if (now.minutes >= end) return { open: false, text: 'Closed now' };
  return { open: true, text: `Open until ${formatClock(today.closeTime)}` };
}

function Gallery({ salon, onOpen }: { salon: MerchantDetailWire; onOpen: (index: number) => void }) {
  const images = [...salon.shop_Images].sort((a, b) => Number(b.isCover) - Number(a.isCover));
  if (!images.length) {
    return <SalonImage src={null} alt={salon.shop_Name} className="aspect-[21/9] w-full rounded-3xl" />;
  }
  const [cover, ...rest] = images;
  return (
    <div className="relative" data-testid="salon-gallery">
      <div className="grid gap-2 overflow-hidden rounded-3xl sm:grid-cols-3 sm:grid-rows-2">
        <button
          type="button"
          onClick={() => onOpen(0)}
          className="block overflow-hidden sm:col-span-2 sm:row-span-2"
          aria-label="View photos"
        >
          <img
            src={cover.url}
            alt={`${salon.shop_Name} cover`}
            width={1200}
            height={800}
            fetchPriority="high"
            className="aspect-[3/2] size-full object-cover transition duration-300 hover:scale-[1.02]"
          />
        </button>
        {rest.slice(0, 2).map((img, i) => (
          <button
            key={img._id}
            type="button"
            onClick={() => onOpen(i + 1)}
            className="hidden overflow-hidden sm:block"
            aria-label={`View photo ${i + 2}`}
          >
            <img
              src={img.url}
              alt=""
              width={600}
              height={400}
              loading="lazy"
              decoding="async"
              className="size-full object-cover transition duration-300 hover:scale-[1.03]"
            />
          </button>
        ))}
      </div>
      {images.length > 1 && (
        <button
          type="button"
          onClick={() => onOpen(0)}
          className="absolute right-3 bottom-3 rounded-full bg-white/95 px-3.5 py-1.5 text-sm font-semibold text-ink-900 shadow-lift hover:bg-white"
        >
          View all {images.length} photos
        </button>
      )}
    </div>
  );
}

function ServiceRow({ service, salonId }: { service: DetailServiceWire; salonId: string }) {
  const discounted = service.isDiscountActive && service.finalPrice < service.price;
  return (
    <li className="flex items-start justify-between gap-4 py-4" data-testid="service-row">
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">{service.name}</p>
        <p className="mt-0.5 flex items-center gap-1 text-sm text-ink-500">
          <ClockIcon className="size-3.5" />
          {formatDuration(service.duration)}
        </p>
        {service.description && <p className="mt-1 line-clamp-2 text-sm text-ink-500">{service.description}</p>}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2">
        <div className="text-right">
          <p className="font-semibold text-ink-900" data-testid="service-price">
            {formatINR(service.finalPrice)}
          </p>
          {discounted && (
            <p className="text-xs">
              <span className="text-ink-400 line-through">{formatINR(service.price)}</span>{' '}
              <span className="font-semibold text-emerald-700">
                {service.discountType === 'percentage' ? `${service.discountValue}% off` : `${formatINR(service.discountValue)} off`}
              </span>
            </p>
          )}
        </div>
        <Link href={bookingPath(salonId, service._id)} className={buttonClasses('outline', 'sm')} data-testid="book-service">
          Book
        </Link>
      </div>
    </li>
  );
}

function Services({ salon }: { salon: MerchantDetailWire }) {
  const groups = salon.categories.length
    ? salon.categories.filter((c) => c.services.length)
    : [{ _id: 'all', name: 'Services', icon: null, services: salon.services }];
  const uncategorised = salon.services.filter((s) => !s.category);
  const all =
    uncategorised.length && salon.categories.length
      ? [...groups, { _id: 'other', name: 'Other services', icon: null, services: uncategorised }]
      : groups;
  if (!salon.services.length) {
    return <p className="text-sm text-ink-500">This salon has not listed its services yet.</p>;
  }
  return (
    <div>
      {all.length > 1 && (
        <nav aria-label="Service categories" className="-mx-1 mb-2 flex gap-2 overflow-x-auto px-1 pb-1 [scrollbar-width:none]">
          {all.map((g) => (
            <a
              key={g._id}
              href={`#category-${g._id}`}
              className="shrink-0 rounded-full border border-blush-200 bg-white px-4 py-2 text-sm font-semibold text-ink-700 transition hover:border-plum-300 hover:text-plum-800"
            >
              {g.name} <span className="text-ink-400">({g.services.length})</span>
            </a>
          ))}
        </nav>
      )}
      {all.map((g) => (
        <div key={g._id} id={`category-${g._id}`} className="scroll-mt-32 pt-4" data-testid="service-group">
          <h3 className="text-sm font-bold tracking-wide text-plum-800 uppercase">{g.name}</h3>
          <ul className="divide-y divide-blush-100">
            {g.services.map((s) => (
              <ServiceRow key={s._id} service={s} salonId={salon._id} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function Team({ salon }: { salon: MerchantDetailWire }) {
  if (!salon.stylists.length) return <p className="text-sm text-ink-500">Team details coming soon.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {salon.stylists.map((s) => (
        <li key={s._id} className="flex items-start gap-3 rounded-2xl border border-blush-200/70 bg-white p-4" data-testid="stylist">
          {s.image ? (
            <img src={s.image} alt="" width={56} height={56} loading="lazy" className="size-14 shrink-0 rounded-full object-cover" />
          ) : (
            <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-plum-100 text-lg font-semibold text-plum-800">
              {s.name.charAt(0)}
            </span>
          )}
          <div className="min-w-0">
            <p className="font-semibold text-ink-900">{s.name}</p>
            <p className="text-sm text-ink-500">
              {s.role}
              {s.experience > 0 && ` · ${plural(s.experience, 'year')} experience`}
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              {(s.specialization.length ? s.specialization : ['All services']).slice(0, 4).map((sp) => (
                <span key={sp} className="rounded-full bg-blush-100 px-2 py-0.5 text-xs font-medium text-ink-700">
                  {sp}
                </span>
              ))}
              {s.specialization.length > 4 && (
                <span className="text-xs font-semibold text-plum-700">+{s.specialization.length - 4} more</span>
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

const REVIEWS_SHOWN = 5;

// The review dialogs bring the booking actions and the validation schemas (zod): a visitor's salon page
// loads them when an own review is edited or deleted, not with the page (Lighthouse's blocking time).
const ReviewDialog = lazy(() => import('../../features/booking/BookingActions').then((m) => ({ default: m.ReviewDialog })));
const DeleteReviewDialog = lazy(() => import('../../features/booking/BookingActions').then((m) => ({ default: m.DeleteReviewDialog })));

function Reviews({ salon, onChanged }: { salon: MerchantDetailWire; onChanged: () => void }) {
  const [showAll, setShowAll] = useState(false);
  const [editing, setEditing] = useState<OwnReview | null>(null);
  const [deleting, setDeleting] = useState<OwnReview | null>(null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const edit = (review: OwnReview) => {
    setDialogsWanted(true);
    setEditing(review);
  };
  const remove = (review: OwnReview) => {
    setDialogsWanted(true);
    setDeleting(review);
  };
  const total = Object.values(salon.ratingDistribution).reduce((a, b) => a + b, 0);
  const list = showAll ? salon.reviews : salon.reviews.slice(0, REVIEWS_SHOWN);
  if (!salon.reviewCount && !salon.reviews.length) {
    return <p className="text-sm text-ink-500">No reviews yet. Be the first to book and share your experience.</p>;
  }
  return (
    <div className="grid gap-8 md:grid-cols-[15rem_1fr]">
      <div data-testid="rating-summary">
        <p className="text-5xl font-bold text-ink-900">{formatRating(salon.rating)}</p>
        <Stars rating={salon.rating} className="mt-1" />
        <p className="mt-1 text-sm text-ink-500">{plural(salon.reviewCount, 'review')}</p>
        <ul className="mt-4 space-y-1.5" aria-label="Rating distribution">
          {([5, 4, 3, 2, 1] as const).map((n) => {
            const count = salon.ratingDistribution[n];
            const pct = total ? Math.round((count / total) * 100) : 0;
            return (
              <li key={n} className="flex items-center gap-2 text-xs text-ink-500">
                <span className="flex w-6 items-center gap-0.5">
                  {n}
                  <StarIcon className="size-3 text-gold-500" />
                </span>
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-blush-100">
                  <span className="block h-full rounded-full bg-gold-500" style={{ width: `${pct}%` }} />
                </span>
                <span className="w-6 text-right">{count}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <div>
        <ul className="divide-y divide-blush-100">
          {list.map((r) => (
            <li key={r._id} className="py-4 first:pt-0" data-testid="review">
              <div className="flex items-center justify-between gap-3">
                <div className="flex items-center gap-2.5">
                  <span className="flex size-9 items-center justify-center rounded-full bg-plum-100 text-sm font-semibold text-plum-800">
                    {r.userName.charAt(0)}
                  </span>
                  <div>
                    <p className="text-sm font-semibold text-ink-900">{r.userName}</p>
                    <p className="text-xs text-ink-500">{longDate(r.createdAt)}</p>
                  </div>
                </div>
                <Stars rating={r.rating} />
              </div>
              {r.comment && <p className="mt-2 text-sm leading-relaxed text-ink-700">{r.comment}</p>}
              {r.mine && (
                <p className="mt-1 flex items-center gap-1 text-xs text-ink-500" data-testid="my-review">
                  Your review
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => edit({ _id: r._id, rating: r.rating, comment: r.comment })}
                    data-testid="edit-review"
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => remove({ _id: r._id, rating: r.rating, comment: r.comment })}
                    data-testid="delete-review"
                  >
                    Delete
                  </Button>
                </p>
              )}
              {r.response && (
                <div className="mt-3 rounded-xl border-l-4 border-plum-300 bg-plum-50/70 px-4 py-3" data-testid="owner-response">
                  <p className="text-xs font-semibold text-plum-800">Response from the owner · {longDate(r.response.responseDate)}</p>
                  <p className="mt-1 text-sm text-ink-700">{r.response.text}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
        {salon.reviews.length > REVIEWS_SHOWN && (
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setShowAll((v) => !v)}>
            {showAll ? 'Show fewer reviews' : `Show all ${salon.reviews.length} reviews`}
          </Button>
        )}
      </div>
      {dialogsWanted && (
        <Suspense fallback={null}>
          <ReviewDialog
            key={editing?._id ?? 'none'}
            booking={null}
            existing={editing}
            subtitle={salon.shop_Name}
            onClose={() => setEditing(null)}
            onReviewed={onChanged}
          />
          <DeleteReviewDialog review={deleting} onClose={() => setDeleting(null)} onDeleted={onChanged} />
        </Suspense>
      )}
    </div>
  );
}

function Hours({ salon }: { salon: MerchantDetailWire }) {
  const today = salonNow(salon.timeZone).weekday;
  return (
    <ul className="space-y-1.5 text-sm" data-testid="opening-hours">
      {salon.openingHours.map((d) => (
        <li key={d.name} className={`flex justify-between gap-4 ${d.name === today ? 'font-semibold text-ink-900' : 'text-ink-700'}`}>
          <span>{d.name}</span>
          <span>{d.enabled ? `${formatClock(d.openTime)} - ${formatClock(d.closeTime)}` : 'Closed'}</span>
        </li>
      ))}
    </ul>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} className="scroll-mt-32 border-t border-blush-200/70 py-8 first:border-0 first:pt-0">
      <h2 className="mb-4 text-xl font-bold tracking-tight text-ink-900">{title}</h2>
      {children}
    </section>
  );
}

function DetailsSkeleton() {
  return (
    <PageContainer>
      <div className="aspect-[21/9] animate-pulse rounded-3xl bg-blush-200/70" />
      <div className="mt-6 h-8 w-1/3 animate-pulse rounded-lg bg-blush-200/70" />
      <div className="mt-3 h-4 w-1/2 animate-pulse rounded bg-blush-200/70" />
      <div className="mt-8 h-64 animate-pulse rounded-2xl bg-blush-100" />
    </PageContainer>
  );
}

export default function SalonDetails({ params }: { params: { id: string } }) {
  const id = params.id;
  const validId = /^[0-9a-f-]{36}$/i.test(id);
  const query = trpc.merchants.getMerchantById.useQuery({ id }, { enabled: validId });
  const salon = query.data?.merchant;
  const [photo, setPhoto] = useState<number | null>(null);
  // Signed-in layouts have a mobile tab bar; the booking bar sits above it.
  const hasTabBar = Boolean(useAtomValue(sessionAtom).userType);
  const [, navigate] = useLocation();
  usePageTitle(salon?.shop_Name ?? 'Salon');

  useEffect(() => {
    if (!salon || !salon.isPublished) return;
    const cover = salon.shop_Images.find((i) => i.isCover) ?? salon.shop_Images[0];
    recordRecentlyViewed({
      id: salon._id,
      name: salon.shop_Name,
      image: cover?.url ?? null,
      price: salon.lowestPrice ?? 0,
      rating: salon.rating,
      location: [salon.Shop_Address, salon.City].filter(Boolean).join(', '),
      services: salon.services.map((s) => s.name),
    });
  }, [salon]);

  const images = useMemo(() => (salon ? [...salon.shop_Images].sort((a, b) => Number(b.isCover) - Number(a.isCover)) : []), [salon]);

  if (validId && query.isPending) return <DetailsSkeleton />;
  if (!validId || query.isError || !salon) {
    const missing = !validId || httpStatusOf(query.error) === 404;
    return (
      <PageContainer>
        <EmptyState
          title={missing ? 'Salon not found' : "We couldn't load this salon"}
          description={
            missing
              ? 'This salon may have been removed or is not published yet.'
              : errorMessage(query.error, 'Something went wrong. Please try again.')
          }
          action={
            missing ? (
              <Link href="/salons" className={buttonClasses('primary', 'md')}>
                Browse salons
              </Link>
            ) : (
              <Button onClick={() => void query.refetch()}>Try again</Button>
            )
          }
        />
      </PageContainer>
    );
  }

  const status = openStatus(salon);
  const coords = salon.location ? { lng: salon.location.coordinates[0], lat: salon.location.coordinates[1] } : null;
  const address = [salon.Shop_Address, salon.City, salon.State].filter(Boolean).join(', ');
  const mapsHref = coords
    ? `https://www.google.com/maps/search/?api=1&query=${coords.lat},${coords.lng}`
    : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${salon.shop_Name}, ${address}`)}`;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-28 sm:px-6 lg:px-8 lg:pb-12">
      <button
        type="button"
        onClick={() => (window.history.length > 1 ? window.history.back() : navigate('/salons'))}
        className="mb-3 inline-flex items-center gap-1.5 text-sm font-semibold text-plum-700 hover:text-plum-900"
      >
        <ArrowLeftIcon className="size-4" />
        Back
      </button>

      {!salon.isPublished && (
        <p className="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Preview: this salon is not published yet, so customers cannot see it.
        </p>
      )}

      <Gallery salon={salon} onOpen={setPhoto} />

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          <header>
            <div className="flex flex-wrap gap-1.5">
              {salon.shop_type.map((t) => (
                <span key={t} className="rounded-full bg-plum-50 px-2.5 py-0.5 text-xs font-semibold text-plum-800 ring-1 ring-plum-200">
                  {shopTypeLabel(t)}
                </span>
              ))}
              <span className="rounded-full bg-blush-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700 capitalize">
                {salon.gender === 'unisex' ? 'Unisex' : `${salon.gender} only`}
              </span>
              {salon.isSponsored && (
                <span className="rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-semibold text-gold-700">Featured</span>
              )}
            </div>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl" data-testid="salon-name">
              {salon.shop_Name}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm">
              <a href="#reviews" className="hover:underline">
                <RatingPill rating={salon.rating} reviews={salon.reviewCount} />
              </a>
              <span className={`font-semibold ${status.open ? 'text-emerald-700' : 'text-ink-500'}`}>{status.text}</span>
              <span className="flex items-center gap-1 text-ink-500">
                <MapPinIcon className="size-4" />
                {salon.Shop_Address}, {salon.City}
              </span>
            </div>
            {salon.promotionMessage && (
              <p className="mt-3 inline-flex rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-700">{salon.promotionMessage}</p>
            )}
          </header>

          {/*
            Opaque, and wider than the column by more than the category chips' own bleed (-mx-1), so
            nothing scrolling under the stuck bar shows through it or past its ends.
          */}
          <nav
            aria-label="Salon sections"
            className="sticky top-16 z-20 -mx-4 mt-6 flex gap-1 overflow-x-auto border-b border-blush-200/70 bg-cream px-4 [scrollbar-width:none] sm:-mx-2 sm:px-2"
          >
            {[
              ['services', 'Services'],
              ['team', 'Team'],
              ['reviews', 'Reviews'],
              ['about', 'About'],
            ].map(([anchor, label]) => (
              <a
                key={anchor}
                href={`#${anchor}`}
                className="shrink-0 border-b-2 border-transparent px-3 py-3 text-sm font-semibold text-ink-500 hover:border-plum-300 hover:text-plum-800"
              >
                {label}
              </a>
            ))}
          </nav>

          <div className="mt-6">
            <Section id="services" title="Services">
              <Services salon={salon} />
              <SalonOffers merchantId={salon._id} salonName={salon.shop_Name} />
            </Section>
            <Section id="team" title="Team">
              <Team salon={salon} />
            </Section>
            <Section id="reviews" title="Reviews">
              <Reviews salon={salon} onChanged={() => void query.refetch()} />
            </Section>
            <Section id="about" title="About">
              {salon.description && <p className="leading-relaxed text-ink-700">{salon.description}</p>}
              {salon.amenities.length > 0 && (
                <>
                  <h3 className="mt-6 mb-3 font-semibold text-ink-900">Amenities</h3>
                  <ul className="grid gap-2 sm:grid-cols-2">
                    {salon.amenities.map((a) => (
                      <li key={a} className="flex items-center gap-2 text-sm text-ink-700">
                        <CheckCircleIcon className="size-5 text-emerald-600" />
                        {a}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:hidden">
                <div>
                  <h3 className="mb-3 font-semibold text-ink-900">Opening hours</h3>
                  <Hours salon={salon} />
                </div>
                <LocationBlock address={address} coords={coords} mapsHref={mapsHref} salon={salon} />
              </div>
            </Section>
          </div>
        </div>

        <aside className="hidden lg:block">
          <div className="sticky top-20 space-y-4">
            <div className="rounded-2xl border border-blush-200/70 bg-white p-5 shadow-soft">
              <p className="text-sm text-ink-500">Prices</p>
              <p className="text-2xl font-bold text-plum-800">{fromPrice(salon.lowestPrice)}</p>
              <Link href={bookingPath(salon._id)} className={buttonClasses('primary', 'lg', 'mt-4 w-full')} data-testid="book-now">
                Book now
              </Link>
              <p className="mt-3 text-center text-xs text-ink-500">Free cancellation up to 2 hours before</p>
            </div>
            <div className="rounded-2xl border border-blush-200/70 bg-white p-5 shadow-soft">
              <h3 className="mb-3 font-semibold text-ink-900">Opening hours</h3>
              <Hours salon={salon} />
            </div>
            <div className="rounded-2xl border border-blush-200/70 bg-white p-5 shadow-soft">
              <LocationBlock address={address} coords={coords} mapsHref={mapsHref} salon={salon} />
            </div>
          </div>
        </aside>
      </div>

      {/* data-action-bar keeps the chat toggle above this bar (ChatLauncher's ACTION_BAR_ATTR). */}
      <div
        data-action-bar=""
        className={`fixed inset-x-0 z-30 border-t border-blush-200 bg-white px-4 py-3 lg:hidden ${hasTabBar ? 'bottom-(--tab-bar-height) nav:bottom-0' : 'bottom-0'}`}
      >
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
          <div>
            <p className="text-xs text-ink-500">{plural(salon.services.length, 'service')}</p>
            <p className="font-bold text-plum-800">{fromPrice(salon.lowestPrice)}</p>
          </div>
          <Link href={bookingPath(salon._id)} className={buttonClasses('primary', 'lg', 'px-8')} data-testid="book-now-mobile">
            Book now
          </Link>
        </div>
      </div>

      <Modal open={photo !== null} onClose={() => setPhoto(null)} title={`${salon.shop_Name} photos`} size="xl">
        <div className="space-y-3">
          {photo !== null && images[photo] && (
            <img
              src={images[photo].url}
              alt={`${salon.shop_Name} photo ${photo + 1}`}
              width={1200}
              height={800}
              className="w-full rounded-2xl object-cover"
            />
          )}
          <div className="flex gap-2 overflow-x-auto pb-1">
            {images.map((img, i) => (
              <button
                key={img._id}
                type="button"
                onClick={() => setPhoto(i)}
                aria-label={`Photo ${i + 1}`}
                className={`shrink-0 overflow-hidden rounded-lg ring-2 ${i === photo ? 'ring-plum-600' : 'ring-transparent'}`}
              >
                <img src={img.url} alt="" width={120} height={80} loading="lazy" className="h-16 w-24 object-cover" />
              </button>
            ))}
          </div>
        </div>
      </Modal>
    </div>
  );
}

function LocationBlock({
  address,
  coords,
  mapsHref,
  salon,
}: {
  address: string;
  coords: { lat: number; lng: number } | null;
  mapsHref: string;
  salon: MerchantDetailWire;
}) {
  return (
    <div data-testid="salon-location">
      <h3 className="mb-3 font-semibold text-ink-900">Location</h3>
      <p className="flex items-start gap-2 text-sm text-ink-700">
        <MapPinIcon className="mt-0.5 size-4 shrink-0 text-plum-600" />
        {address}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={mapsHref} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
          Open in Maps
        </a>
        {coords && (
          <a href={`geo:${coords.lat},${coords.lng}`} className={buttonClasses('ghost', 'sm')}>
            Open in map app
          </a>
        )}
      </div>
      {(salon.phone || salon.official_Email) && (
        <div className="mt-4 space-y-1.5 text-sm">
          {salon.phone && (
            <a href={`tel:+91${salon.phone}`} className="block font-medium text-plum-700 hover:underline">
              +91 {salon.phone.replace(/(\d{5})(\d{5})/, '$1 $2')}
            </a>
          )}
          {salon.official_Email && (
            <a href={`mailto:${salon.official_Email}`} className="flex items-center gap-1.5 font-medium text-plum-700 hover:underline">
              <MailIcon className="size-4" />
              {salon.official_Email}
            </a>
          )}
        </div>
      )}
      {salon.socialLinks.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={`${salon.shop_Name} on social media`} data-testid="salon-social-links">
          {salon.socialLinks.map((l) => (
            <li key={l.network}>
              <a
                href={l.url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('outline', 'sm')}
                data-testid={`salon-social-${l.network}`}
              >
                {SOCIAL_NETWORK_LABEL[l.network]}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
