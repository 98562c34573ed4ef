import { type FormEvent, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { SortOption } from '../../../shared/schemas/discovery';
import { countActiveFilters, EMPTY_FILTERS, filtersToQuery, type SearchFilters } from '../../../shared/searchFilters';
import { SearchIcon, SparkleIcon } from '../../components/icons';
import { Button } from '../../components/ui/Button';
import { SORT_CHOICES } from '../../features/discovery/constants';
import { useBrowserValue } from '../../lib/hydration';
import '../../features/discovery/installPrompt';
import { DateField, LocationField, ServiceField, TimeWindowField } from '../../features/discovery/SearchFields';
import { storedPosition } from '../../features/discovery/useGeolocation';
import { usePageTitle } from '../../lib/usePageTitle';
import { withData } from '../../withData';

// Both come with the data layer (src/client/data.tsx); the hero and the search form need none to run.
const HomeSections = lazy(withData(() => import('../../features/discovery/HomeSections')));
const FiltersPanel = lazy(withData(() => import('../../features/discovery/FiltersPanel')));

const STATS = [
  { value: '50,000+', label: 'appointments booked' },
  { value: '30+', label: 'cities across India' },
  { value: '5,000+', label: 'beauty professionals' },
];

const QUICK_SERVICES = ['Haircut', 'Facial', 'Massage', 'Nails', 'Bridal', 'Beard'];

function FilterIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
    >
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}

function SectionsFallback() {
  return (
    <div className="mx-auto mt-12 max-w-7xl px-4 sm:px-6 lg:px-8" aria-hidden="true">
      <div className="h-7 w-56 animate-pulse rounded-lg bg-blush-200/70" />
      <div className="mt-4 flex gap-4 overflow-hidden">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-[3/4] w-52 shrink-0 animate-pulse rounded-2xl bg-blush-200/60" />
        ))}
      </div>
    </div>
  );
}

