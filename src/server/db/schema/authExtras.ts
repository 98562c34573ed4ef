/** Table types for OTP sign-in, social identities and session revocation; merged into Database in ../types.ts. */
export interface AuthExtrasTables {
  revoked_tokens: RevokedTokensTable;
}

/** Tokens ended by logout (migration 2026112420_revoked_tokens), kept until they expire. */
export interface RevokedTokensTable {
  /** The token's `jti` claim. */
  jti: string;
  /** The token's own expiry; the row is pruned after it. */
  expires_at: Date;
}
