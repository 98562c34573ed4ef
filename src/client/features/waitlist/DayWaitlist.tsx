import type { MerchantWaitlistAnswer } from '../../../shared/schemas/waitlist';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { weekdayDate } from '../../lib/dates';
import { errorMessage, trpc } from '../../trpc';

type Entry = MerchantWaitlistAnswer['data']['entries'][number];

/** What the desk reads of an entry: waiting (with an offer out, or not), booked, left, ended. */
function statusOf(e: Entry): { label: string; tone: BadgeTone } {
  if (e.status === 'waiting' && e.offer?.status === 'open') return { label: `Offered ${e.offer.bookingTime}`, tone: 'warning' };
  if (e.status === 'waiting') return { label: 'Waiting', tone: 'info' };
  if (e.status === 'booked') return { label: `Booked ${e.offer?.bookingTime ?? ''}`.trim(), tone: 'success' };
  if (e.status === 'cancelled') return { label: 'Left', tone: 'neutral' };
  return { label: 'Ended', tone: 'neutral' };
}

/**
 * The calendar day's waitlist: who waits for the shown date, in the order they joined (the order
 * freed times are offered in), with services, window, professional and where their offer stands.
 */
export function DayWaitlist({ merchantId, date }: { merchantId: string; date: string }) {
  const query = trpc.merchants.getWaitlist.useQuery({ merchantId, date }, { refetchOnWindowFocus: true, staleTime: 10_000 });
  const entries = query.data?.data.entries ?? [];
  const waiting = entries.filter((e) => e.status === 'waiting').length;
  return (
    <section
      className="mt-4 rounded-2xl border border-blush-200 bg-white p-4"
      aria-labelledby="day-waitlist-title"
      data-testid="day-waitlist"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="day-waitlist-title" className="font-semibold text-ink-900">
          Waitlist · {weekdayDate(date)}
        </h2>
        {query.data && (
          <p className="text-xs text-ink-500">{waiting} waiting. Freed times are offered in this order, each held 15 minutes.</p>
        )}
      </div>
      {query.isPending ? (
        <p className="text-sm text-ink-500">Loading the waitlist…</p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(query.error, 'Could not load the waitlist.')}
        </p>
      ) : !entries.length ? (
        <p className="text-sm text-ink-500">Nobody is waiting for this day.</p>
      ) : (
        <ol className="divide-y divide-blush-100">
          {entries.map((e) => {
            const s = statusOf(e);
            return (
              <li
                key={e._id}
                className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5"
                data-testid="day-waitlist-entry"
              >
                <div className="min-w-0">
                  <p className="font-medium text-ink-900">
                    {e.position ? <span className="mr-1.5 text-ink-500">{e.position}.</span> : null}
                    {e.customer.name}
                    {e.customer.phone ? <span className="ml-2 text-xs font-normal text-ink-500">{e.customer.phone}</span> : null}
                  </p>
                  <p className="text-sm text-ink-700">
                    {e.services.join(', ')} · {e.fromTime}–{e.toTime} · {e.professional ?? 'Any professional'}
                  </p>
                </div>
                <Badge tone={s.tone}>{s.label}</Badge>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
