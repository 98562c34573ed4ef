import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type SalonDayHours, salonWindow } from '../../../shared/slots';
import { MAX_WAITING_ENTRIES, WAITLIST_HOLD_MINUTES } from '../../../shared/waitlist';
import { Button } from '../../components/ui/Button';
import { weekdayDate } from '../../lib/dates';
import { sessionAtom } from '../../state/session';
import { errorMessage, trpc } from '../../trpc';

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Under the booking page's times: when the day (or the wanted time) is full, the customer joins the
 * salon's waitlist for that date and a window of start times, with the chosen services and
 * professional. Open at once on a day with no free times; behind a button otherwise.
 */
export function JoinWaitlist({
  merchantId,
  serviceIds,
  staffId,
  staffName,
  date,
  openingHours,
}: {
  merchantId: string;
  serviceIds: string[];
  staffId: string | null;
  staffName: string | null;
  date: string | null;
  openingHours: SalonDayHours[];
}) {
  const session = useAtomValue(sessionAtom);
  const [location] = useLocation();
  const ready = Boolean(date) && serviceIds.length > 0;
  const slots = trpc.users.getAvailableSlots.useQuery(
    { merchantId, date: date ?? '', serviceIds, staffId: staffId ?? undefined },
    { enabled: ready, staleTime: 15_000 },
  );
  const full = slots.data ? slots.data.data.slots.length === 0 : false;
  const [opened, setOpened] = useState(false);
  const hours = date ? salonWindow(openingHours, date) : null;
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const join = trpc.users.joinWaitlist.useMutation({ onSuccess: () => void utils.users.getMyWaitlist.invalidate() });
  const id = useId();

  // Salon owners and administrators book from the desk; the waitlist is a customer's.
  if (!ready || !hours || !slots.data || (session.userType && session.userType !== 'customer')) return null;
  const fromValue = from ?? hhmm(hours.start);
  // A time field cannot show 24:00: a day open until midnight offers 23:45.
  const toValue = to ?? hhmm(Math.min(hours.end, 1440 - 15));
  const show = full || opened;
  const joined = join.data?.data.entry;

  return (
    <section
      className="mt-5 rounded-2xl border border-blush-200 bg-blush-50/60 p-4"
      aria-labelledby={`${id}-title`}
      data-testid="waitlist-join"
    >
      <h3 id={`${id}-title`} className="font-semibold text-ink-900">
        {full ? 'This day is full' : 'Is the time you want taken?'}
      </h3>
      {joined ? (
        <div role="status" className="mt-2 space-y-2 text-sm text-ink-700" data-testid="waitlist-joined">
          <p>
            You are on the waitlist for {weekdayDate(joined.date)}, {joined.fromTime}–{joined.toTime}. If a time frees up we hold it for you
            for {WAITLIST_HOLD_MINUTES} minutes and tell you at once.
          </p>
          <Link href="/bookings?tab=waitlist" className="font-medium text-plum-700 hover:underline">
            See your waitlist
          </Link>
        </div>
      ) : !show ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          aria-expanded={false}
          onClick={() => setOpened(true)}
          data-testid="waitlist-open"
        >
          Join the waitlist
        </Button>
      ) : !session.userType ? (
        <p className="mt-2 text-sm text-ink-700">
          Join the waitlist and we will offer you a time as soon as one frees up.{' '}
          <Link href={`/login?redirect=${encodeURIComponent(location)}`} className="font-medium text-plum-700 hover:underline">
            Sign in to join
          </Link>
        </p>
      ) : (
        <form
          className="mt-2 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            join.mutate({ merchantId, serviceIds, staffId: staffId ?? undefined, date: date!, fromTime: fromValue, toTime: toValue });
          }}
        >
          <p className="text-sm text-ink-700">
            Wait for a start time on {weekdayDate(date!)} with {staffName ?? 'any professional'}. The first time to free up in your window
            is offered to whoever joined first, held for {WAITLIST_HOLD_MINUTES} minutes.
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1 text-xs font-medium text-ink-700">
              From
              <input
                type="time"
                step={900}
                value={fromValue}
                onChange={(e) => setFrom(e.target.value)}
                className="h-10 rounded-lg border border-blush-300 bg-white px-2 text-sm text-ink-900"
                data-testid="waitlist-from"
              />
            </label>
            <label className="flex flex-col gap-1 text-xs font-medium text-ink-700">
              Until
              <input
                type="time"
                step={900}
                value={toValue}
                onChange={(e) => setTo(e.target.value)}
                className="h-10 rounded-lg border border-blush-300 bg-white px-2 text-sm text-ink-900"
                data-testid="waitlist-to"
              />
            </label>
            <Button type="submit" size="md" disabled={join.isPending} data-testid="waitlist-submit">
              {join.isPending ? 'Joining…' : 'Join waitlist'}
            </Button>
          </div>
          {join.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(join.error, `Could not join the waitlist. You can wait for up to ${MAX_WAITING_ENTRIES} times at once.`)}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
