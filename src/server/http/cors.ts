import type { RequestHandler } from 'express';

/*
 * Cross-origin calls to /api from the browser apps of partners named in API_CORS_ORIGINS, and
 * from no one else. A request from a listed origin gets `Access-Control-Allow-Origin` naming it
 * (and the headers a client reads: ETag, Retry-After, the RateLimit fields); its preflight is
 * answered here, 204. Any other origin gets no CORS header at all, so its browser refuses the
 * answer, and its preflight goes on to the /api gate like any OPTIONS (204 with Allow, no CORS).
 * Tokens travel in the Authorization header, never in cookies, so no credentials are allowed.
 */

const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, If-None-Match';
const EXPOSED_HEADERS = 'ETag, Retry-After, RateLimit, RateLimit-Policy, Location';
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const PREFLIGHT_MAX_AGE_S = 600;

export function apiCors(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    if (!allowed.size) return next();
    // Answers differ by origin: a shared cache must keep them apart.
    res.vary('Origin');
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S));
      res.vary('Access-Control-Request-Method');
      res.vary('Access-Control-Request-Headers');
      res.status(204).end();
      return;
    }
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    next();
  };
}
