import type { BookingWire } from '../../../shared/schemas/bookings';
import { Badge, StatusBadge } from '../../components/ui/Badge';

/** A booking booked (or awaiting payment) whose start has passed with nobody checking the customer in: it needs the desk, not "upcoming". */
export function notCheckedIn(b: Pick<BookingWire, 'status' | 'startsAt'>, now: Date = new Date()): boolean {
  return (b.status === 'upcoming' || b.status === 'pending') && new Date(b.startsAt).getTime() < now.getTime();
}

/** The desk's status of a booking: "Not checked in" (needs action) for one whose start passed unsettled, else its status. */
export function DeskStatusBadge({ booking, now }: { booking: Pick<BookingWire, 'status' | 'startsAt'>; now?: Date }) {
  if (notCheckedIn(booking, now)) {
    return (
      <Badge tone="warning" data-testid="not-checked-in">
        Not checked in
      </Badge>
    );
  }
  return <StatusBadge status={booking.status} />;
}
