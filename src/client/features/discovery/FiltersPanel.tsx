import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  countActiveFilters,
  dateForAvailability,
  localIsoDate,
  resetPanelFilters,
  type SearchFilters,
} from '../../../shared/searchFilters';
import { CloseIcon } from '../../components/icons';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { trpc } from '../../trpc';
import {
  AMENITY_OPTIONS,
  AVAILABILITY_OPTIONS,
  DEFAULT_DISTANCE_KM,
  EXPERIENCE_OPTIONS,
  GENDER_OPTIONS,
  MAX_DISTANCE_KM,
  PRICE_TIER_OPTIONS,
  RATING_OPTIONS,
} from './constants';

interface FiltersPanelProps {
  open: boolean;
  value: SearchFilters;
  onClose: () => void;
  /** Show Results: the edited filters. */
  onApply: (filters: SearchFilters) => void;
}

function Group({ title, children, hint }: { title: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <fieldset className="border-b border-blush-100 py-5 first:pt-4 last:border-0">
      <legend className="float-left mb-3 flex w-full items-center justify-between text-sm font-semibold text-ink-900">
        {title}
        {hint}
      </legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

const chip = (on: boolean) =>
  cn(
    'rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
    on
      ? 'border-plum-700 bg-plum-700 text-white shadow-soft'
      : 'border-blush-200 bg-white text-ink-700 hover:border-plum-300 hover:text-plum-800',
  );

const radioRow = (on: boolean) =>
  cn(
    'flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-2.5 text-sm transition-colors',
    on ? 'border-plum-400 bg-plum-50 text-plum-900' : 'border-blush-200 bg-white text-ink-700 hover:border-plum-200',
  );

function toggle(list: string[], item: string): string[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** The filter side panel (customer doc point 4): edits a draft; Show Results hands it back. */
export default function FiltersPanel({ open, value, onClose, onApply }: FiltersPanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState(value);
  const distanceText = draft.maxDistance === null ? 'Any distance' : `Within ${draft.maxDistance} km`;
  const catalogue = trpc.categories.listCategories.useQuery({}, { enabled: open, staleTime: 10 * 60_000 });

  useEffect(() => {
    if (open) setDraft(value);
  }, [open, value]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;

  const set = (patch: Partial<SearchFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const serviceNames = [...new Set((catalogue.data ?? []).map((c) => c.name))];
  const active = countActiveFilters(draft);

  return createPortal(
    <div className="fixed inset-0 z-[60] flex justify-end">
      <div aria-hidden="true" className="absolute inset-0 animate-fade-in bg-plum-950/40 backdrop-blur-[2px]" onClick={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid="filters-panel"
        className="relative flex h-full w-full max-w-md animate-fade-in flex-col bg-white shadow-lift focus:outline-none"
      >
        <div className="flex items-center justify-between border-b border-blush-100 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-ink-900">
            Filters
            {active > 0 && <span className="ml-2 rounded-full bg-plum-100 px-2 py-0.5 text-xs font-bold text-plum-800">{active}</span>}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close filters"
            className="rounded-full p-2 text-ink-500 hover:bg-blush-100 hover:text-ink-900"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>

        <div className="flex-1 overflow-y-auto px-5">
          <Group title="Services">
            {catalogue.isPending ? (
              <p className="text-sm text-ink-500">Loading services...</p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {serviceNames.map((name) => (
                  <button
                    key={name}
                    type="button"
                    aria-pressed={draft.categories.includes(name)}
                    className={chip(draft.categories.includes(name))}
                    onClick={() => set({ categories: toggle(draft.categories, name) })}
                  >
                    {name}
                  </button>
                ))}
              </div>
            )}
          </Group>

          <Group title="Availability">
            <div className="grid grid-cols-2 gap-2">
              {AVAILABILITY_OPTIONS.map((o) => (
                <label key={o.value} className={radioRow(draft.availability === o.value)}>
                  <input
                    type="radio"
                    name="availability"
                    value={o.value}
                    checked={draft.availability === o.value}
                    onChange={() => set({ availability: o.value, date: dateForAvailability(o.value, draft.date || localIsoDate(0)) })}
                    className="accent-plum-700"
                  />
                  {o.label}
                </label>
              ))}
            </div>
            {draft.availability === 'custom' && (
              <label className="mt-3 block text-sm text-ink-700">
                <span className="mb-1 block font-medium">Date</span>
                <input
                  type="date"
                  min={localIsoDate(0)}
                  value={draft.date}
                  onChange={(event) => set({ date: event.target.value })}
                  className="h-11 w-full rounded-xl border border-blush-200 px-3 text-sm focus:border-plum-400 focus:ring-2 focus:ring-plum-500 focus:outline-none"
                />
              </label>
            )}
          </Group>

          <Group title="Gender Preference">
            <div className="grid grid-cols-3 gap-2" role="group" aria-label="Gender preference">
              {GENDER_OPTIONS.map((o) => (
                <button
                  key={o.value}
                  type="button"
                  aria-pressed={draft.gender === o.value}
                  className={chip(draft.gender === o.value)}
                  onClick={() => set({ gender: o.value })}
                >
                  {o.label}
                </button>
              ))}
            </div>
          </Group>

          <Group title="Stylist Experience">
            <div className="grid grid-cols-2 gap-2">
              {EXPERIENCE_OPTIONS.map((o) => (
                <label key={o.value} className={radioRow(draft.experience === o.value)}>
                  <input
                    type="radio"
                    name="experience"
                    value={o.value}
                    checked={draft.experience === o.value}
                    onChange={() => set({ experience: o.value })}
                    className="accent-plum-700"
                  />
                  {o.label}
                </label>
              ))}
            </div>
          </Group>

          <Group title="Amenities">
            <div className="flex flex-wrap gap-2">
              {AMENITY_OPTIONS.map((a) => (
                <button
                  key={a}
                  type="button"
                  aria-pressed={draft.amenities.includes(a)}
                  className={chip(draft.amenities.includes(a))}
                  onClick={() => set({ amenities: toggle(draft.amenities, a) })}
                >
                  {a}
                </button>
              ))}
            </div>
          </Group>

          <Group title="Price range">
            <div className="grid grid-cols-4 gap-2">
              {PRICE_TIER_OPTIONS.map((o) => (
                <button
                  key={o.value}
                  type="button"
                  title={o.hint}
                  aria-label={o.hint}
                  aria-pressed={draft.prices === o.value}
                  className={chip(draft.prices === o.value)}
                  onClick={() => set({ prices: draft.prices === o.value ? '' : o.value })}
                >
                  {o.label}
                </button>
              ))}
            </div>
            {draft.prices && (
              <p className="mt-2 text-xs text-ink-500">{PRICE_TIER_OPTIONS.find((o) => o.value === draft.prices)?.hint ?? draft.prices}</p>
            )}
          </Group>

          <Group title="Rating">
            <div className="flex flex-wrap gap-2">
              {RATING_OPTIONS.map((o) => (
                <button
                  key={o.value}
                  type="button"
                  aria-pressed={draft.ratings === o.value}
                  className={chip(draft.ratings === o.value)}
                  onClick={() => set({ ratings: o.value })}
                >
                  {o.value ? `★ ${o.label}` : o.label}
                </button>
              ))}
            </div>
          </Group>

          <Group
            title="Distance"
            hint={
              <span className="flex items-center gap-3">
                {draft.maxDistance !== null && (
                  <button
                    type="button"
                    onClick={() => set({ maxDistance: null })}
                    className="text-xs font-medium text-ink-500 underline underline-offset-2 hover:text-plum-800"
                    data-testid="distance-any"
                  >
                    Any distance
                  </button>
                )}
                <span className="text-sm font-semibold text-plum-800" data-testid="distance-label">
                  {distanceText}
                </span>
              </span>
            }
          >
            {/* With no limit the thumb rests at the default; any movement, even back to it, sets a limit. */}
            <input
              type="range"
              min={1}
              max={MAX_DISTANCE_KM}
              step={1}
              value={draft.maxDistance ?? DEFAULT_DISTANCE_KM}
              aria-label="Maximum distance in kilometres"
              aria-valuetext={distanceText}
              onChange={(event) => set({ maxDistance: Number(event.target.value) })}
              className="w-full accent-plum-700"
            />
            <p className="mt-1 text-xs text-ink-500">
              Drag to limit how far salons may be from the place you search for, or from you when you share your location.
            </p>
          </Group>
        </div>

        <div className="flex gap-3 border-t border-blush-100 px-5 py-4">
          <Button variant="outline" className="flex-1" onClick={() => setDraft(resetPanelFilters(draft))} data-testid="filters-reset">
            Reset
          </Button>
          <Button className="flex-[2]" onClick={() => onApply(draft)} data-testid="filters-apply">
            Show Results
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
