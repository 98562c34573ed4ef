import type { Generated } from 'kysely';

/** Table types for OTP sign-in, social identities and session revocation; merged into Database in ../types.ts. */
export interface AuthExtrasTables {
  revoked_tokens: RevokedTokensTable;
  rate_events: RateEventsTable;
}

/** Tokens ended by logout (migration 2026112420_revoked_tokens), kept until they expire. */
export interface RevokedTokensTable {
  /** The token's `jti` claim. */
  jti: string;
  /** The token's own expiry; the row is pruned after it. */
  expires_at: Date;
}

/** One counted event of a rate limit (migration 202611252158_rate_events; see repositories/limits.ts). */
export interface RateEventsTable {
  id: Generated<number>;
  scope: string;
  key: string;
  at: Generated<Date>;
}
