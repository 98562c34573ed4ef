import { type KeyboardEvent, lazy, type ReactNode, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { localIsoDate } from '../../../shared/searchFilters';
import { CalendarIcon, ClockIcon, MapPinIcon, SearchIcon } from '../../components/icons';
import { cn } from '../../lib/cn';
import { withData } from '../../withData';
import {
  LOCATION_BLUR_CLOSE_MS,
  MAX_SERVICE_SUGGESTIONS,
  MIN_LOCATION_QUERY,
  POPULAR_SERVICES,
  SERVICE_BLUR_CLOSE_MS,
  TIME_WINDOW_OPTIONS,
} from './constants';
import type { Catalogue, Places } from './SuggestionQueries';
import { type Located, useGeolocation } from './useGeolocation';

const CatalogueQuery = lazy(
  withData(
    () => import('./SuggestionQueries'),
    (m) => m.CatalogueQuery,
  ),
);
const PlacesQuery = lazy(
  withData(
    () => import('./SuggestionQueries'),
    (m) => m.PlacesQuery,
  ),
);

export const fieldBox =
  'relative flex items-center gap-2.5 rounded-2xl border border-blush-200 bg-white px-3.5 transition-colors focus-within:border-plum-400 focus-within:ring-2 focus-within:ring-plum-500';
export const fieldInput = 'h-12 w-full min-w-0 bg-transparent text-sm text-ink-900 placeholder:text-ink-400 focus:outline-none';

interface BoxFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The home hero hides the leading icon on phones to leave room for the value. */
  hideIconOnMobile?: boolean;
}

const iconClass = (hideOnMobile?: boolean) => cn('size-5 shrink-0 text-plum-500', hideOnMobile && 'hidden sm:block');

