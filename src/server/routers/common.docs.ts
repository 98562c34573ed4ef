import { z } from 'zod';
import { DATABASE_UNAVAILABLE } from '../errors.js';
import { IDEMPOTENCY_KEY_MAX } from '../trpc/context.js';

/**
 * The /api documentation shared by the routers: what each error status means where a procedure
 * has nothing more particular to say, the notes several procedures share, and `errors(...)`, which
 * builds a procedure's `meta.openapi.errorResponses` (trpc-to-openapi's field: status → meaning).
 *
 * A procedure lists the errors it can answer itself (400, 401, 403, 404, 409, 412, 422, 429);
 * http/openapi.ts adds the ones the transport answers for every procedure: 413 and 415 for a body,
 * 500 and 503.
 */

/** The statuses an /api error can have (http/openapi.ts ERROR_STATUS gives the code of each). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 412 | 413 | 415 | 422 | 429 | 500 | 503;

/** What each error status means where a procedure has nothing more particular to say. */
export const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'The input is not valid: the message starts with the name of the offending field, which `data.field` gives too (null when no single field is at fault). Malformed or too deeply nested JSON is a 400 as well.',
  401: 'No bearer token, or one that is invalid, expired or revoked (blocking an account or changing its password signs it out)',
  403: "The account may not do this: the wrong role (customer, salon owner, administrator), or another account's or salon's data (a `userId` or `merchantId` in the input must be the caller's own; administrators may act for anyone)",
  404: "A record the request names does not exist, or is not the caller's to see",
  405: 'The path exists but does not answer this method; the `Allow` header lists the ones it does',
  409: 'The request clashes with the current state of the data, or with a concurrent request that changed the same records first ("The request clashed with another one; please try again": repeat it)',
  412: 'This server is not configured for the request',
  413: 'The request body is larger than 1 MB (15 MB for image uploads)',
  415: 'The body was not sent as `Content-Type: application/json`',
  422: 'The request cannot be applied as sent',
  429: 'Too many attempts or codes in a short time: the message says how long to wait',
  500: 'An unexpected error (it is logged); the message is always "Something went wrong"',
  503: `The database is briefly unreachable (a restart or a fail-over): "${DATABASE_UNAVAILABLE}" Repeat the request after \`Retry-After\` seconds.`,
};

/** Particular meanings of some statuses, for `errors(...)`. */
export type ErrorNotes = Partial<Record<ErrorStatus, string>>;

/**
 * A procedure's documented errors, for `meta.openapi.errorResponses`: a bare status takes its
 * generic meaning (ERROR_TEXT), a notes object gives particular ones (later arguments win).
 */
export function errors(...items: (ErrorStatus | ErrorNotes)[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const item of items) {
    if (typeof item === 'number') out[item] = ERROR_TEXT[item];
    else Object.assign(out, item);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

export const EMAIL_TAKEN = 'This e-mail is already registered';
export const JUST_CHANGED = 'The booking was changed by another request meanwhile ("This booking has just been changed; please reload it")';
/** services/auth/passwords.ts: a process hashes 2 passwords at once with 32 waiting; beyond that, 429 at once. */
export const PASSWORDS_BUSY = 'Too many passwords are being checked on this server right now; try again in a few seconds';
export const PLAN_TOOL =
  "The salon's plan does not include this tool (the message names the plan and the plan that has it), or another salon's `merchantId`";
export const NO_SUCH_ACCOUNT = 'No account has this `userId`';
export const CODES_SENT = '3 codes were sent to this address in the last 10 minutes';
export const EMAIL_TAKEN_SINCE = `${EMAIL_TAKEN}: another account took the e-mail since the code was sent`;

export const passwordSignIn: ErrorNotes = {
  401: 'The e-mail or the password is wrong (the same answer for an unknown e-mail)',
  403: 'The account is blocked, or it belongs to the other sign-in (customers and administrators, or salon owners)',
  429: 'Too many failed sign-ins for this e-mail or from this IP address; the message says when to try again',
};
export const codeRequest: ErrorNotes = {
  429: 'A code was sent to this address less than 30 seconds ago, or 3 codes in the last 10 minutes',
};
export const codeCheck: ErrorNotes = {
  400: '`otp`: the code is wrong, has expired or was used already (or another field is not valid)',
  429: 'Too many wrong codes for this address or from this IP address; the message says when to try again',
};
export const hashesPassword: ErrorNotes = { 429: PASSWORDS_BUSY };
export const googleSignIn: ErrorNotes = {
  ...hashesPassword,
  412: 'Google sign-in is not configured on this server (GET /users/auth/providers says so beforehand)',
  401: 'The Google credential is not valid or has expired',
  403: 'The account is blocked',
};

/** Ids the request examples use. */
export const EXAMPLE_SALON = '6b1f3c2a-8d4e-4f5a-9b6c-7d8e9f0a1b2c';
export const EXAMPLE_SERVICE = '0c9d8e7f-6a5b-4c3d-8e1f-2a3b4c5d6e7f';
export const EXAMPLE_STAFF = '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b';
export const EXAMPLE_BOOKING = '4d5e6f70-8192-4a3b-8c4d-5e6f70819203';
export const signInExamples = (accounts: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(accounts).map(([name, email]) => [name, { summary: 'The demo account', value: { email, password: 'Demo@1234' } }]),
  );

/**
 * The optional `Idempotency-Key` request header (read in trpc/context.ts) of a procedure that
 * honours it, for `meta.openapi.requestHeaders`; `how` says what a repeat with the same key does.
 */
export const idempotencyKeyHeader = (how: string) =>
  z.object({ 'Idempotency-Key': z.string().min(1).max(IDEMPOTENCY_KEY_MAX).optional().meta({ description: how }) });

/**
 * How long the public reads may be cached (meta.docs.cache): salon lists and pages change with
 * every booking and edit, so a minute, served stale for five while revalidated; the catalogue
 * (categories, locations, testimonials) changes when an administrator edits it.
 */
export const LISTING_CACHE = { maxAge: 60, staleWhileRevalidate: 300 };
export const CATALOGUE_CACHE = { maxAge: 300, staleWhileRevalidate: 3600 };

/** OpenAPI links (meta.docs.links) from a booking's creation to what can be done with it; `at` points at its `_id`. */
export const bookingLinks = (at: string) => ({
  getBooking: { procedure: 'users.getBookingById', parameters: { bookingId: at }, description: 'Read the booking just made' },
  cancelBooking: {
    procedure: 'users.cancelBooking',
    parameters: { bookingId: at },
    description: 'Cancel it (the refund follows the policy)',
  },
  rescheduleBooking: {
    procedure: 'users.rescheduleBooking',
    parameters: { bookingId: at },
    description: 'Move it to another date or time',
  },
});

/** OpenAPI links from a salon's registration to its page, its services and its free times; `at` points at the salon's `_id`. */
export const salonLinks = (at: string) => ({
  getSalon: {
    procedure: 'merchants.getMerchantById',
    parameters: { id: at },
    description: 'Read the salon (its owner sees it before it is published)',
  },
  getServices: { procedure: 'services.getAllServices', parameters: { merchantId: at }, description: "List the salon's services" },
  getSlots: {
    procedure: 'users.getAvailableSlots',
    parameters: { merchantId: at },
    description: 'Free times for chosen services on a day',
  },
});
