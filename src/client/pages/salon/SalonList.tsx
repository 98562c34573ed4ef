import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { shopTypeLabel } from '../../../shared/constants';
import type { MerchantCardWire, SortOption } from '../../../shared/schemas/discovery';
import {
  countActiveFilters,
  EMPTY_FILTERS,
  filtersToQuery,
  LIST_PAGE_SIZE,
  queryToFilters,
  type SearchFilters,
  toSearchInput,
} from '../../../shared/searchFilters';
import { CloseIcon, MapPinIcon, SearchIcon } from '../../components/icons';
import { Button, buttonClasses } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import {
  AVAILABILITY_OPTIONS,
  EXPERIENCE_OPTIONS,
  PRICE_TIER_OPTIONS,
  SORT_CHOICES,
  TIME_WINDOW_OPTIONS,
} from '../../features/discovery/constants';
import { formatDistance, formatINR, fromPrice, plural } from '../../features/discovery/format';
import { RatingPill } from '../../features/discovery/Rating';
import { recordRecentlyViewed } from '../../features/discovery/recentlyViewed';
import { recentEntryOf, SalonImage } from '../../features/discovery/SalonCard';
import { DateField, LocationField, ServiceField, TimeWindowField } from '../../features/discovery/SearchFields';
import { storedPosition } from '../../features/discovery/useGeolocation';
import { longDate } from '../../lib/dates';
import { useBrowserValue } from '../../lib/hydration';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorMessage, trpc } from '../../trpc';

const FiltersPanel = lazy(() => import('../../features/discovery/FiltersPanel'));

/** A service's price as the customer pays it, with the list price struck through beside it when discounted. */
export function ServicePrice({ price, finalPrice }: { price: number; finalPrice: number }) {
  const discounted = finalPrice < price;
  return (
    <span className="flex shrink-0 items-baseline gap-1.5" data-testid="card-service-price">
      {discounted && (
        <>
          <span className="sr-only">List price</span>
          <s className="text-xs text-ink-400">{formatINR(price)}</s>
          <span className="sr-only">, you pay</span>
        </>
      )}
      <span className={discounted ? 'font-semibold text-emerald-700' : 'font-medium text-ink-900'}>{formatINR(finalPrice)}</span>
    </span>
  );
}

