import { useEffect } from 'react';
import { parseTimeToMinutes } from '../../../shared/clock';
import type { CalendarAnswer, CalendarBooking } from '../../../shared/schemas/calendar';
import { moveBookingForm } from '../../../shared/schemas/calendar';
import { dateSchema } from '../../../shared/validation';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { FormError } from '../../forms/FormError';
import { serverErrorsTo, useZodForm } from '../../forms/useZodForm';
import { longDate } from '../../lib/dates';
import { trpc } from '../../trpc';
import { formatINR, salonClock } from '../booking/format';
import { clockLabel, hhmm } from './layout';
import { moveTimeChoices } from './moveTimes';

/** What the calendar already knows about the shown days (the Move form asks the server for any other day). */
export type CalendarDays = Pick<CalendarAnswer, 'dates' | 'professionals' | 'bookings' | 'blocks'>;

export interface MoveRequest {
  booking: CalendarBooking;
  staffId: string;
  date: string;
  minutes: number;
}

export interface MoveOptions {
  /** Told why the server refused the move (instead of a toast). */
  onRefused?: (error: unknown) => void;
}

/**
 * The booking card's Move form: another professional, date and time. The times offered are the
 * chosen professional's bookable hours that day (the salon's hours ∩ their own, so the whole visit
 * fits), from the calendar's answer for that day; times held by another booking or a block are
 * shown as taken and cannot be chosen. A refusal is said under the field the server names.
 */
export function MoveBookingForm({
  booking,
  merchantId,
  timeZone,
  days,
  onMove,
  onMoved,
}: {
  booking: CalendarBooking;
  merchantId: string;
  timeZone: string;
  days: CalendarDays;
  onMove: (m: MoveRequest, opts?: MoveOptions) => Promise<boolean>;
  onMoved: () => void;
}) {
  const form = useZodForm(moveBookingForm, {
    defaultValues: { staffId: booking.staffId, bookingDate: booking.bookingDate, bookingTime: hhmm(booking.start) },
  });
  const staffId = form.watch('staffId');
  const date = form.watch('bookingDate');
  const time = form.watch('bookingTime');
  const known = days.dates.includes(date);
  const other = trpc.merchants.getCalendar.useQuery(
    { merchantId, date, days: 1 },
    { enabled: !known && dateSchema.safeParse(date).success, placeholderData: (prev) => prev },
  );
  const day = known ? days : other.data?.dates.includes(date) ? other.data : undefined;
  const clock = salonClock(timeZone);
  const offered = moveTimeChoices(day, {
    staffId,
    date,
    duration: booking.totalDuration,
    bookingId: booking._id,
    nowMinutes: date === clock.date ? clock.minutes : date < clock.date ? 1440 : null,
    keep: staffId === booking.staffId && date === booking.bookingDate ? booking.start : undefined,
  });
  const pro = days.professionals.find((p) => p._id === staffId)?.name ?? 'This professional';

  // Another professional or day: a time it does not offer moves to its first free time.
  const values = offered?.choices.map((c) => c.value).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `values` stands for the choices offered (a new list each render); a change of them is what may leave the chosen time out.
  useEffect(() => {
    if (!offered || offered.choices.some((c) => c.value === time)) return;
    const first = offered.choices.find((c) => !c.taken);
    if (first) form.setValue('bookingTime', first.value);
  }, [values, time, form]);

  const move = form.handleSubmit(async ({ staffId, bookingDate, bookingTime }) => {
    const moved = await onMove(
      { booking, staffId, date: bookingDate, minutes: parseTimeToMinutes(bookingTime)! },
      { onRefused: serverErrorsTo(form, 'The booking could not be moved. Please try again.') },
    );
    if (moved) onMoved();
  });

  const hint = !offered
    ? 'Reading the hours of that day…'
    : !offered.hours
      ? `${pro} is not working on ${longDate(date)}.`
      : `${pro} works ${clockLabel(offered.hours.start)} – ${clockLabel(offered.hours.end)} that day.`;

  return (
    <form
      id="card-move-form"
      noValidate
      onSubmit={move}
      className="mt-5 grid gap-3 border-t border-blush-100 pt-4 sm:grid-cols-3"
      aria-label="Move this booking"
    >
      <Select
        label="Professional"
        {...form.register('staffId')}
        error={form.formState.errors.staffId?.message}
        options={days.professionals.map((p) => ({ value: p._id, label: p.name }))}
        data-testid="move-staff"
      />
      <Input
        label="Date"
        type="date"
        {...form.register('bookingDate')}
        error={form.formState.errors.bookingDate?.message}
        data-testid="move-date"
      />
      <Select
        label="Time"
        {...form.register('bookingTime')}
        error={form.formState.errors.bookingTime?.message}
        options={(offered?.choices ?? [{ value: time, label: clockLabel(parseTimeToMinutes(time) ?? booking.start), taken: false }]).map(
          (c) => ({ value: c.value, label: c.label, disabled: c.taken && c.value !== time }),
        )}
        data-testid="move-time"
      />
      <p className="text-xs text-ink-500 sm:col-span-3" data-testid="move-hours">
        {hint} The price stays {formatINR(booking.totalPrice)}. The customer is told by notification and e-mail.
      </p>
      <FormError message={form.formState.errors.root?.server?.message} className="sm:col-span-3" testId="move-error" />
    </form>
  );
}
