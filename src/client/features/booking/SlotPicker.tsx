import { type KeyboardEvent, useMemo, useRef } from 'react';
import { BOOKING_HORIZON_DAYS } from '../../../shared/policy';
import { addDays, type SalonDayHours, salonWindow } from '../../../shared/slots';
import { Skeleton } from '../../components/ui/Skeleton';
import { cn } from '../../lib/cn';
import { weekdayDate } from '../../lib/dates';
import { errorMessage, trpc } from '../../trpc';
import { DAY_PARTS, dayPartOf, formatShortDay, salonToday } from './format';

const STRIP_DAYS = 14;

/**
 * Where an arrow key (or Home/End) moves within `count` items from `from`, skipping those `usable`
 * rules out; null for any other key, or when nothing usable lies that way.
 */
export function nextIndex(key: string, from: number, count: number, usable: (i: number) => boolean = () => true): number | null {
  const scan = (start: number, step: 1 | -1) => {
    for (let i = start; i >= 0 && i < count; i += step) if (usable(i)) return i;
    return null;
  };
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return scan(from + 1, 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return scan(from - 1, -1);
    case 'Home':
      return scan(0, 1);
    case 'End':
      return scan(count - 1, -1);
    default:
      return null;
  }
}

/** Moves focus by arrow keys between the `[data-roving]` buttons inside `container` (one tab stop). */
function focusFromKey(e: KeyboardEvent<HTMLElement>, container: HTMLElement | null): HTMLButtonElement | null {
  if (!container) return null;
  const items = Array.from(container.querySelectorAll<HTMLButtonElement>('[data-roving]'));
  const from = items.indexOf(e.target as HTMLButtonElement);
  if (from < 0) return null;
  const to = nextIndex(e.key, from, items.length, (i) => !items[i].disabled);
  if (to === null) return null;
  e.preventDefault();
  items[to].focus();
  items[to].scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  return items[to];
}

export interface SlotPickerProps {
  merchantId: string;
  serviceIds: string[];
  /** null: any professional. */
  staffId: string | null;
  timeZone: string;
  /** When given, closed days are marked on the date strip. */
  openingHours?: SalonDayHours[];
  date: string | null;
  time: string | null;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  /** Prefix for test ids, so two pickers on one page stay apart. */
  idPrefix?: string;
  /** The booking being rescheduled: the times around it are offered as free, its own time (`current`) is not offered. */
  exceptBookingId?: string;
  current?: { date: string; time: string };
}

