import type { ErrorNotes } from './common.docs.js';

/** The /api documentation of the salon settings procedures too long to sit in their meta (settings.ts). */

export const updateBusinessHoursErrors: ErrorNotes = {
  409: 'Upcoming bookings fall outside the new opening hours and no `decision` was sent, or (with `bookingIds`) some of them are not among the bookings the decision was taken on: nothing is saved. `data.clashes` lists them all (booking, date, time, customer, services, reason); send again with `decision` `keep` or `cancel`.',
};
