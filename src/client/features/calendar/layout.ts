import { BOOKING_STATUSES, type BookingStatus } from '../../../shared/constants';
import { canMerchantMove } from '../../../shared/policy';
import type { CalendarAnswer, CalendarBooking } from '../../../shared/schemas/calendar';

/** Pixels per 15-minute row of the time grid. */
export const ROW_PX = 14;
export const STEP_MIN = 15;

/** The hours the grid spans: every shown salon day's opening hours and bookings (whole hours), 09:00–21:00 when all are closed. */
export function gridRange(data: Pick<CalendarAnswer, 'salonHours' | 'bookings'>): { start: number; end: number } {
  const spans = data.salonHours.flatMap((h) => (h.span ? [h.span] : []));
  let start = spans.length ? Math.min(...spans.map((s) => s.start)) : 9 * 60;
  let end = spans.length ? Math.max(...spans.map((s) => s.end)) : 21 * 60;
  // No booking may fall outside the grid: one made before the hours changed still appears. Blocked
  // time is drawn clipped to the grid (a whole day of leave must not stretch it to 24 hours).
  for (const b of data.bookings) {
    start = Math.min(start, b.start);
    end = Math.max(end, Math.min(b.end, 1440));
  }
  return { start: Math.floor(start / 60) * 60, end: Math.min(1440, Math.ceil(end / 60) * 60) };
}

export const clockLabel = (minutes: number) => {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
};

export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Side-by-side lanes for cards that overlap (a cancelled booking under a new one, say). */
export function lanes<T extends { _id: string; start: number; end: number }>(items: T[]): Map<string, { lane: number; of: number }> {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end);
  const out = new Map<string, { lane: number; of: number }>();
  let group: T[] = [];
  let groupEnd = -1;
  let laneEnds: number[] = [];
  const close = () => {
    for (const g of group) out.get(g._id)!.of = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= groupEnd) close();
    let lane = laneEnds.findIndex((e) => e <= item.start);
    if (lane === -1) lane = laneEnds.push(item.end) - 1;
    else laneEnds[lane] = item.end;
    out.set(item._id, { lane, of: 1 });
    group.push(item);
    groupEnd = Math.max(groupEnd, item.end);
  }
  close();
  return out;
}

/** Card colours by status (no_show appears once the server has it). */
export const STATUS_STYLE: Record<string, { card: string; label: string }> = {
  pending: { card: 'border-amber-300 bg-amber-50 text-amber-950', label: 'Pending' },
  upcoming: { card: 'border-plum-300 bg-plum-50 text-plum-950', label: 'Upcoming' },
  confirmed: { card: 'border-sky-300 bg-sky-50 text-sky-950', label: 'Checked in' },
  completed: { card: 'border-emerald-300 bg-emerald-50 text-emerald-950', label: 'Completed' },
  cancelled: { card: 'border-stone-300 bg-stone-100 text-ink-500 line-through decoration-stone-400', label: 'Cancelled' },
  no_show: { card: 'border-red-300 bg-red-50 text-red-900', label: 'No-show' },
};
export const statusStyle = (status: string) => STATUS_STYLE[status] ?? STATUS_STYLE.upcoming;

export const MOVABLE = new Set(['pending', 'upcoming', 'confirmed']);
export const isMovable = (b: CalendarBooking) => MOVABLE.has(b.status);

export const BLOCK_LABEL: Record<string, string> = { break: 'Break', leave: 'Leave', training: 'Training', other: 'Blocked' };

/** The desk's status actions a card offers: those the shared transition rules allow from its status (no-show once the server has it). */
export type DeskAction = 'confirmed' | 'completed' | 'cancelled' | 'no_show';
export function deskActions(status: string): DeskAction[] {
  const known = BOOKING_STATUSES as readonly string[];
  if (!known.includes(status)) return [];
  const from = status as BookingStatus;
  return (['confirmed', 'completed', 'no_show', 'cancelled'] as const).filter(
    (to) => known.includes(to) && canMerchantMove(from, to as BookingStatus),
  );
}

export const ACTION_LABEL: Record<DeskAction, string> = {
  confirmed: 'Check in',
  completed: 'Complete',
  cancelled: 'Cancel booking',
  no_show: 'No-show',
};
