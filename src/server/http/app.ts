import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express, { type ErrorRequestHandler, type Request } from 'express';
import helmet from 'helmet';
import { createOpenApiExpressMiddleware } from 'trpc-to-openapi';
import { MAX_TRPC_BATCH } from '../../shared/batch.js';
import type { AppDeps } from '../deps.js';
import { DATABASE_UNAVAILABLE_BODY, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../errors.js';
import { CLIENT_DIST } from '../paths.js';
import type { AppRouter } from '../routers/index.js';
import { type Context, createContextFactory } from '../trpc/context.js';
import { recentWriteCookie } from '../trpc/reads.js';
import { isEmbedRequest, linkPageMeta, mountChannels } from './channels.js';
import { apiCors } from './cors.js';
import { mountDownloads } from './downloads.js';
import { firstScreenData } from './firstScreen.js';
import { buildOpenApiDocument, documentFor, ERROR_STATUS, successStatusFor } from './openapi.js';
import { mountClient } from './pages.js';
import { mountPaymentWebhook } from './paymentWebhook.js';
import { rateLimitHeaders, rateLimitHeadersOf } from './rateLimitHeaders.js';
import { mountReceipts } from './receipts.js';
import { resolvedContext, restSemantics } from './restSemantics.js';
import { mountTracking } from './tracking.js';
import { mountUnsubscribe } from './unsubscribe.js';
import { mountUploads } from './uploads.js';

export const BODY_LIMIT = '1mb';
const BODY_LIMIT_BYTES = 1024 * 1024;

const MAX_JSON_DEPTH = 64;

function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length) {
    const [v, depth] = pending.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) pending.push([child, depth + 1]);
  }
  return false;
}

