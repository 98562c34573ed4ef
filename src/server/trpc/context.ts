import type { IncomingMessage } from 'node:http';
import type { StaffRole } from '../../shared/staffRoles.js';
import { signedInMember } from '../db/repositories/salonMembers.js';
import { signedInAccount } from '../db/repositories/sessions.js';
import type { Actor, AppDeps, Session } from '../deps.js';
import { isDatabaseUnavailable, type RateLimitInfo, toTRPCError } from '../errors.js';
import { RECENT_WRITE_COOKIE } from './reads.js';

/** The longest `Idempotency-Key` a client may send (characters). */
export const IDEMPOTENCY_KEY_MAX = 200;

export interface Context {
  deps: AppDeps;
  actor: Actor | null;
  /** Set when a bearer token was sent but is invalid, expired or revoked. */
  authError: string | null;
  /** The signed-in caller's token, which logout ends (null for tokens issued before tokens had an id). */
  session?: Session | null;
  /** The bearer token the caller was signed in with: a live stream checks it again while open (live/sessionGuard.ts). */
  token?: string | null;
  ip: string;
  userAgent?: string | null;
  idempotencyKey: string | null;
  /** Secrets checked by this HTTP request so far, shared by the calls of a tRPC batch (trpc/procedures.ts oneSecretCheck). */
  secretChecks?: { count: number };
  /** The caller wrote something a few seconds ago (a cookie says so): its discovery reads use the primary (trpc/reads.ts). */
  recentWrite?: boolean;
  /** Set by a procedure whose REST success status depends on the outcome (201 created vs 200 already there). */
  responseStatus?: number;
  /**
   * Filled by a live stream refused before it opens: /trpc answers subscriptions 200, so http/app.ts
   * makes it a 429 with these limits. An object made per request, as middlewares copy the context.
   */
  refused?: { limit?: RateLimitInfo };
}

function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1].trim() : null;
}

export function clientIp(req: IncomingMessage & { ip?: string }): string {
  return req.ip ?? req.socket?.remoteAddress ?? 'unknown';
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * Resolves the caller from the bearer token; a blocked account, a bumped token version or a
 * token ended by logout is signed out.
 */
export async function resolveActor(
  deps: AppDeps,
  token: string | null,
): Promise<{ actor: Actor | null; authError: string | null; session: Session | null }> {
  if (!token) return { actor: null, authError: null, session: null };
  const claims = await deps.tokens.verify(token);
  if (!claims) return { actor: null, authError: 'Your session is invalid or has expired. Please sign in again.', session: null };
  const jti = claims.jti ?? null;
  if (claims.mem) return resolveMember(deps, claims.mem, claims, jti);
  const row = (await signedInAccount(deps.db, claims.sub, jti)).rows[0];
  if (!row || row.token_version !== claims.ver || row.role !== claims.role || row.revoked) {
    return { actor: null, authError: SESSION_ENDED, session: null };
  }
  if (row.is_blocked) return { actor: null, authError: 'This account has been blocked.', session: null };
  return {
    actor: { id: row.id, role: row.role, email: row.email },
    authError: null,
    session: jti ? { jti, expiresAt: new Date(claims.exp * 1000) } : null,
  };
}

/**
 * A salon member's token: the member must still be active at that salon (revoking moves its token
 * version on), the token not logged out, and the salon's owner account not blocked.
 */
async function resolveMember(
  deps: AppDeps,
  memberId: string,
  claims: { sub: string; ver: number; exp: number },
  jti: string | null,
): Promise<{ actor: Actor | null; authError: string | null; session: Session | null }> {
  const row = (await signedInMember(deps.db, memberId, jti)).rows[0];
  if (
    !row ||
    row.status !== 'active' ||
    row.token_version !== claims.ver ||
    row.merchant_id !== claims.sub ||
    row.owner_role !== 'merchant' ||
    row.revoked
  ) {
    return { actor: null, authError: SESSION_ENDED, session: null };
  }
  if (row.is_blocked) return { actor: null, authError: 'This salon has been blocked.', session: null };
  return {
    actor: {
      id: row.merchant_id,
      role: 'merchant',
      email: row.email,
      member: { id: row.id, role: row.role as StaffRole, staffId: row.staff_id, name: row.name },
    },
    authError: null,
    session: jti ? { jti, expiresAt: new Date(claims.exp * 1000) } : null,
  };
}

export function createContextFactory(deps: AppDeps) {
  return async ({
    req,
    info,
  }: {
    req: IncomingMessage;
    info?: { connectionParams?: Record<string, string | undefined> | null };
  }): Promise<Context> => {
    // An EventSource (the calendar's live feed) cannot send headers: its token comes as a connection parameter.
    const token = bearer(req) ?? info?.connectionParams?.token ?? null;
    // A database that cannot be reached is a 503 here too (the procedures' errors are mapped later).
    const { actor, authError, session } = await resolveActor(deps, token).catch((err: unknown) => {
      throw isDatabaseUnavailable(err) ? toTRPCError(err) : err;
    });
    const key = req.headers['idempotency-key'];
    // /api refuses a key out of these bounds (400) before this is read (http/restSemantics.ts).
    const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX ? key : null;
    const recentWrite = deps.readDb !== deps.db && RECENT_WRITE_COOKIE.test(req.headers.cookie ?? '');
    return {
      deps,
      actor,
      authError,
      session,
      token: actor ? token : null,
      ip: clientIp(req),
      userAgent: req.headers['user-agent'] ?? null,
      idempotencyKey,
      secretChecks: { count: 0 },
      refused: {},
      recentWrite,
    };
  };
}
