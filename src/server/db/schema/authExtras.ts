/** Table types for OTP sign-in and social identities (issue 7); merged into Database in ../types.ts. */
export interface AuthExtrasTables {}
