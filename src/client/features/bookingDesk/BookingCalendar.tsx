import { useMemo, useState } from 'react';
import { parseTimeToMinutes } from '../../../shared/clock';
import type { BookingWire } from '../../../shared/schemas/bookings';
import { addDays } from '../../../shared/slots';
import { ChevronRightIcon } from '../../components/icons';
import { StatusBadge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { monthYear, weekdayDate } from '../../lib/dates';
import { customerName, serviceNames } from './desk';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const CELLS = 42;

const STATUS_DOT: Record<string, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  upcoming: 'border-sky-300 bg-sky-50 text-sky-900',
  confirmed: 'border-plum-300 bg-plum-50 text-plum-900',
  completed: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  cancelled: 'border-red-200 bg-red-50 text-red-800 line-through',
  no_show: 'border-orange-300 bg-orange-50 text-orange-900 line-through',
};

function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

function shiftMonth(start: string, by: number): string {
  const [y, m] = start.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 10);
}

/** 42 dates, six weeks from the Sunday on or before the 1st. */
export function monthGrid(start: string): string[] {
  const weekday = new Date(`${start}T00:00:00Z`).getUTCDay();
  const first = addDays(start, -weekday);
  return Array.from({ length: CELLS }, (_, i) => addDays(first, i));
}

const byTime = (a: BookingWire, b: BookingWire) => (parseTimeToMinutes(a.bookingTime) ?? 0) - (parseTimeToMinutes(b.bookingTime) ?? 0);

export function BookingCalendar({ bookings, today, onOpen }: { bookings: BookingWire[]; today: string; onOpen: (b: BookingWire) => void }) {
  const [month, setMonth] = useState(() => monthStart(today));
  const [selectedDay, setSelectedDay] = useState<string>(today);
  const cells = useMemo(() => monthGrid(month), [month]);
  const byDay = useMemo(() => {
    const map = new Map<string, BookingWire[]>();
    for (const b of bookings) {
      const list = map.get(b.bookingDate) ?? [];
      list.push(b);
      map.set(b.bookingDate, list);
    }
    for (const list of map.values()) list.sort(byTime);
    return map;
  }, [bookings]);
  const monthLabel = monthYear(month);
  const agenda = byDay.get(selectedDay) ?? [];

  return (
    <div data-testid="booking-calendar">
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous month"
          onClick={() => setMonth((m) => shiftMonth(m, -1))}
          data-testid="calendar-prev"
        >
          <ChevronRightIcon className="size-5 rotate-180" />
        </Button>
        <h2 className="text-lg font-semibold text-ink-900" data-testid="calendar-month">
          {monthLabel}
        </h2>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next month"
          onClick={() => setMonth((m) => shiftMonth(m, 1))}
          data-testid="calendar-next"
        >
          <ChevronRightIcon className="size-5" />
        </Button>
      </div>
      <div
        className="grid grid-cols-7 overflow-hidden rounded-2xl border border-blush-200 bg-blush-200 gap-px"
        role="grid"
        aria-label={monthLabel}
      >
        {WEEKDAYS.map((d) => (
          <div key={d} role="columnheader" className="bg-blush-50 py-2 text-center text-xs font-semibold text-ink-500">
            {d}
          </div>
        ))}
        {cells.map((date) => {
          const inMonth = date.slice(0, 7) === month.slice(0, 7);
          const items = byDay.get(date) ?? [];
          const isToday = date === today;
          const selected = date === selectedDay;
          return (
            <div
              key={date}
              role="gridcell"
              aria-selected={selected}
              data-testid="calendar-cell"
              data-date={date}
              onClick={() => setSelectedDay(date)}
              className={cn(
                'min-h-16 cursor-pointer bg-white p-1 text-left sm:min-h-28 sm:p-1.5',
                !inMonth && 'bg-blush-50/70 text-ink-400',
                selected && 'ring-2 ring-plum-400 ring-inset',
              )}
            >
              <span
                className={cn(
                  'mb-1 inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold',
                  isToday ? 'bg-plum-700 text-white' : inMonth ? 'text-ink-900' : 'text-ink-400',
                )}
              >
                {Number(date.slice(8))}
              </span>
              {items.length > 0 && (
                <span className="ml-1 rounded-full bg-plum-100 px-1.5 text-[10px] font-semibold text-plum-800 sm:hidden">
                  {items.length}
                </span>
              )}
              <div className="hidden max-h-32 space-y-1 overflow-y-auto sm:block">
                {items.map((b) => (
                  <button
                    key={b._id}
                    type="button"
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpen(b);
                    }}
                    title={`${b.bookingTime} · ${serviceNames(b)} · ${customerName(b)}`}
                    data-testid="calendar-booking"
                    className={cn(
                      'block w-full truncate rounded-md border px-1.5 py-0.5 text-left text-[11px] leading-tight',
                      STATUS_DOT[b.status],
                    )}
                  >
                    <span className="font-semibold">{b.bookingTime}</span> {serviceNames(b)}
                  </button>
                ))}
              </div>
            </div>
          );
        })}
      </div>

      <div className="mt-4">
        <h3 className="mb-2 text-sm font-semibold text-ink-900">{weekdayDate(selectedDay)}</h3>
        {agenda.length === 0 ? (
          <p className="text-sm text-ink-500">No bookings on this day.</p>
        ) : (
          <ul className="space-y-2">
            {agenda.map((b) => (
              <li key={b._id}>
                <button
                  type="button"
                  onClick={() => onOpen(b)}
                  className="flex w-full items-center justify-between gap-3 rounded-xl border border-blush-200 bg-white px-3 py-2 text-left text-sm hover:border-plum-300"
                >
                  <span className="min-w-0">
                    <span className="font-semibold text-ink-900">{b.bookingTime}</span>{' '}
                    <span className="text-ink-700">{serviceNames(b)}</span>
                    <span className="block truncate text-xs text-ink-500">{customerName(b)}</span>
                  </span>
                  <StatusBadge status={b.status} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