function ResultCard({ salon, first = false }: { salon: MerchantCardWire; first?: boolean }) {
  const distance = formatDistance(salon.distanceInKm);
  const open = () => recordRecentlyViewed(recentEntryOf(salon));
  const shown = salon.services.slice(0, 3);
  const more = salon.serviceCount - shown.length;
  // "Book" starts the booking with the service the customer searched for, when the salon has it.
  const searched = salon.services.find((s) => s.matched);
  const bookHref = `/salon/${salon._id}/booking/select${searched ? `?service=${searched._id}` : ''}`;
  return (
    <article
      className="group grid overflow-hidden rounded-2xl border border-blush-200/70 bg-white shadow-soft transition hover:shadow-lift sm:grid-cols-[15rem_1fr] lg:grid-cols-[19rem_1fr_18rem]"
      data-testid="salon-result"
    >
      <Link
        href={`/salon/${salon._id}`}
        onClick={open}
        className="relative block overflow-hidden sm:row-span-2 lg:row-span-1"
        tabIndex={-1}
        aria-hidden="true"
      >
        <SalonImage
          src={salon.image}
          alt={salon.shop_Name}
          priority={first}
          className="aspect-[2/1] size-full transition duration-300 group-hover:scale-[1.03] sm:aspect-auto lg:aspect-[3/2]"
        />
        {salon.isSponsored && (
          <span className="absolute top-2.5 left-2.5 rounded-md bg-ink-900/80 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-white uppercase">
            Ad
          </span>
        )}
        {distance && (
          <span className="absolute top-2.5 right-2.5 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-ink-700 shadow-soft">
            {distance}
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-col p-4 sm:p-5">
        <h2 className="text-lg leading-snug font-semibold text-ink-900">
          <Link href={`/salon/${salon._id}`} onClick={open} className="hover:text-plum-800" data-testid="salon-result-link">
            {salon.shop_Name}
          </Link>
        </h2>
        <div className="mt-1">
          <RatingPill rating={salon.rating} reviews={salon.reviewCount} />
        </div>
        <p className="mt-1.5 flex items-start gap-1 text-sm text-ink-500">
          <MapPinIcon className="mt-0.5 size-3.5 shrink-0" />
          <span className="line-clamp-2">
            {salon.Shop_Address}, {salon.City}
          </span>
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-1.5 text-xs">
          {salon.shop_type.map((t) => (
            <span key={t} className="rounded-full bg-blush-100 px-2 py-0.5 font-medium text-ink-700">
              {shopTypeLabel(t)}
            </span>
          ))}
          {salon.gender && salon.gender !== 'unisex' && (
            <span className="rounded-full bg-blush-100 px-2 py-0.5 font-medium text-ink-700 capitalize">{salon.gender} only</span>
          )}
          {salon.promotionMessage && (
            <span className="rounded-full bg-rose-50 px-2 py-0.5 font-medium text-rose-700">{salon.promotionMessage}</span>
          )}
        </div>
      </div>
      <div className="flex min-w-0 flex-col border-blush-100 px-4 pb-4 sm:col-start-2 sm:px-5 sm:pb-5 lg:col-start-3 lg:border-l lg:py-5">
        {shown.length > 0 && (
          <ul className="space-y-1.5" aria-label={`Services at ${salon.shop_Name}`}>
            {shown.map((s) => (
              <li
                key={s._id}
                className="flex items-center justify-between gap-3 text-sm"
                data-testid="card-service"
                data-matched={s.matched || undefined}
              >
                <span className={s.matched ? 'truncate font-medium text-plum-800' : 'truncate text-ink-700'}>{s.name}</span>
                <ServicePrice price={s.price} finalPrice={s.finalPrice} />
              </li>
            ))}
          </ul>
        )}
        {more > 0 && <p className="mt-1.5 text-xs font-medium text-plum-700">+{more} more services</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-2 pt-4">
          <p className="font-semibold whitespace-nowrap text-plum-800" data-testid="card-price">
            {fromPrice(salon.lowestPrice)}
          </p>
          <div className="ml-auto flex gap-2">
            <Link href={`/salon/${salon._id}`} onClick={open} className={buttonClasses('outline', 'sm')}>
              View
            </Link>
            <Link href={bookHref} onClick={open} className={buttonClasses('primary', 'sm')} data-testid="card-book">
              Book
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}

function ResultSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-blush-200/70 bg-white sm:flex-row" aria-hidden="true">
      <div className="aspect-[3/2] animate-pulse bg-blush-200/70 sm:aspect-auto sm:h-56 sm:w-72" />
      <div className="flex-1 space-y-3 p-5">
        <div className="h-5 w-1/2 animate-pulse rounded bg-blush-200/70" />
        <div className="h-3.5 w-2/3 animate-pulse rounded bg-blush-200/70" />
        <div className="h-20 animate-pulse rounded-xl bg-blush-100" />
      </div>
    </div>
  );
}

/** Numbered pages with Previous/Next; long runs collapse around the current page. */
function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  const numbers = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const item = 'flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-semibold transition';
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-1.5" data-testid="pagination">
      <button
        type="button"
        className={`${item} border border-blush-200 bg-white text-ink-700 hover:border-plum-300 disabled:opacity-40`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      {numbers.map((n, i) => (
        <span key={n} className="flex items-center gap-1.5">
          {i > 0 && n - numbers[i - 1] > 1 && <span className="px-1 text-ink-400">…</span>}
          <button
            type="button"
            aria-current={n === page ? 'page' : undefined}
            className={`${item} ${n === page ? 'bg-plum-700 text-white shadow-soft' : 'border border-blush-200 bg-white text-ink-700 hover:border-plum-300'}`}
            onClick={() => onPage(n)}
          >
            {n}
          </button>
        </span>
      ))}
      <button
        type="button"
        className={`${item} border border-blush-200 bg-white text-ink-700 hover:border-plum-300 disabled:opacity-40`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/** Removable chips for what the URL filters on. */
function activeChips(f: SearchFilters): { key: string; label: string; clear: Partial<SearchFilters> }[] {
  const chips: { key: string; label: string; clear: Partial<SearchFilters> }[] = [];
  if (f.date) chips.push({ key: 'date', label: longDate(f.date), clear: { date: '', availability: '' } });
  else if (f.availability)
    chips.push({
      key: 'availability',
      label: AVAILABILITY_OPTIONS.find((o) => o.value === f.availability)?.label ?? f.availability,
      clear: { availability: '' },
    });
  if (f.time) chips.push({ key: 'time', label: TIME_WINDOW_OPTIONS.find((o) => o.value === f.time)?.label ?? f.time, clear: { time: '' } });
  f.categories.forEach((c) => chips.push({ key: `cat-${c}`, label: c, clear: { categories: f.categories.filter((x) => x !== c) } }));
  if (f.gender !== 'any') chips.push({ key: 'gender', label: f.gender === 'male' ? 'Male' : 'Female', clear: { gender: 'any' } });
  if (f.experience !== 'all')
    chips.push({
      key: 'exp',
      label: EXPERIENCE_OPTIONS.find((o) => o.value === f.experience)?.label ?? f.experience,
      clear: { experience: 'all' },
    });
  f.amenities.forEach((a) => chips.push({ key: `am-${a}`, label: a, clear: { amenities: f.amenities.filter((x) => x !== a) } }));
  if (f.prices)
    chips.push({
      key: 'prices',
      label: PRICE_TIER_OPTIONS.find((o) => o.value === f.prices)?.hint ?? `₹${f.prices}`,
      clear: { prices: '' },
    });
  if (f.ratings) chips.push({ key: 'ratings', label: `★ ${f.ratings}+`, clear: { ratings: '' } });
  if (f.maxDistance !== null) chips.push({ key: 'dist', label: `Within ${f.maxDistance} km`, clear: { maxDistance: null } });
  return chips;
}

export default function SalonList() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const { filters, page } = useMemo(() => queryToFilters(search), [search]);
  const [draft, setDraft] = useState(filters);
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);

  useEffect(() => setDraft(filters), [filters]);

  // The server rendered a visitor's first results without it: read after hydration.
  const fallbackPosition = useBrowserValue(storedPosition, null);
  const input = toSearchInput(filters, page, LIST_PAGE_SIZE, fallbackPosition);
  const results = trpc.merchants.search.useQuery(input, { placeholderData: keepPreviousData });

  const service = filters.service.trim();
  const heading = service ? `${service.charAt(0).toUpperCase()}${service.slice(1)} salons` : 'Salons, spas & parlours';
  usePageTitle(filters.service ? `${filters.service} near ${filters.location || 'you'}` : 'Salons');

  const go = useCallback(
    (next: SearchFilters, nextPage = 1) => {
      const q = filtersToQuery(next, nextPage);
      navigate(q ? `${path}?${q}` : path);
    },
    [navigate, path],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(draft);
  };

  const total = results.data?.data.total ?? 0;
  const merchants = results.data?.data.merchants ?? [];
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const chips = activeChips(filters);
  const activeCount = countActiveFilters(filters);
  const closePanel = useCallback(() => setPanelOpen(false), []);

  return (
    <div>
      <div className="border-b border-blush-200/70 bg-gradient-to-b from-blush-100 to-cream">
        <div className="mx-auto max-w-7xl px-4 pt-6 pb-5 sm:px-6 lg:px-8">
          <form
            onSubmit={onSubmit}
            role="search"
            aria-label="Refine search"
            className="grid gap-2.5 sm:grid-cols-2 lg:grid-cols-[1.3fr_1.3fr_1fr_1fr_auto]"
            data-testid="list-search-form"
          >
            <ServiceField id="list-service" value={draft.service} onChange={(service) => setDraft((d) => ({ ...d, service }))} />
            <LocationField
              id="list-location"
              value={draft.location}
              onChange={(location) => setDraft((d) => ({ ...d, location, lat: null, lng: null }))}
              onLocated={(place) => setDraft((d) => ({ ...d, location: place.label, lat: place.lat, lng: place.lng }))}
            />
            <DateField id="list-date" value={draft.date} onChange={(date) => setDraft((d) => ({ ...d, date, availability: '' }))} />
            <TimeWindowField id="list-time" value={draft.time} onChange={(time) => setDraft((d) => ({ ...d, time }))} />
            <Button type="submit" size="lg" className="h-12 sm:col-span-2 lg:col-span-1" data-testid="list-search-submit">
              <SearchIcon className="size-5" />
              Search
            </Button>
          </form>
        </div>
      </div>

      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl" data-testid="page-title">
              {heading}
            </h1>
            <p className="mt-1 text-sm text-ink-500" aria-live="polite" data-testid="results-count">
              {results.isPending
                ? 'Finding salons...'
                : results.isError
                  ? ' '
                  : `${plural(total, 'salon')} found${filters.location ? ` in ${filters.location}` : ''}`}
            </p>
          </div>
          {/* Wraps at 320 px (400 % zoom), where Filters and the whole Sort select do not fit on one line. */}
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={() => {
                setPanelLoaded(true);
                setPanelOpen(true);
              }}
              data-testid="open-filters"
              className="relative inline-flex h-10 items-center gap-2 rounded-full border border-blush-200 bg-white px-4 text-sm font-semibold text-ink-700 hover:border-plum-300"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="size-4"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
              >
                <path d="M4 6h16M7 12h10M10 18h4" />
              </svg>
              Filters
              {activeCount > 0 && (
                <span
                  className="flex size-5 items-center justify-center rounded-full bg-rose-500 text-[11px] font-bold text-white"
                  data-testid="filters-badge"
                >
                  {activeCount}
                </span>
              )}
            </button>
            <label className="inline-flex h-10 max-w-full min-w-0 items-center rounded-full border border-blush-200 bg-white pr-2 pl-4 text-sm font-semibold text-ink-700 focus-within:ring-2 focus-within:ring-plum-500">
              <span className="mr-1 text-ink-500">Sort:</span>
              <select
                aria-label="Sort by"
                data-testid="list-sort"
                value={filters.sortBy}
                onChange={(event) => go({ ...filters, sortBy: event.target.value as SortOption })}
                className="h-full cursor-pointer bg-transparent font-semibold text-ink-900 focus:outline-none"
              >
                {SORT_CHOICES.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>

        {chips.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Active filters">
            {chips.map((c) => (
              <li key={c.key}>
                <button
                  type="button"
                  onClick={() => go({ ...filters, ...c.clear })}
                  className="inline-flex items-center gap-1.5 rounded-full bg-plum-50 py-1 pr-2 pl-3 text-sm font-medium text-plum-800 ring-1 ring-plum-200 hover:bg-plum-100"
                  aria-label={`Remove filter ${c.label}`}
                >
                  {c.label}
                  <CloseIcon className="size-3.5" />
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() =>
                  go({ ...EMPTY_FILTERS, service: filters.service, location: filters.location, lat: filters.lat, lng: filters.lng })
                }
                className="px-2 py-1 text-sm font-semibold text-rose-600 hover:underline"
              >
                Clear all
              </button>
            </li>
          </ul>
        )}

        <div className={`mt-6 ${results.isFetching && !results.isPending ? 'opacity-60 transition-opacity' : ''}`}>
          {results.isPending ? (
            <div className="grid gap-4">
              {[0, 1, 2, 3].map((i) => (
                <ResultSkeleton key={i} />
              ))}
            </div>
          ) : results.isError ? (
            <EmptyState
              title="We couldn't load salons"
              description={errorMessage(results.error, 'Something went wrong. Please try again.')}
              action={
                <Button onClick={() => void results.refetch()} data-testid="retry">
                  Try again
                </Button>
              }
            />
          ) : merchants.length === 0 ? (
            <EmptyState
              title="No salons match your search"
              description="Try another service or place, a different date, or fewer filters."
              icon={<SearchIcon className="size-7" />}
              action={
                <Link href={path} className={buttonClasses('primary', 'md')}>
                  See all salons
                </Link>
              }
            />
          ) : (
            <div className="grid gap-4" data-testid="results">
              {merchants.map((m, i) => (
                <ResultCard key={m._id} salon={m} first={i === 0} />
              ))}
            </div>
          )}
        </div>

        {!results.isError && (
          <Pagination
            page={page}
            pages={pages}
            onPage={(p) => {
              go(filters, p);
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        )}
      </div>

      {panelLoaded && (
        <Suspense fallback={null}>
          <FiltersPanel
            open={panelOpen}
            value={filters}
            onClose={closePanel}
            onApply={(next) => {
              setPanelOpen(false);
              go(next);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