export default function Home() {
  usePageTitle('');
  const [, navigate] = useLocation();
  // The position stored on an earlier visit is this browser's: after hydration when the server
  // rendered the page (a visitor's, with none).
  const stored = useBrowserValue(storedPosition, null);
  const [filters, setFilters] = useState<SearchFilters>(() => ({ ...EMPTY_FILTERS, ...(stored ?? {}) }));
  useEffect(() => {
    if (stored) setFilters((f) => (f.lat === null && f.lng === null ? { ...f, ...stored } : f));
  }, [stored]);
  const [nearbyCity, setNearbyCity] = useState('');
  const [panelOpen, setPanelOpen] = useState(false);
  const [panelLoaded, setPanelLoaded] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = (patch: Partial<SearchFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const activeCount = countActiveFilters(filters);

  const runSearch = useCallback(
    async (next: SearchFilters) => {
      setBusy(true);
      // The busy state covers fetching the results page's code, so the list appears at once.
      await import('../salon/SalonList').catch(() => undefined);
      const query = filtersToQuery(next);
      navigate(query ? `/salons?${query}` : '/salons');
    },
    [navigate],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void runSearch(filters);
  };

  const searchFor = useCallback(
    (patch: { service?: string; location?: string }) => void runSearch({ ...EMPTY_FILTERS, lat: filters.lat, lng: filters.lng, ...patch }),
    [runSearch, filters.lat, filters.lng],
  );

  const position = filters.lat !== null && filters.lng !== null ? { lat: filters.lat, lng: filters.lng } : null;
  const closePanel = useCallback(() => setPanelOpen(false), []);

  return (
    <div>
      <section className="relative bg-gradient-to-b from-blush-100 via-cream to-cream">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
          <div className="absolute -top-32 -right-24 size-[28rem] rounded-full bg-rose-200/50 blur-3xl" />
          <div className="absolute -bottom-40 -left-32 size-[26rem] rounded-full bg-plum-200/40 blur-3xl" />
        </div>
        <div className="relative mx-auto max-w-7xl px-4 pt-10 pb-12 sm:px-6 sm:pt-16 lg:px-8 lg:pt-20 lg:pb-16">
          <div className="mx-auto max-w-3xl text-center">
            <p className="inline-flex items-center gap-1.5 rounded-full bg-white/80 px-3 py-1 text-xs font-semibold text-plum-700 shadow-soft ring-1 ring-plum-100">
              <SparkleIcon className="size-3.5 text-gold-500" />
              Salons, spas & parlours near you
            </p>
            <h1
              className="mt-5 text-4xl leading-[1.1] font-bold tracking-tight text-plum-950 sm:text-5xl lg:text-6xl"
              data-testid="home-headline"
            >
              Look good, feel good.{' '}
              <span className="bg-gradient-to-r from-plum-700 to-rose-500 bg-clip-text text-transparent">Book in seconds.</span>
            </h1>
            <p className="mx-auto mt-4 max-w-xl text-base text-ink-500 sm:text-lg">
              Discover top-rated beauty and wellness experts, compare prices in ₹ and book your next appointment instantly.
            </p>
          </div>

          <form
            onSubmit={onSubmit}
            role="search"
            aria-label="Find a salon"
            data-testid="home-search-form"
            className="mx-auto mt-8 max-w-5xl rounded-3xl bg-white/90 p-3 shadow-lift ring-1 ring-blush-200 backdrop-blur"
          >
            <div className="grid grid-cols-2 gap-2.5 lg:grid-cols-[1.3fr_1.3fr_1fr_1fr]">
              <div className="col-span-2 lg:col-span-1">
                <ServiceField value={filters.service} onChange={(service) => set({ service })} />
              </div>
              <div className="col-span-2 lg:col-span-1">
                <LocationField
                  value={filters.location}
                  onChange={(location) => set({ location, lat: null, lng: null })}
                  onLocated={(place) => set({ location: place.label, lat: place.lat, lng: place.lng })}
                />
              </div>
              <DateField id="home-date" hideIconOnMobile value={filters.date} onChange={(date) => set({ date, availability: '' })} />
              <TimeWindowField id="home-time" hideIconOnMobile value={filters.time} onChange={(time) => set({ time })} />
            </div>
            <div className="mt-2.5 flex flex-wrap items-center gap-2.5 sm:flex-nowrap">
              <button
                type="button"
                onClick={() => {
                  setPanelLoaded(true);
                  setPanelOpen(true);
                }}
                data-testid="open-filters"
                className="relative inline-flex h-12 shrink-0 items-center gap-2 rounded-2xl border border-blush-200 bg-white px-4 text-sm font-semibold text-ink-700 transition hover:border-plum-300 hover:text-plum-800"
              >
                <FilterIcon className="size-5" />
                Filters
                {activeCount > 0 && (
                  <span
                    className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-rose-500 text-[11px] font-bold text-white"
                    data-testid="filters-badge"
                    role="img"
                    aria-label={`${activeCount} active filters`}
                  >
                    {activeCount}
                  </span>
                )}
              </button>
              <label className="relative inline-flex h-12 min-w-0 flex-1 items-center rounded-2xl border border-blush-200 bg-white pr-3 pl-4 text-sm font-semibold text-ink-700 focus-within:border-plum-500 focus-within:ring-2 focus-within:ring-plum-500 sm:flex-none">
                <span className="mr-1 hidden text-ink-500 min-[400px]:inline">Sort:</span>
                <select
                  aria-label="Sort by"
                  data-testid="home-sort"
                  value={filters.sortBy}
                  onChange={(event) => set({ sortBy: event.target.value as SortOption })}
                  className="h-full min-w-0 flex-1 cursor-pointer bg-transparent pr-1 font-semibold text-ink-900 focus:outline-none"
                >
                  {SORT_CHOICES.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </label>
              <Button
                type="submit"
                size="lg"
                loading={busy}
                loadingText="Searching..."
                data-testid="home-search-submit"
                className="h-12 w-full sm:ml-auto sm:w-auto sm:px-10"
              >
                <SearchIcon className="size-5" />
                Search
              </Button>
            </div>
          </form>

          <div className="mx-auto mt-6 flex max-w-4xl flex-wrap items-center justify-center gap-2">
            <span className="text-sm font-medium text-ink-500">Popular:</span>
            <ul className="contents" aria-label="Popular services">
              {QUICK_SERVICES.map((service) => (
                <li key={service}>
                  <button
                    type="button"
                    onClick={() => searchFor({ service })}
                    className="rounded-full border border-blush-200 bg-white px-3.5 py-1.5 text-sm font-medium text-ink-700 shadow-soft transition-colors hover:border-plum-300 hover:text-plum-800"
                  >
                    {service}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-label="GlowBook in numbers" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          {STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col rounded-2xl border border-blush-200/70 bg-white px-2 py-4 text-center shadow-soft sm:px-5 sm:py-5"
            >
              <dt className="text-xs text-ink-500 sm:text-sm">{stat.label}</dt>
              <dd className="order-first text-lg font-bold text-plum-800 sm:text-2xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Suspense fallback={<SectionsFallback />}>
        <HomeSections position={position} city={nearbyCity} onChooseCity={setNearbyCity} onSearch={searchFor} />
      </Suspense>

      {panelLoaded && (
        <Suspense fallback={null}>
          <FiltersPanel
            open={panelOpen}
            value={filters}
            onClose={closePanel}
            onApply={(next) => {
              setFilters(next);
              setPanelOpen(false);
              void runSearch(next);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
