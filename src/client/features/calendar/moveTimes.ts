import type { CalendarAnswer } from '../../../shared/schemas/calendar';
import { clockLabel, hhmm, MOVABLE, STEP_MIN } from './layout';

/** A time the Move form offers: on the grid, inside the professional's hours; `taken` when another booking or a block holds it. */
export interface MoveTimeChoice {
  minutes: number;
  value: string;
  label: string;
  taken: boolean;
}

type Day = Pick<CalendarAnswer, 'dates' | 'professionals' | 'bookings' | 'blocks'>;

/**
 * The start times the Move form offers for a booking of `duration` minutes with a professional on a
 * date, from the calendar's answer for that date: the professional's bookable hours (the salon's
 * hours ∩ their own, as the server's slot rules work them out), so the whole visit fits before they
 * stop; past times of today left out. Times another live booking or a block of theirs holds are
 * marked taken (the booking being moved holds none). The booking's own time stays a choice (it is
 * where it is). Null while the day is not known (not in `day`).
 */
export function moveTimeChoices(
  day: Day | undefined,
  q: { staffId: string; date: string; duration: number; bookingId: string; nowMinutes: number | null; keep?: number },
): { choices: MoveTimeChoice[]; hours: { start: number; end: number } | null } | null {
  const i = day?.dates.indexOf(q.date) ?? -1;
  if (!day || i < 0) return null;
  const pro = day.professionals.find((p) => p._id === q.staffId);
  const hours = pro?.hours.find((h) => h.date === q.date)?.span ?? null;
  const busy = [
    ...day.bookings
      .filter((b) => b.staffId === q.staffId && b.bookingDate === q.date && b._id !== q.bookingId && MOVABLE.has(b.status))
      .map((b) => [b.start, b.end] as const),
    ...day.blocks.filter((b) => b.staffId === q.staffId && b.date === q.date).map((b) => [b.start, b.end] as const),
  ];
  const minutes = new Set<number>();
  if (hours) {
    for (let m = Math.ceil(hours.start / STEP_MIN) * STEP_MIN; m + q.duration <= hours.end; m += STEP_MIN) {
      if (q.nowMinutes === null || m > q.nowMinutes) minutes.add(m);
    }
  }
  if (q.keep !== undefined) minutes.add(q.keep);
  const choices = [...minutes]
    .sort((a, b) => a - b)
    .map((m) => {
      const taken = busy.some(([s, e]) => s < m + q.duration && e > m);
      return { minutes: m, value: hhmm(m), label: taken ? `${clockLabel(m)} (taken)` : clockLabel(m), taken };
    });
  return { choices, hours };
}