/** The search row's date box: today at the earliest (spec: date minimum is today). */
export function DateField({ id, value, onChange, hideIconOnMobile }: BoxFieldProps) {
  return (
    <div className={fieldBox}>
      <CalendarIcon className={iconClass(hideIconOnMobile)} />
      <label htmlFor={id} className="sr-only">
        Date
      </label>
      <input
        id={id}
        type="date"
        min={localIsoDate(0)}
        className={fieldInput}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The search row's time-window select (Any Time, morning, afternoon, evening). */
export function TimeWindowField({ id, value, onChange, hideIconOnMobile }: BoxFieldProps) {
  return (
    <div className={fieldBox}>
      <ClockIcon className={iconClass(hideIconOnMobile)} />
      <label htmlFor={id} className="sr-only">
        Time
      </label>
      <select id={id} className={`${fieldInput} appearance-none`} value={value} onChange={(event) => onChange(event.target.value)}>
        {TIME_WINDOW_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Option {
  key: string;
  label: string;
  detail?: string;
}

/** A text box with a suggestion list (combobox pattern); the list closes `closeDelay` ms after blur. */
function SuggestBox({
  id,
  label,
  icon,
  value,
  onChange,
  onPick,
  options,
  placeholder,
  closeDelay,
  onFocus,
  trailing,
  testId,
  emptyText,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  value: string;
  onChange: (v: string) => void;
  onPick: (o: Option) => void;
  options: Option[];
  placeholder: string;
  closeDelay: number;
  onFocus?: () => void;
  trailing?: ReactNode;
  testId: string;
  emptyText?: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // New suggestions: none of them is highlighted yet (set while rendering, so the old index never points into the new list).
  const [activeIn, setActiveIn] = useState(options);
  if (activeIn !== options) {
    setActiveIn(options);
    setActive(-1);
  }
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const showList = open && (options.length > 0 || Boolean(emptyText));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showList || !options.length) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      onPick(options[active]);
      setOpen(false);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className={fieldBox}>
      {icon}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        className={fieldInput}
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        data-testid={testId}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          setOpen(true);
          onFocus?.();
        }}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => setOpen(false), closeDelay);
        }}
        onKeyDown={onKeyDown}
      />
      {trailing}
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          className="absolute top-full right-0 left-0 z-30 mt-2 max-h-80 animate-pop-in overflow-y-auto rounded-2xl border border-blush-200 bg-white py-1.5 shadow-lift"
        >
          {options.length === 0 && <li className="px-4 py-2.5 text-sm text-ink-500">{emptyText}</li>}
          {options.map((option, index) => (
            <li
              key={option.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                onPick(option);
                setOpen(false);
              }}
              className={cn('cursor-pointer px-4 py-2.5 text-sm text-ink-700 hover:bg-blush-50', index === active && 'bg-blush-100')}
            >
              <span className="font-medium text-ink-900">{option.label}</span>
              {option.detail && <span className="ml-1.5 text-xs text-ink-500">{option.detail}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Service names from the live catalogue (categories and their most offered services), else the popular list. */
export function ServiceField({ value, onChange, id = 'search-service' }: { value: string; onChange: (v: string) => void; id?: string }) {
  const [wanted, setWanted] = useState(false);
  const [catalogue, setCatalogue] = useState<Catalogue | undefined>(undefined);

  const options = useMemo(() => {
    const seen = new Set<string>();
    const all: Option[] = [];
    const add = (label: string, detail?: string) => {
      const key = label.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      all.push({ key, label, detail });
    };
    for (const c of catalogue ?? []) c.services.forEach((s) => add(s, c.name));
    for (const c of catalogue ?? []) add(c.name, 'Category');
    POPULAR_SERVICES.forEach((s) => add(s));
    const text = value.trim().toLowerCase();
    const list = text
      ? all.filter((o) => o.key.includes(text) && o.key !== text)
      : POPULAR_SERVICES.map((label) => ({ key: label.toLowerCase(), label, detail: 'Popular' }));
    return list.slice(0, MAX_SERVICE_SUGGESTIONS);
  }, [catalogue, value]);

  return (
    <>
      {wanted && (
        <Suspense fallback={null}>
          <CatalogueQuery onData={setCatalogue} />
        </Suspense>
      )}
      <SuggestBox
        id={id}
        label="Service"
        icon={<SearchIcon className="size-5 shrink-0 text-plum-500" />}
        value={value}
        onChange={onChange}
        onPick={(o) => onChange(o.label)}
        options={options}
        placeholder="Haircut, facial, massage..."
        closeDelay={SERVICE_BLUR_CLOSE_MS}
        onFocus={() => setWanted(true)}
        testId="search-service"
      />
    </>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** City or locality with address suggestions from 3 characters and the geolocation pin. */
export function LocationField({
  value,
  onChange,
  onLocated,
  id = 'search-location',
}: {
  value: string;
  /** Typing or picking a suggestion; the position from the pin no longer applies. */
  onChange: (v: string) => void;
  onLocated: (place: Located) => void;
  id?: string;
}) {
  // Suggestions are asked for once the field is used: a results page opens with the place it searched
  // filled in, and asking then would load the suggestions' code and query the geocoder at start-up.
  const [wanted, setWanted] = useState(false);
  const query = useDebounced(value.trim(), 250);
  const enabled = wanted && query.length >= MIN_LOCATION_QUERY;
  // The last answer and the text it answers: suggestions show only for the text being asked about.
  const [answer, setAnswer] = useState<{ q: string; data: Places } | null>(null);
  const onPlaces = useCallback((q: string, data: Places) => setAnswer({ q, data }), []);
  const places = { data: answer?.q === query ? answer.data : undefined, isSuccess: answer?.q === query };
  const geo = useGeolocation(onLocated);

  const options =
    enabled && value.trim().length >= MIN_LOCATION_QUERY
      ? (places.data ?? []).map((p) => ({
          key: `${p.display_name}|${p.lat}|${p.lon}`,
          label: p.display_name,
          detail: p.type === 'city' ? 'City' : undefined,
        }))
      : [];

  return (
    <div className="min-w-0">
      {enabled && (
        <Suspense fallback={null}>
          <PlacesQuery q={query} onData={onPlaces} />
        </Suspense>
      )}
      <SuggestBox
        id={id}
        label="Location"
        icon={<MapPinIcon className="size-5 shrink-0 text-plum-500" />}
        value={value}
        onChange={(v) => {
          geo.clearError();
          onChange(v);
        }}
        onPick={(o) => onChange(o.label)}
        onFocus={() => setWanted(true)}
        options={options}
        placeholder="City or area"
        closeDelay={LOCATION_BLUR_CLOSE_MS}
        testId="search-location"
        emptyText={enabled && places.isSuccess && value.trim().length >= MIN_LOCATION_QUERY ? 'No matching places' : undefined}
        trailing={
          <button
            type="button"
            onClick={geo.locate}
            disabled={geo.locating}
            aria-label="Use my current location"
            title="Use my current location"
            data-testid="locate-me"
            className="-mr-1.5 flex size-9 shrink-0 items-center justify-center rounded-full text-plum-700 transition hover:bg-plum-50 disabled:opacity-60"
          >
            {geo.locating ? (
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
            ) : (
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
              >
                <circle cx="12" cy="12" r="3.5" />
                <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3" />
                <circle cx="12" cy="12" r="7" />
              </svg>
            )}
          </button>
        }
      />
      {geo.error && (
        <p role="alert" className="mt-1.5 px-2 text-xs font-medium text-red-600" data-testid="geo-error">
          {geo.error}
        </p>
      )}
    </div>
  );
}
