import { TRPCError } from '@trpc/server';
import type { HoursClash } from '../shared/schemas/shop.js';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'PRECONDITION_FAILED'
  | 'UNPROCESSABLE_CONTENT';

/** What an error answer may carry beside its message, in its `data` (documented in http/openapi.ts). */
export interface AppErrorDetails {
  /** merchants/updateBusinessHours' 409: the bookings the new hours leave uncovered. */
  clashes?: HoursClash[];
}

/** A rule broken by the caller; services throw these, the tRPC layer maps them to statuses. */
export class AppError extends Error {
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly field?: string,
    public readonly details?: AppErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * The limit a 429 met, so a client can follow it without parsing the message: `Retry-After` and
 * the IETF RateLimit / RateLimit-Policy headers are built from it (http/rateLimitHeaders.ts).
 */
export interface RateLimitInfo {
  /** The policy's name in the headers, e.g. 'sign-in' or 'codes'. */
  policy: string;
  /** How many the policy allows in a window. */
  limit: number;
  windowSeconds: number;
  /** Seconds until a request may succeed again (at least 1). */
  retryAfterSeconds: number;
  /** What is left in the window when a request asked for more than that (a daily allowance); 0 when not said. */
  remaining?: number;
}

/** A 429 that says which limit it met and when to come back. */
export class RateLimitError extends AppError {
  constructor(
    message: string,
    public readonly limit: RateLimitInfo,
  ) {
    super('TOO_MANY_REQUESTS', message);
    this.name = 'RateLimitError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError('BAD_REQUEST', message, field);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const unauthorized = (message = 'Please sign in to continue') => new AppError('UNAUTHORIZED', message);

export const SLOT_TAKEN = 'This time slot is no longer available';
/** A booking or move refused because the salon's opening hours changed since they were read. */
export const HOURS_CHANGED = 'The salon has just changed its opening hours; please choose the time again';

interface PgLikeError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

function pgError(err: unknown): PgLikeError | null {
  if (err && typeof err === 'object' && 'code' in err && typeof (err as PgLikeError).code === 'string') {
    const code = (err as PgLikeError).code!;
    if (/^[0-9A-Z]{5}$/.test(code)) return err as PgLikeError;
  }
  return null;
}

/** Turns anything a service can throw into a TRPCError with a status and a human message. */
export function toTRPCError(err: unknown): TRPCError {
  if (err instanceof TRPCError) return err;
  if (err instanceof AppError) return new TRPCError({ code: err.code, message: err.message, cause: err });
  const pg = pgError(err);
  if (pg) {
    switch (pg.code) {
      case '23P01':
        return new TRPCError({ code: 'CONFLICT', message: SLOT_TAKEN });
      case '23505':
        return new TRPCError({ code: 'CONFLICT', message: uniqueMessage(pg.constraint) });
      case '23503':
        return foreignKeyError(pg);
      case '23514':
        // Not a bad value from the caller: the invoice's balance moved under it (migrations/…_credit_notes_within_invoice).
        if (pg.constraint === 'credit_notes_within_invoice')
          return new TRPCError({ code: 'CONFLICT', message: 'The invoice is already credited in full or in part; reload and try again' });
        return new TRPCError({ code: 'BAD_REQUEST', message: checkMessage(pg.constraint) });
      case '22P02':
      case '22007':
      case '22008':
      case '22003':
      case '22001':
      // A NUL character (text cannot hold one) or a \u0000 escape inside JSON.
      case '22021':
      case '22P05':
        return new TRPCError({ code: 'BAD_REQUEST', message: 'A value has the wrong format or is out of range' });
      case '40001':
      case '40P01':
        return new TRPCError({ code: 'CONFLICT', message: 'The request clashed with another one; please try again' });
    }
  }
  if (isDatabaseUnavailable(err)) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE, cause: err as Error });
  }
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong', cause: err as Error });
}

export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable; please try again in a moment';
/** The 503 body of the HTTP routes outside tRPC (tRPC's own errors carry the same message and code). */
export const DATABASE_UNAVAILABLE_BODY = { message: DATABASE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' } as const;
/** Every 503 says when to try again (seconds): a restart or fail-over takes a few. */
export const RETRY_AFTER_SECONDS = '1';

/** Socket errors of a database that cannot be reached (restarting, failing over, network down). */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether the database, not the request, failed: it could not be reached, it is shutting down or
 * starting (57P01-57P03), it has no connection left (53300), a connection failed (class 08), or
 * node-postgres lost the connection or waited too long for one. Such a request may simply be
 * repeated: it gets 503, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE.has(code) || /^(08...|57P0[123]|53300)$/.test(code))) return true;
  const message = (err as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)$/.test(
      message,
    )
  );
}

/**
 * A foreign key refused the write. An id the request named that does not exist is a 404 naming the
 * field (its column, as the wire spells it: merchant_id → merchantId); a record still referenced by
 * others, which a delete cannot remove, is a 409.
 */
function foreignKeyError(pg: PgLikeError): TRPCError {
  const detail = pg.detail ?? '';
  if (/is still referenced/.test(detail)) {
    return new TRPCError({ code: 'CONFLICT', message: 'This record is still in use by others and cannot be removed' });
  }
  const column = /^Key \(([a-z_]+)\)=/.exec(detail)?.[1];
  const field = column?.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  const message = field ? `${field}: no such record` : 'A record the request names does not exist';
  return new TRPCError({ code: 'NOT_FOUND', message, cause: new AppError('NOT_FOUND', message, field) });
}

function uniqueMessage(constraint?: string): string {
  if (constraint === 'accounts_email_key') return 'This email is already registered';
  if (constraint === 'accounts_verified_phone_key') return 'phone: this mobile number is already verified on another account';
  if (constraint === 'coupons_code_key') return 'A coupon with this code already exists';
  if (constraint === 'reviews_booking_id_key') return 'This booking has already been reviewed';
  if (constraint === 'support_messages_one_dispute') return 'bookingId: this no-show has already been disputed';
  return 'This record already exists';
}

function checkMessage(constraint?: string): string {
  if (constraint === 'services_discount_bounds') return 'discount: the discount is larger than allowed';
  if (constraint === 'coupons_usage_bound') return 'couponCode: this coupon has reached its usage limit';
  return `A value is out of the allowed range${constraint ? ` (${constraint})` : ''}`;
}
