import { memo, useDeferredValue, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { HOME_LIST_SIZE } from '../../../shared/pageData';
import type { MerchantCardWire } from '../../../shared/schemas/discovery';
import { MapPinIcon, SparkleIcon, TagIcon } from '../../components/icons';
import { Button, buttonClasses } from '../../components/ui/Button';
import { toast } from '../../components/ui/Toast';
import { longDate } from '../../lib/dates';
import { trpc } from '../../trpc';
import { LazyNewsletterForm as NewsletterForm } from '../newsletter/LazyNewsletterForm';
import { AppDownload } from './AppDownload';
import { formatDuration, fromPrice, plural } from './format';
import { Stars } from './Rating';
import { type RecentlyViewedSalon, recordRecentlyViewed, useRecentlyViewed } from './recentlyViewed';
import { SalonCard, SalonCardSkeleton, SalonImage } from './SalonCard';
import { ScrollRow } from './ScrollRow';

export interface HomeSectionsProps {
  /** The customer's position from the location pin (or stored from an earlier visit). */
  position: { lat: number; lng: number } | null;
  /** The city the customer chose, for Nearby You when there is no position. */
  city: string;
  onChooseCity: (city: string) => void;
  /** Runs a search for a service or a place. */
  onSearch: (patch: { service?: string; location?: string }) => void;
}

const LOAD_FAILED = 'Failed to load services';

function Skeletons({ count = 4 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <SalonCardSkeleton key={i} />
      ))}
    </>
  );
}

function SalonRow({ salons, sponsored }: { salons: MerchantCardWire[]; sponsored?: boolean }) {
  return (
    <>
      {salons.map((s) => (
        <SalonCard key={s._id} salon={s} sponsored={sponsored} />
      ))}
    </>
  );
}

function RowEmpty({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-40 w-full items-center justify-center rounded-2xl border border-dashed border-blush-300 bg-white/60 px-6 text-center text-sm text-ink-500">
      {children}
    </div>
  );
}

/**
 * A section whose data did not load: it says so where the section is, with Try again (the toast
 * goes away; this stays until the data comes).
 */
function RowError({ what, onRetry, retrying }: { what: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex min-h-40 w-full flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-red-200 bg-red-50/60 px-6 text-center text-sm text-red-800"
      data-testid="section-error"
    >
      <p>We couldn't load {what}.</p>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying} data-testid="section-retry">
        Try again
      </Button>
    </div>
  );
}

/** The error row for a query, or null while it has not failed. */
function failedRow(q: { isError: boolean; isFetching: boolean; refetch: () => unknown }, what: string) {
  return q.isError ? <RowError what={what} onRetry={() => void q.refetch()} retrying={q.isFetching} /> : null;
}

function RecentCard({ salon }: { salon: RecentlyViewedSalon }) {
  return (
    <Link
      href={`/salon/${salon.id}`}
      onClick={() => recordRecentlyViewed(salon)}
      data-testid="recent-card"
      className="group flex w-64 shrink-0 snap-start items-center gap-3 rounded-2xl border border-blush-200/70 bg-white p-3 shadow-soft transition hover:shadow-lift"
    >
      <SalonImage src={salon.image} alt={salon.name} className="size-16 shrink-0 rounded-xl" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink-900 group-hover:text-plum-800">{salon.name}</p>
        <p className="truncate text-xs text-ink-500">{salon.location}</p>
        <p className="mt-1 text-xs font-semibold text-plum-800">{fromPrice(salon.price)}</p>
      </div>
    </Link>
  );
}

function useHomeQueries(position: HomeSectionsProps['position'], city: string) {
  const trending = trpc.users.getTrendingServices.useQuery({});
  const offers = trpc.users.getSpecialOffers.useQuery({});
  const nearbyInput = position ? { lat: position.lat, lng: position.lng, limit: HOME_LIST_SIZE } : { city, limit: HOME_LIST_SIZE };
  const nearby = trpc.users.getNearby.useQuery(nearbyInput, { enabled: Boolean(position || city) });
  const recommended = trpc.users.getRecommended.useQuery({ limit: HOME_LIST_SIZE });
  const sponsored = trpc.users.getSponsoredShops.useQuery(position ? { lat: position.lat, lng: position.lng } : {});
  const testimonials = trpc.testimonials.getTestimonials.useQuery({});
  const categories = trpc.categories.listCategories.useQuery({}, { staleTime: 10 * 60_000 });
  const locations = trpc.locations.getLocations.useQuery({});
  return { trending, offers, nearby, recommended, sponsored, testimonials, categories, locations };
}

