import { type ErrorNotes, PLAN_TOOL } from './common.docs.js';

/** The /api documentation of the customer messaging procedures too long to sit in their meta (crm.ts). */

export const sendCustomerMessageErrors: ErrorNotes = {
  400: 'The input is not valid (the message names the field), or `bookingId`: a message about a booking (`category: transactional`) must name one of this customer’s bookings at the salon that is upcoming or from the last 7 days',
  403: `\`category\`: a promotional message to a customer who has not opted in to offers and news (the message names the opt-out; walk-ins never opted in); or ${PLAN_TOOL.charAt(0).toLowerCase()}${PLAN_TOOL.slice(1)}`,
  429: 'The salon has reached its daily limit of 100 one-to-one messages (each channel counts; the India day resets at midnight IST): the message names the limit and what is left',
};
