import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { AppError, type AppErrorDetails, badRequest, toTRPCError } from '../errors.js';
import type { Context } from './context.js';

/** The input failed validation; `field` names the offending field. */
export class InputError extends Error {
  constructor(
    message: string,
    public readonly field: string | null,
  ) {
    super(message);
    this.name = 'InputError';
  }
}

/**
 * OpenAPI meta plus the HTTP status of a successful REST answer (201 for creations); adminOnly is
 * set by adminProcedure, so tests find every admin-only procedure in any namespace.
 */
export type AppMeta = OpenApiMeta & { successStatus?: number; adminOnly?: boolean } & { docs?: ApiDocsMeta };

/**
 * The parts of a procedure's /api documentation that trpc-to-openapi's `openapi` meta has no field
 * for (its summary, description, `errorResponses` and `requestHeaders` go there); http/openapi.ts
 * reads these from the procedure definitions.
 */
export interface ApiDocsMeta {
  /** A public procedure that reads the caller when a bearer token is sent: what the token changes. */
  optionalAuth?: string;
  /** Another success status the procedure may answer (it sets ctx.responseStatus), with its meaning. */
  alsoSucceeds?: Record<number, string>;
  /** Named examples of the JSON request body. */
  examples?: Record<string, { summary: string; value: Record<string, unknown> }>;
  /** Examples of query parameters, by parameter name. */
  parameterExamples?: Record<string, unknown>;
  /** A public GET whose answer anyone may cache for a while: it gets an ETag and this Cache-Control (http/caching.ts). */
  cache?: CachePolicy;
  /**
   * OpenAPI links from this operation's answer to the operations on what it made, by link name:
   * the target procedure (tRPC path, e.g. 'users.getBookingById') and its parameters as runtime
   * expressions (`$response.body#/data/booking/_id`).
   */
  links?: Record<string, { procedure: string; parameters: Record<string, string>; description: string }>;
}

/** How long shared caches and browsers may keep a public answer, and serve it stale while they revalidate (seconds). */
export interface CachePolicy {
  maxAge: number;
  staleWhileRevalidate?: number;
}

/**
 * Stack traces go into error bodies only where someone debugs: under `npm run dev` (which sets
 * NODE_ENV=development) and in tests. A server started without NODE_ENV (`npm start`) is a
 * production one and never shows them. Read from the server's own settings on each error, so one
 * process can hold a production app beside a test one; an error from before the context was made
 * (an unsupported content type, a malformed body) never carries one.
 */
function showsStacks(ctx: Context | undefined): boolean {
  const nodeEnv = ctx?.deps?.env.NODE_ENV;
  return nodeEnv === 'development' || nodeEnv === 'test';
}

export const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    // Stacks are kept on the shape and dropped per server by the formatter below (showsStacks).
    isDev: true,
    // The calendar's live feed (server-sent events): a comment every 15 s keeps proxies from closing
    // an idle stream, and a client that hears nothing for 40 s takes the stream for dead and reconnects.
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
    errorFormatter({ shape, error, ctx }) {
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      const cause = error.cause;
      return {
        ...shape,
        message: internal ? 'Something went wrong' : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          field: cause instanceof InputError ? cause.field : cause instanceof AppError ? (cause.field ?? null) : null,
          ...(cause instanceof AppError && cause.details ? (cause.details as AppErrorDetails) : {}),
          ...(internal || !showsStacks(ctx) ? {} : { stack: shape.data.stack }),
        },
      };
    },
  });

export function describeZodError(err: ZodError): { message: string; field: string | null } {
  const issue = err.issues[0];
  if (!issue) return { message: 'Invalid input', field: null };
  const field = issue.path.length ? issue.path.map(String).join('.') : null;
  if (!field) {
    return { message: issue.code === 'invalid_type' ? 'The request body must be a JSON object' : issue.message, field: null };
  }
  const msg = issue.message;
  // Every message starts with the field's name: schemas that already write "field: ..." keep theirs.
  return { message: msg.startsWith(`${field}: `) ? msg : `${field}: ${msg}`, field };
}

/** What a "<what> not found" names, as input fields spell it: 'Staff member' → staff, 'Salon' → the merchant. */
const RECORD_FIELD: Record<string, string> = { salon: 'merchant', 'staff member': 'staff', account: 'user' };

/**
 * The input field a 404 is about, when the service did not say: the only id in the input, or the
 * one the message names ("Booking not found" → bookingId). Null when that cannot be told.
 */
export function notFoundField(message: string, input: unknown): string | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  const ids = Object.entries(input)
    .filter(([k, v]) => /^(id|_id|[a-z][A-Za-z]*Id)$/.test(k) && typeof v === 'string')
    .map(([k]) => k);
  if (ids.length === 1) return ids[0];
  const what = /^(.+?) not found/i.exec(message)?.[1]?.toLowerCase();
  if (!what) return null;
  const stem = (RECORD_FIELD[what] ?? what).replace(/\s+(\w)/g, (_m, c: string) => c.toUpperCase());
  return ids.find((k) => k === `${stem}Id`) ?? null;
}

/** One error mapping for every procedure: zod → 400 naming the field, domain and DB errors → their status. */
const errorMapping = t.middleware(async ({ next, getRawInput }) => {
  const result = await next();
  if (result.ok) return result;
  const err = result.error;
  const cause = err.cause;
  // A 404 names what was not found (data.field), as the document promises, wherever the service left it out.
  const mapped = err.code === 'INTERNAL_SERVER_ERROR' && cause ? toTRPCError(cause) : err;
  if (mapped.code === 'NOT_FOUND' && !(mapped.cause instanceof AppError && mapped.cause.field)) {
    const field = notFoundField(mapped.message, await getRawInput().catch(() => undefined));
    if (field) throw new TRPCError({ code: 'NOT_FOUND', message: mapped.message, cause: new AppError('NOT_FOUND', mapped.message, field) });
  }
  if (err.code === 'BAD_REQUEST' && cause instanceof ZodError) {
    const { message, field } = describeZodError(cause);
    throw new TRPCError({ code: 'BAD_REQUEST', message, cause: new InputError(message, field) });
  }
  if (err.code === 'INTERNAL_SERVER_ERROR' && cause) {
    const mapped = toTRPCError(cause);
    if (mapped.code === 'INTERNAL_SERVER_ERROR') {
      console.error('[trpc] unhandled error', cause);
    }
    throw mapped;
  }
  return result;
});

/** The path ('services.0.name') of the first string in `value` that holds a NUL character; null when none does. */
export function nulCharacterPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulCharacterPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * No text the app stores can hold a NUL character (PostgreSQL refuses it), so an input carrying one
 * is refused before any work, naming its field, as every other bad input is.
 */
const refuseNulCharacters = t.middleware(async ({ next, getRawInput }) => {
  const path = nulCharacterPath(await getRawInput().catch(() => undefined));
  if (path) {
    // A key may hold the NUL itself: it is named with the character escaped, never echoed raw.
    const field = path.join('.').replaceAll('\u0000', '\\u0000');
    throw field
      ? badRequest(`${field}: must not contain a NUL character (\\u0000)`, field)
      : badRequest('The input must not contain a NUL character (\\u0000)');
  }
  return next();
});

export const router = t.router;
export const baseProcedure = t.procedure.use(errorMapping).use(refuseNulCharacters);
