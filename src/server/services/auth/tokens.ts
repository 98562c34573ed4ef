import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Role } from '../../../shared/constants.js';
import type { Db } from '../../db/index.js';
import { settingOnce } from '../../db/repositories/appSettings.js';

const ISSUER = 'glowbook';
const AUDIENCE = 'glowbook-app';
const ALG = 'HS256';

export interface TokenClaims {
  sub: string;
  role: Role;
  ver: number;
  /** A salon member's token: the member's id (`sub` is then the salon, `ver` the member's token version). */
  mem?: string;
}

/**
 * A verified token's claims, with the token's own id (`jti`, null on tokens issued before tokens
 * had one) and expiry (`exp`, seconds since the epoch), which logout records to end that one
 * token. Those two are read-only and not enumerable: they name this token, they are not claims
 * of the account to compare, copy or sign again.
 */
export type VerifiedClaims = TokenClaims & { readonly jti: string | null; readonly exp: number };

/** An account id as the database makes them (gen_random_uuid); a token naming anything else is not ours. */
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenService {
  /** A token for these claims, with an id of its own (`jti`) so that logout can end it alone. */
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token (signature, issuer, audience, expiry, an account id as subject), else null. */
  verify(token: string): Promise<VerifiedClaims | null>;
  /**
   * A link token that never expires, for one purpose and subject (e.g. an e-mail's unsubscribe
   * link): `<subject>.<HMAC of purpose and subject>`, so it can be neither forged nor reused for
   * another purpose.
   */
  signLink(purpose: string, subject: string): string;
  /** The subject of a valid link token for this purpose, else null. */
  verifyLink(purpose: string, token: string): string | null;
}

/**
 * The signing secret comes from JWT_SECRET or, when unset, is generated once and kept in the
 * database so that every server process behind a balancer signs and verifies with the same key.
 */
export async function loadJwtSecret(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  return new TextEncoder().encode(await settingOnce(db, 'jwt_secret', randomBytes(48).toString('base64url')));
}

export function createTokenService(secret: Uint8Array, ttl: string): TokenService {
  /*
   * A token's signature and claims never change, so a verified token is remembered until it
   * expires: a signed-in client's later requests skip the HMAC. Whether the account may still use
   * it (blocked, signed out everywhere) is checked on every request against the database.
   */
  const verified = new LRUCache<string, VerifiedClaims>({ max: 20_000, ttlAutopurge: false });
  const mac = (purpose: string, subject: string) => createHmac('sha256', secret).update(`link:${purpose}:${subject}`).digest();
  return {
    signLink(purpose, subject) {
      return `${subject}.${mac(purpose, subject).toString('base64url')}`;
    },
    verifyLink(purpose, token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0) return null;
      const subject = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(purpose, subject);
      return given.length === expected.length && timingSafeEqual(given, expected) ? subject : null;
    },
    async sign(claims) {
      return new SignJWT(claims.mem ? { role: claims.role, ver: claims.ver, mem: claims.mem } : { role: claims.role, ver: claims.ver })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(secret);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const role = payload.role;
        if (role !== 'customer' && role !== 'merchant' && role !== 'admin') return null;
        // The account check reads the subject as a uuid: anything else would fail there, not be refused.
        const sub = payload.sub;
        if (typeof sub !== 'string' || !ACCOUNT_ID.test(sub)) return null;
        const mem = payload.mem;
        if (mem !== undefined && (typeof mem !== 'string' || !ACCOUNT_ID.test(mem) || role !== 'merchant')) return null;
        const claims = Object.defineProperties(
          { sub, role, ver: typeof payload.ver === 'number' ? payload.ver : -1, ...(mem ? { mem } : {}) },
          { jti: { value: typeof payload.jti === 'string' ? payload.jti : null }, exp: { value: payload.exp! } },
        ) as VerifiedClaims;
        const left = payload.exp! * 1000 - Date.now();
        if (left > 0) verified.set(token, claims, { ttl: left });
        return claims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