type HomeQueries = ReturnType<typeof useHomeQueries>;

/**
 * Everything below the hero. Loaded after the hero paints so the home route's first chunk stays small.
 * The rows render from a deferred copy of the queries: when the answers arrive, React builds the
 * dozens of cards in short slices in the background instead of one long task (Lighthouse's Total
 * Blocking Time).
 */
export default function HomeSections({ position, city, onChooseCity, onSearch }: HomeSectionsProps) {
  const queries = useHomeQueries(position, city);
  const recent = useRecentlyViewed();
  const { trending, recommended, categories } = queries;

  const failed = trending.isError || recommended.isError || categories.isError;
  const toastShown = useRef(false);
  useEffect(() => {
    if (failed && !toastShown.current) {
      toastShown.current = true;
      toast.error(LOAD_FAILED);
    }
  }, [failed]);

  const shown = useDeferredValue({ queries, recent });
  return (
    <Sections
      queries={shown.queries}
      recent={shown.recent}
      located={position !== null}
      city={city}
      onChooseCity={onChooseCity}
      onSearch={onSearch}
    />
  );
}

interface SectionsProps extends Pick<HomeSectionsProps, 'city' | 'onChooseCity' | 'onSearch'> {
  queries: HomeQueries;
  recent: RecentlyViewedSalon[];
  /** The customer shared a position (Nearby You lists the closest salons). */
  located: boolean;
}