/** What an answer to a signed-in caller carries; public reads keep theirs (no Cache-Control on /api and /trpc today). */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * The Cache-Control of an answer whose context has a signed-in caller: one signed in by a
 * connection parameter (the calendar's event stream) sends no Authorization header.
 */
function privateHeaders(ctx: Pick<Context, 'actor'> | undefined): Record<string, string> {
  return ctx?.actor ? { 'cache-control': PRIVATE_NO_STORE } : {};
}

export interface AppOptions {
  deps: AppDeps;
  router: AppRouter;
  ping: () => Promise<void>;
  /** Serve the built client from dist/client (off in API-only tests). */
  serveClient?: boolean;
  /** Where the built client is, when not dist/client (tests serve a small stand-in build). */
  clientDir?: string;
  uploadsDir?: string;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** The scheme and host a request was sent to (X-Forwarded-Proto from a proxy on this host, as `trust proxy` allows). */
function requestOrigin(req: Request): string {
  const host = req.get('host') ?? '';
  // A Host header that is not a host name leaves the document relative to where it was fetched from.
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? `${req.protocol}://${host}` : '';
}

export function createApp(opts: AppOptions) {
  const { deps, router } = opts;
  const app = express();
  // Razorpay Checkout is a script and iframes from Razorpay: allowed only when payments run there.
  const razorpay = deps.env.RAZORPAY_KEY_ID && deps.env.RAZORPAY_KEY_SECRET;
  app.disable('x-powered-by');
  // A hop count is a number to Express; anything else a list of addresses, subnets or names (loopback, uniquelocal).
  const trust = deps.env.TRUST_PROXY;
  app.set('trust proxy', /^\d+$/.test(trust) ? Number(trust) : trust);
  app.set('etag', false);

  const csp = (frameAncestors: string[]) => ({
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...(razorpay ? ['https://checkout.razorpay.com'] : [])],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'connect-src': ["'self'", ...(razorpay ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : [])],
      'frame-src': ["'self'", ...(razorpay ? ['https://api.razorpay.com', 'https://checkout.razorpay.com'] : [])],
      'font-src': ["'self'", 'data:'],
      'worker-src': ["'self'", 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'frame-ancestors': frameAncestors,
      'upgrade-insecure-requests': null,
    },
  });
  const headers = { crossOriginEmbedderPolicy: false, strictTransportSecurity: deps.env.NODE_ENV === 'production' } as const;
  // Every page refuses to be framed, except a salon link page asked for as the website widget's
  // iframe (/s/{slug}?embed=1, docs/channels.md): any site may embed that one.
  const framedNowhere = helmet({ ...headers, contentSecurityPolicy: csp(["'none'"]) });
  const framedAnywhere = helmet({ ...headers, contentSecurityPolicy: csp(['*']), xFrameOptions: false });
  app.use((req, res, next) => (isEmbedRequest(req) ? framedAnywhere : framedNowhere)(req, res, next));

  // Partners' browser apps (API_CORS_ORIGINS) before anything answers, so their errors are readable too.
  app.use('/api', apiCors(deps.env.API_CORS_ORIGINS));

  app.get('/api/health', async (_req, res) => {
    try {
      await withTimeout(opts.ping(), 2000);
      res.json({ status: 'ok' });
    } catch {
      res.status(503).setHeader('retry-after', RETRY_AFTER_SECONDS).json({ status: 'unavailable' });
    }
  });

  // Before /api's JSON parser: its signature is over the raw body.
  mountPaymentWebhook(app, deps);

  let openApiDoc: ReturnType<typeof buildOpenApiDocument> | undefined;
  const getDoc = () => (openApiDoc ??= buildOpenApiDocument(router, deps.env.PUBLIC_URL));
  app.get('/api/openapi.json', (req, res) => {
    // The server a client should call: PUBLIC_URL when set, else the one this request reached.
    res.setHeader('Cache-Control', 'no-cache');
    res.json(documentFor(getDoc(), deps.env.PUBLIC_URL_SET ? deps.env.PUBLIC_URL : requestOrigin(req)));
  });
  // Swagger UI is loaded on the first visit to the docs, not with every start.
  let docs: Promise<express.Router> | undefined;
  app.use('/api/docs', (req, res, next) => {
    docs ??= import('swagger-ui-express').then(({ default: swaggerUi }) =>
      express
        .Router()
        .use(
          swaggerUi.serveFiles(undefined, { swaggerUrl: '/api/openapi.json' }),
          swaggerUi.setup(undefined, { swaggerUrl: '/api/openapi.json', customSiteTitle: 'GlowBook API' }),
        ),
    );
    docs.then((router) => router(req, res, next), next);
  });

  const createContext = createContextFactory(deps);
  // An answer to a signed-in caller is theirs alone: no shared or browser cache keeps it (issue 43.19).
  // Set before anything answers, so a 401, a 400 or a 503 to such a request is private too.
  app.use(['/api', '/trpc'], (req, res, next) => {
    if (req.headers.authorization !== undefined) res.setHeader('cache-control', PRIVATE_NO_STORE);
    next();
  });
  // Known /api paths: 405 for another method, 401 before the body is read or checked (restSemantics.ts).
  const rest = restSemantics(router, createContext);
  app.use('/api', rest.gate);

  // An image upload is a base64 file of up to 10MB (the service enforces that); only it gets a bigger body.
  app.use(
    [
      '/api/images/upload',
      '/api/images/uploadAvatar',
      /^\/trpc\/[^/]*\bimages\.upload/,
      '/api/clients/addPhoto',
      /^\/trpc\/[^/]*\bclients\.addPhoto/,
    ],
    express.json({ limit: '15mb', strict: false }),
  );
  app.use(['/api', '/trpc'], express.json({ limit: BODY_LIMIT, strict: false }));
  // The tRPC adapters re-serialise the body recursively: a deeply nested one would overflow the stack (a 500).
  app.use(['/api', '/trpc'], (req, res, next) => {
    if (nestedDeeperThan(req.body, MAX_JSON_DEPTH)) {
      res.status(400).json({ message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`, code: 'BAD_REQUEST' });
      return;
    }
    next();
  });
  app.use('/api', rest.objectBodies);

  const onError = ({ error }: { error: { code: string; cause?: unknown } }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') console.error('[api] internal error', error.cause ?? error);
  };

  app.use(
    '/trpc',
    createExpressMiddleware({
      router,
      createContext,
      onError,
      maxBodySize: BODY_LIMIT_BYTES,
      maxBatchSize: MAX_TRPC_BATCH,
      // With a replica, a browser that just wrote reads discovery from the primary for a few seconds (trpc/reads.ts).
      responseMeta: ({ type, ctx, errors }) => {
        const cookie = recentWriteCookie(deps, type);
        const headers = { ...privateHeaders(ctx), ...(cookie ? { 'set-cookie': cookie } : {}), ...rateLimitHeadersOf(errors) };
        // A live stream refused before it opens (live/sessionGuard.ts): tRPC answers subscriptions 200, this makes it a 429.
        const limited = (ctx as Context | undefined)?.refused?.limit;
        return limited ? { status: 429, headers: { ...headers, ...rateLimitHeaders(limited) } } : { headers };
      },
    }),
  );

  mountTracking(app, deps);
  mountUnsubscribe(app, deps);
  mountReceipts(app, deps);
  mountDownloads(app, deps);
  mountChannels(app, deps);

  app.use(
    '/api',
    createOpenApiExpressMiddleware({
      router,
      createContext: ((opts: { req: IncomingMessage }) => resolvedContext(opts.req) ?? createContext(opts)) as never,
      maxBodySize: BODY_LIMIT_BYTES,
      onError: onError as never,
      responseMeta: ({ type, paths, errors, ctx }: { type?: string; paths?: string[]; errors: unknown[]; ctx?: Context }) => {
        const cookie = recentWriteCookie(deps, type);
        const headers = { ...privateHeaders(ctx), ...(cookie ? { 'set-cookie': cookie } : {}), ...rateLimitHeadersOf(errors) };
        if (errors.some((e) => (e as { code?: string }).code === 'SERVICE_UNAVAILABLE'))
          return { headers: { ...headers, 'retry-after': RETRY_AFTER_SECONDS } };
        if (errors.length || !paths || paths.length !== 1) return { headers };
        const status = ctx?.responseStatus ?? successStatusFor(router, paths[0]);
        return status ? { status, headers } : { headers };
      },
    } as never),
  );

  mountUploads(app, deps.adapters.images, opts.uploadsDir);

  const clientDir = opts.clientDir ?? CLIENT_DIST;
  if (opts.serveClient !== false && fs.existsSync(path.join(clientDir, 'index.html'))) {
    mountClient(app, {
      clientDir,
      db: deps.db,
      publicUrl: deps.env.PUBLIC_URL,
      firstScreen: firstScreenData(router, createContext),
      linkPage: (req, slug) => linkPageMeta(deps, deps.env.PUBLIC_URL.replace(/\/+$/, ''), req, slug),
    });
  }

  const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
    const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
    if (status === 400 && err?.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Malformed JSON in request body', code: 'BAD_REQUEST' });
      return;
    }
    if (status === 413) {
      res.status(413).json({ message: `Request body is larger than ${BODY_LIMIT}`, code: 'PAYLOAD_TOO_LARGE' });
      return;
    }
    if (status >= 400 && status < 500) {
      // The code names the status answered (an unsupported charset is a 415, not a BAD_REQUEST).
      const code = Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0];
      res.status(code ? status : 400).json({
        message: code && code !== 'BAD_REQUEST' ? String(err?.message ?? 'Bad request') : 'Bad request',
        code: code ?? 'BAD_REQUEST',
      });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      res.status(503).setHeader('retry-after', RETRY_AFTER_SECONDS).json(DATABASE_UNAVAILABLE_BODY);
      return;
    }
    console.error('[http] unhandled error', err);
    res.status(500).json({ message: 'Something went wrong', code: 'INTERNAL_SERVER_ERROR' });
  };
  app.use(errorHandler);
  return app;
}
