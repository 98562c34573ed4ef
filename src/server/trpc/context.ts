import type { IncomingMessage } from 'node:http';
import type { Db } from '../db/index.js';
import type { Env } from '../env.js';
import type { Role } from '../db/types.js';
import type { TokenService } from '../services/auth/tokens.js';
import type { Adapters } from '../adapters/index.js';
import { isDatabaseUnavailable, toTRPCError } from '../errors.js';
import { compiledOnce } from '../db/compiled.js';

export interface AppDeps {
  db: Db;
  env: Env;
  tokens: TokenService;
  adapters: Adapters;
}

export interface Actor {
  id: string;
  role: Role;
  email: string;
}

export interface Context {
  deps: AppDeps;
  actor: Actor | null;
  /** Set when a bearer token was sent but is invalid, expired or revoked. */
  authError: string | null;
  ip: string;
  userAgent?: string | null;
  idempotencyKey: string | null;
  /** Set by a procedure whose REST success status depends on the outcome (201 created vs 200 already there). */
  responseStatus?: number;
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

/** What every signed-in request reads of its account (compiled once: it runs on every such request). */
const signedInAccount = compiledOnce((db, id: string) =>
  db.selectFrom('accounts').select(['id', 'role', 'email', 'is_blocked', 'token_version']).where('id', '=', id),
);

/** Resolves the caller from the bearer token; a blocked account or a bumped token version is signed out. */
export async function resolveActor(deps: AppDeps, token: string | null): Promise<{ actor: Actor | null; authError: string | null }> {
  if (!token) return { actor: null, authError: null };
  const claims = await deps.tokens.verify(token);
  if (!claims) return { actor: null, authError: 'Your session is invalid or has expired. Please sign in again.' };
  const row = (await signedInAccount(deps.db, claims.sub)).rows[0];
  if (!row || row.token_version !== claims.ver || row.role !== claims.role) {
    return { actor: null, authError: 'Your session has ended. Please sign in again.' };
  }
  if (row.is_blocked) return { actor: null, authError: 'This account has been blocked.' };
  return { actor: { id: row.id, role: row.role, email: row.email }, authError: null };
}

export function createContextFactory(deps: AppDeps) {
  return async ({ req }: { req: IncomingMessage }): Promise<Context> => {
    // A database that cannot be reached is a 503 here too (the procedures' errors are mapped later).
    const { actor, authError } = await resolveActor(deps, bearer(req)).catch((err: unknown) => {
      throw isDatabaseUnavailable(err) ? toTRPCError(err) : err;
    });
    const key = req.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= 200 ? key : null;
    return { deps, actor, authError, ip: clientIp(req), userAgent: req.headers['user-agent'] ?? null, idempotencyKey };
  };
}