const Sections = memo(function Sections({ queries, recent, located, city, onChooseCity, onSearch }: SectionsProps) {
  const { trending, offers, nearby, recommended, sponsored, testimonials, categories, locations } = queries;
  const offerList = offers.data?.data.offers ?? [];
  const sponsoredList = sponsored.data?.data.sponsoredShops ?? [];
  const cityChoices = (locations.data ?? []).filter((l) => l.kind === 'city').slice(0, 6);
  const uniqueCategories = (categories.data ?? []).filter((c, i, all) => all.findIndex((x) => x.name === c.name) === i);

  return (
    <div className="pb-4">
      <ScrollRow title="Trending Services" subtitle="What customers booked most this week" testId="section-trending">
        {trending.isPending && <Skeletons />}
        {failedRow(trending, 'trending services')}
        {trending.data?.data.services.length === 0 && <RowEmpty>No bookings yet this week. Check back soon.</RowEmpty>}
        {trending.data?.data.services.map((s) => (
          <button
            key={s._id}
            type="button"
            onClick={() => onSearch({ service: s.serviceName })}
            data-testid="trending-card"
            className="group w-52 shrink-0 snap-start overflow-hidden rounded-2xl border border-blush-200/70 bg-white text-left shadow-soft transition hover:-translate-y-0.5 hover:shadow-lift"
          >
            <div className="relative aspect-square overflow-hidden">
              <img
                src={s.images[0] ?? ''}
                alt=""
                width={400}
                height={400}
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
              />
              <span className="absolute top-2.5 left-2.5 inline-flex items-center gap-1 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-rose-600 shadow-soft">
                <SparkleIcon className="size-3" />
                {s.bookingCount} this week
              </span>
            </div>
            <div className="p-3.5">
              <h3 className="line-clamp-1 font-semibold text-ink-900 group-hover:text-plum-800">{s.serviceName}</h3>
              <p className="mt-1 flex items-center justify-between text-sm">
                <span className="font-semibold text-plum-800">{fromPrice(s.price)}</span>
                <span className="text-xs text-ink-500">{formatDuration(s.duration)}</span>
              </p>
            </div>
          </button>
        ))}
      </ScrollRow>

      {(offerList.length > 0 || offers.isError) && (
        <ScrollRow title="Special Offers" subtitle="Coupons you can use on your next booking" testId="section-offers">
          {failedRow(offers, 'the offers')}
          {offerList.map((o, i) => (
            <Link
              key={o._id}
              href={`/special-offer/${o._id}`}
              data-testid="offer-card"
              className={`relative flex w-72 shrink-0 snap-start flex-col overflow-hidden rounded-2xl p-5 text-white shadow-soft transition hover:shadow-lift sm:w-80 ${
                [
                  'bg-gradient-to-br from-plum-800 to-rose-500',
                  'bg-gradient-to-br from-rose-600 to-gold-500',
                  'bg-gradient-to-br from-plum-950 to-plum-600',
                ][i % 3]
              }`}
            >
              <span aria-hidden="true" className="absolute -top-10 -right-10 size-32 rounded-full bg-white/10" />
              <p className="text-3xl font-extrabold tracking-tight">{o.discount}</p>
              <p className="mt-1 font-semibold">{o.title}</p>
              <p className="mt-1 line-clamp-2 text-sm text-white/80">{o.description}</p>
              <div className="mt-4 flex items-center justify-between gap-2">
                <span className="inline-flex items-center gap-1.5 rounded-lg border border-dashed border-white/60 px-2.5 py-1 font-mono text-sm font-bold tracking-wider">
                  <TagIcon className="size-3.5" />
                  {o.code}
                </span>
                <span className="truncate text-xs text-white/80">{o.name}</span>
              </div>
              <p className="mt-2 text-xs text-white/70">{o.offerText}</p>
            </Link>
          ))}
        </ScrollRow>
      )}

      <ScrollRow
        title="Nearby You"
        subtitle={located ? 'Closest to where you are' : city ? `Salons in and around ${city}` : 'Share your location or pick a city'}
        testId="section-nearby"
      >
        {!located && !city ? (
          <div className="flex w-full flex-wrap items-center gap-2 rounded-2xl border border-dashed border-blush-300 bg-white/60 px-5 py-6">
            <MapPinIcon className="size-5 text-plum-500" />
            <span className="mr-2 text-sm text-ink-700">Use the location pin above, or choose a city:</span>
            {cityChoices.map((l) => (
              <button
                key={l._id}
                type="button"
                onClick={() => onChooseCity(l.name)}
                className="rounded-full border border-blush-200 bg-white px-3.5 py-1.5 text-sm font-medium text-ink-700 hover:border-plum-300 hover:text-plum-800"
              >
                {l.name}
              </button>
            ))}
          </div>
        ) : nearby.isError ? (
          failedRow(nearby, 'salons near you')
        ) : nearby.isPending ? (
          <Skeletons />
        ) : nearby.data?.data.merchants.length ? (
          <SalonRow salons={nearby.data.data.merchants} />
        ) : (
          <RowEmpty>No salons found near you yet. Try another city.</RowEmpty>
        )}
      </ScrollRow>

      <ScrollRow title="Recommended" subtitle="Top rated by customers like you" testId="section-recommended">
        {recommended.isError ? (
          failedRow(recommended, 'recommended salons')
        ) : recommended.isPending ? (
          <Skeletons />
        ) : (
          <SalonRow salons={recommended.data?.data.merchants ?? []} />
        )}
      </ScrollRow>

      {(sponsoredList.length > 0 || sponsored.isError) && (
        <ScrollRow title="Sponsored" subtitle="Promoted salons with offers this week" testId="section-sponsored">
          {failedRow(sponsored, 'sponsored salons')}
          <SalonRow salons={sponsoredList} sponsored />
        </ScrollRow>
      )}

      {recent.length > 0 && (
        <ScrollRow title="Recently viewed" testId="section-recent">
          {recent.map((s) => (
            <RecentCard key={s.id} salon={s} />
          ))}
        </ScrollRow>
      )}

      <ScrollRow title="What Our Customers Say" testId="section-testimonials">
        {testimonials.isPending && <Skeletons count={3} />}
        {failedRow(testimonials, 'what customers say')}
        {testimonials.data?.map((t) => (
          <figure
            key={t._id}
            className="flex w-80 shrink-0 snap-start flex-col rounded-2xl border border-blush-200/70 bg-white p-5 shadow-soft"
          >
            <Stars rating={t.rating} />
            <p className="mt-3 font-semibold text-ink-900">{t.title}</p>
            <blockquote className="mt-1.5 line-clamp-4 flex-1 text-sm leading-relaxed text-ink-700">“{t.content}”</blockquote>
            <figcaption className="mt-4 flex items-center gap-3">
              {t.avatar ? (
                <img src={t.avatar} alt="" width={40} height={40} loading="lazy" className="size-10 rounded-full object-cover" />
              ) : (
                <span className="flex size-10 items-center justify-center rounded-full bg-plum-100 font-semibold text-plum-800">
                  {t.name.charAt(0)}
                </span>
              )}
              <span>
                <span className="block text-sm font-semibold text-ink-900">{t.name}</span>
                <span className="block text-xs text-ink-500">{longDate(t.createdAt)}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </ScrollRow>

      <AppDownload />

      <section className="mx-auto mt-12 max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start justify-between gap-6 overflow-hidden rounded-3xl bg-gradient-to-r from-plum-800 to-plum-600 px-6 py-8 text-white shadow-lift sm:flex-row sm:items-center sm:px-10">
          <div>
            <p className="text-xs font-semibold tracking-widest text-gold-300 uppercase">For salon owners</p>
            <h2 className="mt-1 text-2xl font-bold">Grow your business with GlowBook</h2>
            <p className="mt-1 max-w-lg text-sm text-plum-100">
              Join <strong className="text-white">5286 businesses</strong> that fill their chairs with online bookings, QR check-ins and
              smart reminders.
            </p>
          </div>
          <Link href="/merchantonBoarding" className={buttonClasses('onDark', 'lg')}>
            List your business
          </Link>
        </div>
      </section>

      <ScrollRow title="Browse by Category" testId="section-categories">
        {categories.isPending && <Skeletons />}
        {failedRow(categories, 'the categories')}
        {uniqueCategories.map((c) => (
          <button
            key={c._id}
            type="button"
            onClick={() => onSearch({ service: c.name })}
            data-testid="category-card"
            className="group w-40 shrink-0 snap-start text-left"
          >
            <div className="aspect-square overflow-hidden rounded-2xl shadow-soft">
              {c.image ? (
                <img
                  src={c.image}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover transition duration-300 group-hover:scale-105"
                />
              ) : (
                <div className="size-full bg-gradient-to-br from-plum-200 to-rose-100" />
              )}
            </div>
            <p className="mt-2 font-semibold text-ink-900 group-hover:text-plum-800">{c.name}</p>
            <p className="text-xs text-ink-500">{plural(c.count, 'salon')}</p>
          </button>
        ))}
      </ScrollRow>

      <ScrollRow title="Popular Locations" testId="section-locations">
        {locations.isPending && <Skeletons count={3} />}
        {failedRow(locations, 'popular locations')}
        {(locations.data ?? []).map((l) => (
          <button
            key={l._id}
            type="button"
            onClick={() => onSearch({ location: l.name })}
            data-testid="location-card"
            className="flex w-56 shrink-0 snap-start items-center gap-3 rounded-2xl border border-blush-200/70 bg-white p-4 text-left shadow-soft transition hover:border-plum-200 hover:shadow-lift"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-plum-100 to-rose-100 text-plum-700">
              <MapPinIcon className="size-5" />
            </span>
            <span className="min-w-0">
              <span className="block truncate font-semibold text-ink-900">{l.name}</span>
              <span className="block truncate text-xs text-ink-500">
                {l.kind === 'locality' ? `${l.city} · ` : ''}
                {plural(l.count, 'salon')}
              </span>
            </span>
          </button>
        ))}
      </ScrollRow>

      <section className="mx-auto mt-12 max-w-7xl px-4 sm:px-6 lg:px-8" data-testid="section-newsletter">
        <div className="grid items-center gap-6 rounded-3xl border border-blush-200 bg-gradient-to-br from-blush-100 via-white to-rose-50 px-6 py-8 sm:px-10 md:grid-cols-2">
          <div>
            <h2 className="text-2xl font-bold tracking-tight text-ink-900">Subscribe to our newsletter</h2>
            <p className="mt-1 text-sm text-ink-500">
              Get beauty tips, new salons and exclusive offers in your inbox. No spam, unsubscribe any time.
            </p>
          </div>
          <NewsletterForm tone="light" />
        </div>
      </section>
    </div>
  );
});
