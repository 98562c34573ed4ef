import { useEffect, useState } from 'react';
import type { CalendarAnswer } from '../../../shared/schemas/calendar';
import { MOVE_UNDO_SECONDS } from '../../../shared/schemas/calendar';
import { longDate } from '../../lib/dates';
import { trpc } from '../../trpc';
import { salonClock } from '../booking/format';
import { CALENDAR_QUERIES } from './calendarQueries';
import { clockLabel, hhmm } from './layout';
import type { MoveOptions, MoveRequest } from './MoveBookingForm';

export type Mode = 'day' | 'week';

/** An empty time clicked: Book a slot for it. */
export interface CreateRequest {
  staffId?: string;
  date: string;
  /** 'h:mm AM' */
  time: string;
}

/** One column of the grid: a professional on a date. */
export interface Column {
  key: string;
  staffId: string | null;
  date: string;
  title: string;
  subtitle: string;
  image?: string | null;
  hours: { start: number; end: number } | null;
}

const weekdayShort = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The grid's columns: a professional each on a day; a date each on a week (one professional's hours, or the salon's). */
export function calendarColumns(data: CalendarAnswer | undefined, mode: Mode, weekStaff: string): Column[] {
  if (!data) return [];
  if (mode === 'day') {
    return data.professionals.map((p) => {
      const span = p.hours[0]?.span ?? null;
      return {
        key: p._id,
        staffId: p._id,
        date: data.dates[0],
        title: p.name,
        subtitle: span ? `${clockLabel(span.start)} – ${clockLabel(span.end)}` : 'Not working',
        image: p.image,
        hours: span,
      };
    });
  }
  const one = weekStaff ? data.professionals.find((p) => p._id === weekStaff) : null;
  return data.dates.map((d, i) => {
    const salon = data.salonHours[i]?.span ?? null;
    const span = one ? (one.hours[i]?.span ?? null) : salon;
    return {
      key: d,
      staffId: one?._id ?? null,
      date: d,
      title: weekdayShort(d),
      subtitle: span ? `${clockLabel(span.start)} – ${clockLabel(span.end)}` : 'Closed',
      hours: span,
    };
  });
}

/**
 * What the calendar shows (day or week, from which date, whose week) and its data, kept live by
 * the server's desk feed. The salon's own "today" is known once the first answer names its zone.
 */
export function useCalendarView(merchantId: string, onChanged: () => void) {
  const utils = trpc.useUtils();
  const [mode, setMode] = useState<Mode>('day');
  const [date, setDate] = useState<string | null>(null);
  const [weekStaff, setWeekStaff] = useState('');

  // India until the first answer names the salon's zone.
  const [zone, setZone] = useState('Asia/Kolkata');
  const today = salonClock(zone).date;
  const shown = date ?? today;
  const input = { merchantId, date: shown, days: mode === 'week' ? 7 : 1, ...(mode === 'week' && weekStaff ? { staffId: weekStaff } : {}) };
  const query = trpc.merchants.getCalendar.useQuery(input, { placeholderData: (prev) => prev });
  const data = query.data;
  useEffect(() => {
    if (data?.timeZone && data.timeZone !== zone) setZone(data.timeZone);
  }, [data?.timeZone, zone]);

  const invalidate = () => {
    void utils.merchants.getCalendar.invalidate();
    onChanged();
  };
  // Live: any change to the salon's bookings or blocks, from any server process, re-reads the calendar.
  const live = trpc.merchants.deskEvents.useSubscription({ merchantId }, { onData: () => invalidate() });

  return { mode, setMode, setDate, weekStaff, setWeekStaff, zone, shown, data, live, invalidate };
}

export interface UndoOffer {
  text: string;
  back: MoveRequest;
  until: number;
}

/**
 * Moving bookings: `doMove` moves one (or, `isUndo`, back where it was) and offers the undo for
 * MOVE_UNDO_SECONDS; true once moved. The toasts and refreshes are the mutations' meta; with
 * `onRefused` the refusal goes to the caller instead of a toast.
 */
export function useCalendarMoves(merchantId: string, data: CalendarAnswer | undefined, invalidate: () => void) {
  const [undo, setUndo] = useState<UndoOffer | null>(null);
  const moved = { invalidates: CALENDAR_QUERIES, errorToast: 'The booking could not be moved. Please try again.' };
  // A refused move: the calendar is read again, to show where the booking really is.
  const move = trpc.merchants.moveBooking.useMutation({ meta: moved, onError: invalidate });
  const moveBack = trpc.merchants.moveBooking.useMutation({ meta: { ...moved, successToast: 'Move undone.' }, onError: invalidate });
  // The booking card's Move form says a refusal in the form itself (next to the field it names), not in a toast.
  const moveInForm = trpc.merchants.moveBooking.useMutation({ meta: { invalidates: CALENDAR_QUERIES }, onError: invalidate });

  const doMove = async (m: MoveRequest, opts: MoveOptions & { isUndo?: boolean } = {}): Promise<boolean> => {
    try {
      const answer = await (opts.isUndo ? moveBack : opts.onRefused ? moveInForm : move).mutateAsync({
        merchantId,
        bookingId: m.booking._id,
        staffId: m.staffId,
        bookingDate: m.date,
        bookingTime: hhmm(m.minutes),
      });
      if (opts.isUndo) {
        setUndo(null);
      } else {
        const pro = data?.professionals.find((p) => p._id === m.staffId)?.name ?? 'the professional';
        setUndo({
          text: `${m.booking.customerName} moved to ${clockLabel(m.minutes)}${m.date !== m.booking.bookingDate ? ` on ${longDate(m.date)}` : ''} with ${pro}.`,
          back: {
            booking: { ...m.booking, staffId: m.staffId, bookingDate: m.date, start: m.minutes },
            staffId: answer.previous.staffId,
            date: answer.previous.bookingDate,
            minutes: m.booking.start,
          },
          until: Date.now() + MOVE_UNDO_SECONDS * 1000,
        });
      }
      return true;
    } catch (err) {
      opts.onRefused?.(err);
      return false;
    }
  };
  useEffect(() => {
    if (!undo) return;
    const t = setTimeout(() => setUndo(null), Math.max(0, undo.until - Date.now()));
    return () => clearTimeout(t);
  }, [undo]);

  return { doMove, undo, moving: move.isPending || moveBack.isPending || moveInForm.isPending };
}
