import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Db } from '../../db/index.js';
import type { Role } from '../../db/types.js';

const ISSUER = 'glowbook';
const AUDIENCE = 'glowbook-app';
const ALG = 'HS256';

export interface TokenClaims {
  sub: string;
  role: Role;
  ver: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
}

/**
 * The signing secret comes from JWT_SECRET or, when unset, is generated once and kept in the
 * database so that every server process behind a balancer signs and verifies with the same key.
 */
export async function loadJwtSecret(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const fresh = randomBytes(48).toString('base64url');
  await db
    .insertInto('app_settings')
    .values({ key: 'jwt_secret', value: fresh })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

export function createTokenService(secret: Uint8Array, ttl: string): TokenService {
  return {
    async sign(claims) {
      return new SignJWT({ role: claims.role, ver: claims.ver })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const role = payload.role;
        if (role !== 'customer' && role !== 'merchant' && role !== 'admin') return null;
        return { sub: payload.sub!, role, ver: typeof payload.ver === 'number' ? payload.ver : -1 };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}
