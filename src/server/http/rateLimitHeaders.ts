import { RateLimitError, type RateLimitInfo } from '../errors.js';

/*
 * What a 429 says in headers, so a client can wait exactly as long as needed without reading the
 * message: `Retry-After` (seconds, RFC 9110) and the IETF RateLimit fields
 * (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy: "sign-in";q=5;w=900` names the limit
 * met (q requests per w seconds) and `RateLimit: "sign-in";r=0;t=900` what is left of it and in
 * how many seconds that changes.
 */

export const RATE_LIMIT_HEADERS = ['Retry-After', 'RateLimit', 'RateLimit-Policy'] as const;

export function rateLimitHeaders(info: RateLimitInfo): Record<string, string> {
  const retry = Math.max(1, Math.ceil(info.retryAfterSeconds));
  const name = `"${info.policy.replace(/[^A-Za-z0-9._-]/g, '-')}"`;
  return {
    'retry-after': String(retry),
    'ratelimit-policy': `${name};q=${info.limit};w=${info.windowSeconds}`,
    ratelimit: `${name};r=${info.remaining ?? 0};t=${retry}`,
  };
}

/** The headers of an answer that carries these errors: those of the first 429 with a known limit; none otherwise. */
export function rateLimitHeadersOf(errors: readonly unknown[]): Record<string, string> {
  for (const e of errors) {
    const cause = (e as { cause?: unknown }).cause;
    if (cause instanceof RateLimitError) return rateLimitHeaders(cause.limit);
  }
  return {};
}
