import type { Dispatch } from 'react';
import { Link } from 'wouter';
import type { BookingWire } from '../../../../shared/schemas/bookings';
import { Avatar } from '../../../components/ui/Avatar';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { formatINR } from '../../../features/booking/format';
import { DeskConfirmationBadge } from '../../../features/bookingDesk/DeskConfirmationBadge';
import { customerName, deskMoves, serviceNames } from '../../../features/bookingDesk/desk';
import { ClientFlagBadges, useBookingFlags } from '../../../features/clients/flags';
import { longDate } from '../../../lib/dates';
import { DeskStatusBadge } from '../DeskStatusBadge';
import type { DeskModalAction } from './modalState';

type Dispatcher = Dispatch<DeskModalAction>;

function RowActions({ b, dispatch }: { b: BookingWire; dispatch: Dispatcher }) {
  const moves = deskMoves(b);
  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      <Button size="sm" variant="ghost" onClick={() => dispatch({ type: 'view', booking: b })} data-testid="row-view">
        View
      </Button>
      {moves.confirm && (
        <Button size="sm" onClick={() => dispatch({ type: 'confirm', booking: b })} data-testid="row-confirm">
          Confirm
        </Button>
      )}
      {moves.complete && (
        <Link href={`/merchant/checkout?booking=${b._id}`} className={buttonClasses('primary', 'sm')} data-testid="row-checkout">
          Checkout
        </Link>
      )}
      {moves.complete && (
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'complete', booking: b })} data-testid="row-complete">
          Complete
        </Button>
      )}
      {moves.completeFrom && (
        <span className="text-xs text-ink-500" data-testid="row-complete-from">
          Complete from {moves.completeFrom}
        </span>
      )}
      {moves.noShow && (
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'noShow', booking: b })} data-testid="row-no-show">
          No-show
        </Button>
      )}
      {moves.cancel && (
        <Button
          size="sm"
          variant="outline"
          className="text-red-700"
          onClick={() => dispatch({ type: 'cancel', booking: b })}
          data-testid="row-cancel"
        >
          Cancel
        </Button>
      )}
    </div>
  );
}

/** The list view: a table on wide screens, cards on narrow ones. */
export function BookingList({ bookings, dispatch }: { bookings: BookingWire[]; dispatch: Dispatcher }) {
  const flags = useBookingFlags(bookings.map((b) => b._id));
  return (
    <>
      <div className="hidden md:block">
        <table className="w-full text-left text-sm" data-testid="desk-table">
          <thead className="border-b border-blush-200 text-xs tracking-wide text-ink-500 uppercase">
            <tr>
              <th className="py-2 pr-3 font-semibold">Customer</th>
              <th className="py-2 pr-3 font-semibold">Service</th>
              <th className="py-2 pr-3 font-semibold">Date &amp; Time</th>
              <th className="py-2 pr-3 font-semibold">Status</th>
              <th className="py-2 text-right font-semibold">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-blush-100">
            {bookings.map((b) => (
              <tr key={b._id} data-testid="desk-row" data-booking-id={b._id} data-status={b.status}>
                <td className="py-3 pr-3">
                  <div className="flex items-center gap-2.5">
                    <Avatar src={b.userDetails.profileImage} name={customerName(b)} size="sm" />
                    <div className="min-w-0">
                      <p className="font-medium text-ink-900">{customerName(b)}</p>
                      <p className="truncate text-xs text-ink-500">{b.userDetails.phone ?? b.userDetails.email}</p>
                      <ClientFlagBadges flags={flags.get(b._id)} link className="mt-1" />
                    </div>
                  </div>
                </td>
                <td className="py-3 pr-3">
                  <p className="text-ink-900">{serviceNames(b)}</p>
                  <p className="text-xs text-ink-500">{formatINR(b.totalPrice)}</p>
                </td>
                <td className="py-3 pr-3 whitespace-nowrap">
                  <p className="text-ink-900">{longDate(b.bookingDate)}</p>
                  <p className="text-xs text-ink-500">{b.bookingTime}</p>
                </td>
                <td className="py-3 pr-3">
                  <div className="flex flex-col items-start gap-1">
                    <DeskStatusBadge booking={b} />
                    <DeskConfirmationBadge state={b.deskConfirmation} />
                  </div>
                </td>
                <td className="py-3">
                  <RowActions b={b} dispatch={dispatch} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden">
        {bookings.map((b) => (
          <li key={b._id} className="rounded-2xl border border-blush-200 p-3" data-testid="desk-card" data-booking-id={b._id}>
            <div className="flex items-start justify-between gap-2">
              <div className="flex min-w-0 items-center gap-2.5">
                <Avatar src={b.userDetails.profileImage} name={customerName(b)} size="sm" />
                <div className="min-w-0">
                  <p className="truncate font-medium text-ink-900">{customerName(b)}</p>
                  <p className="text-xs text-ink-500">
                    {longDate(b.bookingDate)} · {b.bookingTime}
                  </p>
                </div>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <DeskStatusBadge booking={b} />
                <DeskConfirmationBadge state={b.deskConfirmation} />
              </div>
            </div>
            <ClientFlagBadges flags={flags.get(b._id)} link className="mt-2" />
            <p className="mt-2 text-sm text-ink-700">
              {serviceNames(b)} · <span className="font-medium text-ink-900">{formatINR(b.totalPrice)}</span>
            </p>
            <div className="mt-2">
              <RowActions b={b} dispatch={dispatch} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
