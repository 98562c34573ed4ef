import { REBOOK_ATTRIBUTION_DAYS, REBOOK_STATS_DAYS } from '../../../shared/rebooking';
import { Card } from '../../components/ui/Card';
import { trpc } from '../../trpc';

/**
 * The salon's rebooking reminders (Services & Pricing): how many went out in the last
 * REBOOK_STATS_DAYS days and how many bookings came from them, per service with an interval.
 */
export function RebookTile({ merchantId }: { merchantId: string | null }) {
  const stats = trpc.merchants.getRebookStats.useQuery({ merchantId: merchantId ?? undefined });
  const data = stats.data?.data;
  if (!data) return null;
  return (
    <section aria-labelledby="rebook-heading" className="mb-8" data-testid="rebook-tile">
      <Card className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="rebook-heading" className="text-lg font-semibold text-ink-900">
            Rebooking reminders
          </h2>
          <span className="text-xs text-ink-500">Last {REBOOK_STATS_DAYS} days</span>
        </div>
        {data.services.length === 0 ? (
          <p className="text-sm text-ink-600" data-testid="rebook-off">
            Off for every service. Edit a service and choose “Remind to rebook” (say, after 6 weeks for a haircut): customers who opted in
            to offers get one reminder with a Book again link.
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-xl bg-blush-50 p-3">
                <dt className="text-xs text-ink-600">Reminders sent</dt>
                <dd className="text-2xl font-semibold text-ink-900" data-testid="rebook-sent">
                  {data.sent}
                </dd>
              </div>
              <div className="rounded-xl bg-blush-50 p-3">
                <dt className="text-xs text-ink-600">Bookings from them</dt>
                <dd className="text-2xl font-semibold text-ink-900" data-testid="rebook-booked">
                  {data.booked}
                </dd>
              </div>
            </dl>
            <ul className="divide-y divide-blush-100 text-sm" data-testid="rebook-services">
              {data.services.map((s) => (
                <li key={s._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                  <span className="font-medium text-ink-900">
                    {s.name} <span className="font-normal text-ink-500">· after {s.weeks === 1 ? '1 week' : `${s.weeks} weeks`}</span>
                  </span>
                  <span className="text-ink-700">
                    {s.sent} sent · {s.booked} booked
                  </span>
                </li>
              ))}
            </ul>
            <p className="text-xs text-ink-500">
              A booking counts when the customer books that service here within {REBOOK_ATTRIBUTION_DAYS} days of the reminder and keeps it.
            </p>
          </>
        )}
      </Card>
    </section>
  );
}
