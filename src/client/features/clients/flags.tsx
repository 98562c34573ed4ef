import { Link } from 'wouter';
import type { ClientFlags } from '../../../shared/schemas/clients';
import { Badge } from '../../components/ui/Badge';
import { cn } from '../../lib/cn';
import { longDate } from '../../lib/dates';
import { trpc } from '../../trpc';
import { useDeskMerchant } from '../bookingDesk/useDeskMerchant';

/** The record's address; an admin keeps the salon it acts for in the query. */
export function clientRecordPath(clientKey: string, adminMerchantId?: string | null) {
  const path = `/merchant/clients/${encodeURIComponent(clientKey)}`;
  return adminMerchantId ? `${path}?merchantId=${adminMerchantId}` : path;
}

/**
 * The allergy and patch-test flags and tags of the clients of the bookings on screen, by booking
 * id: one call for the screen's bookings (the server answers only the salon's own).
 */
export function useBookingFlags(bookingIds: string[]): Map<string, ClientFlags> {
  const { merchantId, isAdmin } = useDeskMerchant();
  const ids = [...new Set(bookingIds)].sort();
  const q = trpc.clients.getBookingFlags.useQuery(
    { bookingIds: ids.slice(0, 500), merchantId: isAdmin ? (merchantId ?? undefined) : undefined },
    { enabled: ids.length > 0 && !!merchantId, staleTime: 30_000 },
  );
  const map = new Map<string, ClientFlags>();
  for (const f of q.data?.data ?? []) map.set(f.bookingId, f);
  return map;
}

const patchLabel = (f: ClientFlags) =>
  f.patchTest === 'passed'
    ? `Patch test passed${f.patchTestOn ? ` ${longDate(f.patchTestOn)}` : ''}`
    : f.patchTest === 'failed'
      ? `Patch test FAILED${f.patchTestOn ? ` ${longDate(f.patchTestOn)}` : ''}`
      : null;

/** What the desk must heed before the service (an allergy, a failed patch test), in a few words for a card. */
export function flagWarning(f: ClientFlags): string {
  return [f.allergies ? `Allergy: ${f.allergies}` : null, f.patchTest === 'failed' ? 'Patch test failed' : null]
    .filter(Boolean)
    .join(' · ');
}

/** The flags as badges (booking lists, booking details, the record itself). */
export function ClientFlagBadges({ flags, className, link }: { flags: ClientFlags | undefined; className?: string; link?: boolean }) {
  const { merchantId, isAdmin } = useDeskMerchant();
  if (!flags) return null;
  const patch = patchLabel(flags);
  return (
    <div className={cn('flex flex-wrap items-center gap-1', className)} data-testid="client-flags">
      {flags.allergies && (
        <Badge tone="danger" data-testid="flag-allergy">
          <span aria-hidden="true">⚠</span> Allergy: {flags.allergies}
        </Badge>
      )}
      {patch && (
        <Badge tone={flags.patchTest === 'failed' ? 'danger' : 'success'} data-testid="flag-patch-test">
          {patch}
        </Badge>
      )}
      {flags.tags.map((t) => (
        <Badge key={t} tone="brand" data-testid="flag-tag">
          {t}
        </Badge>
      ))}
      {link && (
        <Link
          href={clientRecordPath(flags.clientKey, isAdmin ? merchantId : null)}
          className="text-xs font-semibold text-plum-700 underline underline-offset-2 hover:text-plum-900"
          data-testid="client-record-link"
        >
          Client record
        </Link>
      )}
    </div>
  );
}

/** A booking's client flags with a link to the record (booking dialogs). */
export function BookingClientFlags({ bookingId, className }: { bookingId: string; className?: string }) {
  const flags = useBookingFlags([bookingId]).get(bookingId);
  return <ClientFlagBadges flags={flags} link className={className} />;
}