/** A salon-local date strip and the free start times of the chosen day, grouped by part of day. */
export function SlotPicker({
  merchantId,
  serviceIds,
  staffId,
  timeZone,
  openingHours,
  date,
  time,
  onDate,
  onTime,
  idPrefix = 'booking',
  exceptBookingId,
  current,
}: SlotPickerProps) {
  const today = salonToday(timeZone);
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS);
  const days = useMemo(() => Array.from({ length: STRIP_DAYS }, (_, i) => addDays(today, i)), [today]);
  const ready = Boolean(date) && serviceIds.length > 0;

  const slots = trpc.users.getAvailableSlots.useQuery(
    {
      merchantId,
      date: date ?? today,
      serviceIds,
      staffId: staffId ?? undefined,
      exceptBookingId,
    },
    { enabled: ready, staleTime: 15_000 },
  );

  const [currentDate, currentTime] = [current?.date, current?.time];
  const grouped = useMemo(() => {
    const answer = slots.data?.data;
    // Moving a booking to the time it already has is no move.
    const list = (answer?.slots ?? []).filter((s) => !(currentDate && answer?.date === currentDate && s.time === currentTime));
    return DAY_PARTS.map((part) => ({ ...part, slots: list.filter((s) => dayPartOf(s.time) === part.id) }));
  }, [slots.data, currentDate, currentTime]);

  const isClosed = (d: string) => (openingHours ? salonWindow(openingHours, d) === null : false);
  const strip = useRef<HTMLDivElement>(null);
  const slotList = useRef<HTMLDivElement>(null);
  // One tab stop each: the chosen date (else the first open one) and the chosen time (else the first).
  const dateStop = date && days.includes(date) && !isClosed(date) ? date : days.find((d) => !isClosed(d));
  const flatSlots = grouped.flatMap((g) => g.slots.map((s) => s.time));
  const timeStop = time && flatSlots.includes(time) ? time : flatSlots[0];

  // A listbox whose selection follows focus: the arrow keys choose the date they land on.
  const onStripKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = focusFromKey(e, strip.current);
    if (to?.dataset.date) onDate(to.dataset.date);
  };

  return (
    <div className="space-y-5">
      <div>
        <div className="mb-2 flex items-center justify-between gap-3">
          <p className="text-sm font-medium text-ink-700">Date</p>
          <label className="flex items-center gap-2 text-xs text-ink-500">
            <span>Other date</span>
            <input
              type="date"
              min={today}
              max={lastDay}
              value={date ?? ''}
              onChange={(e) => e.target.value && onDate(e.target.value)}
              className="h-8 rounded-lg border border-blush-300 px-2 text-xs text-ink-900"
              data-testid={`${idPrefix}-date-input`}
              aria-label="Pick another date"
            />
          </label>
        </div>
        {/* The strip scrolls inside itself; `relative` keeps each day's screen-reader text inside it too. */}
        <div
          ref={strip}
          className="scrollbar-none relative -mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
          role="listbox"
          aria-label="Choose a date"
          aria-orientation="horizontal"
          onKeyDown={onStripKey}
        >
          {days.map((d) => {
            const { weekday, day, month } = formatShortDay(d);
            const closed = isClosed(d);
            const selected = d === date;
            return (
              <button
                key={d}
                type="button"
                role="option"
                aria-selected={selected}
                disabled={closed}
                tabIndex={d === dateStop ? 0 : -1}
                onClick={() => onDate(d)}
                data-roving=""
                data-date={d}
                data-testid={`${idPrefix}-date-${d}`}
                className={cn(
                  'relative flex w-16 shrink-0 flex-col items-center rounded-2xl border px-2 py-2 text-center transition-colors',
                  selected
                    ? 'border-plum-700 bg-plum-700 text-white shadow-soft'
                    : 'border-blush-200 bg-white text-ink-700 hover:border-plum-300',
                  closed && 'cursor-not-allowed opacity-45 hover:border-blush-200',
                )}
              >
                <span className="text-[11px] font-medium uppercase">{d === today ? 'Today' : weekday}</span>
                <span className="text-lg leading-tight font-bold">{day}</span>
                <span className="text-[11px]">{closed ? 'Closed' : month}</span>
                {/* Named by what it shows; the rest of the date for a screen reader. */}
                <span className="sr-only">
                  {closed ? ` ${day} ${month}` : ''} {d.slice(0, 4)}
                </span>
              </button>
            );
          })}
        </div>
      </div>

      <div>
        <p className="mb-2 text-sm font-medium text-ink-700">
          Available times{date ? <span className="font-normal text-ink-500"> · {weekdayDate(date)}</span> : null}
        </p>
        {!serviceIds.length ? (
          <p className="rounded-xl bg-blush-50 px-4 py-3 text-sm text-ink-500">Choose a service to see the free times.</p>
        ) : !date ? (
          <p className="rounded-xl bg-blush-50 px-4 py-3 text-sm text-ink-500">Choose a date to see the free times.</p>
        ) : slots.isPending ? (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5" role="status" aria-label="Loading times">
            {Array.from({ length: 10 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : slots.isError ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
            {errorMessage(slots.error, 'Could not load the free times. Please try again.')}
          </p>
        ) : !slots.data.data.slots.length ? (
          <p className="rounded-xl bg-blush-50 px-4 py-3 text-sm text-ink-500" data-testid={`${idPrefix}-no-slots`}>
            No free times on this day. Try another date{staffId ? ' or professional' : ''}.
          </p>
        ) : (
          // One tab stop for all the times; the arrow keys move between them (roving tabindex).
          <div
            ref={slotList}
            className="space-y-4"
            data-testid={`${idPrefix}-slots`}
            role="group"
            aria-label="Available times"
            onKeyDown={(e) => void focusFromKey(e, slotList.current)}
          >
            {grouped
              .filter((g) => g.slots.length > 0)
              .map((group) => (
                <div key={group.id}>
                  <p className="mb-2 text-xs font-semibold tracking-wide text-ink-500 uppercase">
                    {group.label} <span className="font-normal normal-case">({group.slots.length})</span>
                  </p>
                  <div className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
                    {group.slots.map((slot) => {
                      const selected = slot.time === time;
                      return (
                        <button
                          key={slot.time}
                          type="button"
                          aria-pressed={selected}
                          tabIndex={slot.time === timeStop ? 0 : -1}
                          data-roving=""
                          onClick={() => onTime(slot.time)}
                          data-testid={`${idPrefix}-slot`}
                          data-time={slot.time}
                          className={cn(
                            'h-10 rounded-xl border text-sm font-medium transition-colors',
                            selected
                              ? 'border-plum-700 bg-plum-700 text-white'
                              : 'border-blush-200 bg-white text-ink-700 hover:border-plum-300 hover:bg-plum-50',
                          )}
                        >
                          {slot.time}
                        </button>
                      );
                    })}
                  </div>
                </div>
              ))}
          </div>
        )}
      </div>
    </div>
  );
}
