import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachePolicy } from '../trpc/init.js';

/*
 * Conditional GETs for the public reads a procedure marks cacheable (meta.docs.cache): the answer
 * carries a weak ETag computed from its body and `Cache-Control: public, max-age=…`, and a request
 * whose `If-None-Match` holds that tag is answered 304 with no body. The tag is computed from the
 * body the procedure produced, so it changes exactly when the answer does, on every server process
 * alike. Only answers to requests without a token: a signed-in caller's answer stays
 * `private, no-store` (app.ts), even where the operation is public.
 */

export function cacheControlOf(policy: CachePolicy): string {
  const swr = policy.staleWhileRevalidate ? `, stale-while-revalidate=${policy.staleWhileRevalidate}` : '';
  return `public, max-age=${policy.maxAge}${swr}`;
}

export function weakEtag(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether `If-None-Match` (a list of tags, or `*`) matches `etag` by the weak comparison of RFC 9110. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Holds back the body the handler ends `res` with (trpc-to-openapi writes each answer with one
 * `end`), then sends it with its ETag and Cache-Control, or 304 when the client has it already.
 * Errors and other statuses pass as they are.
 */
export function answerConditionally(req: IncomingMessage, res: ServerResponse, policy: CachePolicy): void {
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: BufferEncoding) => ServerResponse;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    const cb = [chunk, encoding, callback].find((a) => typeof a === 'function') as (() => void) | undefined;
    if (cb) res.once('finish', cb);
    const data = typeof chunk === 'function' || chunk == null ? undefined : chunk;
    if (res.statusCode !== 200 || res.headersSent || data === undefined)
      return end(data, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined);
    const body = Buffer.isBuffer(data)
      ? data
      : Buffer.from(data as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    const etag = weakEtag(body);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', cacheControlOf(policy));
    // A token makes the answer private (not cached at all): a cached public one must not answer it.
    const vary = res.getHeader('Vary');
    res.setHeader('Vary', vary ? `${vary}, Authorization` : 'Authorization');
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.removeHeader('Content-Type');
      res.removeHeader('Content-Length');
      return end();
    }
    res.setHeader('Content-Length', body.length);
    return end(body);
  }) as typeof res.end;
}
