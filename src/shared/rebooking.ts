/*
 * Rebooking (issue 40 item 6, docs/channels.md "Book again and rebooking reminders"): the limits of
 * a service's "remind to rebook after N weeks", and where a reminder's link leads.
 */

/** "Remind to rebook after N weeks": from 1 to 52, or off. */
export const REBOOK_MIN_WEEKS = 1;
export const REBOOK_MAX_WEEKS = 52;
/** A booking at the salon with the reminded service this many days after the reminder counts as one that came from it. */
export const REBOOK_ATTRIBUTION_DAYS = 30;
/** The salon's tile counts the reminders of this many days. */
export const REBOOK_STATS_DAYS = 90;

/** The app's path that starts the booking flow again from a completed visit (Bookings page, e-mails, reminders). */
export function bookAgainPath(bookingId: string): string {
  return `/bookings/again/${bookingId}`;
}
