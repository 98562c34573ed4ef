import type { IncomingMessage } from 'node:http';
import { getTRPCErrorShape, TRPCError } from '@trpc/server';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppRouter } from '../routers/index.js';
import { type Context, IDEMPOTENCY_KEY_MAX } from '../trpc/context.js';
import type { CachePolicy } from '../trpc/init.js';
import { InputError } from '../trpc/init.js';
import { STAFF_FORBIDDEN, staffMayCall } from '../trpc/procedures.js';
import { answerConditionally } from './caching.js';
import { EXTRA_ROUTES, procedureDocs, procedureRoleRule } from './openapi.js';

/*
 * HTTP semantics of /api that trpc-to-openapi does not give: it matches a procedure by method and
 * path, so a known path with another method was a 404; it checks the Content-Type before anything
 * else, so a caller without a token got 415 (or 400 for a bad body) instead of 401, and a POST
 * without any body (logout, refresh-token) needed a Content-Type for nothing; and it spreads the
 * body into an object, so `[]`, `"x"` or `-528` were read as `{}`. This gate runs before the body
 * is read: unknown paths pass through untouched (404 from the adapter), known ones are answered
 * 405 with `Allow` for a method they do not have, and 401 when the procedure needs a sign-in that
 * the request does not carry. The context it resolves is handed on to the adapter, so the account
 * is still read once per request.
 */

type RouteOperation = {
  method: string;
  procedure?: {
    name: string;
    protected: boolean;
    type: 'query' | 'mutation';
    /** Top-level input fields that are ids: in the query string of a GET, in the body otherwise. */
    idParams: string[];
    /** Who may call it (customer, merchant or admin procedures), and the 403's message for others. */
    roleRule: { roles: readonly string[]; message: string } | null;
    /** A public answer shared caches may keep (meta.docs.cache). */
    cache: CachePolicy | undefined;
    /** It honours an `Idempotency-Key` header (meta.openapi.requestHeaders names one). */
    idempotent: boolean;
  };
};
type ZodDef = {
  type?: string;
  format?: string;
  checks?: { _zod?: { def?: { format?: string } } }[];
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  shape?: Record<string, unknown>;
};
const defOf = (schema: unknown) => (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** Whether a schema, under its optional/default/preprocess wrappers, is a UUID string. */
function isUuid(schema: unknown, depth = 0): boolean {
  const def = defOf(schema);
  if (!def || depth > 10) return false;
  if (def.type === 'string') return def.format === 'uuid' || !!def.checks?.some((c) => c._zod?.def?.format === 'uuid');
  if (def.type === 'pipe') return isUuid(def.out, depth + 1) || isUuid(def.in, depth + 1);
  return def.innerType !== undefined && isUuid(def.innerType, depth + 1);
}

/** The top-level input fields that are ids (a query string's `merchantId=`, say, is then not an absent one). */
function idFields(inputs: unknown[]): string[] {
  return inputs.flatMap((input) => {
    let def = defOf(input);
    while (def && !def.shape && def.innerType) def = defOf(def.innerType);
    return Object.entries(def?.shape ?? {})
      .filter(([, v]) => isUuid(v))
      .map(([k]) => k);
  });
}
type Route = { pattern: RegExp; template: string; operations: RouteOperation[] };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function routeTable(router: AppRouter): Route[] {
  const procedures = router._def.procedures as unknown as Record<
    string,
    { _def: { type: 'query' | 'mutation'; inputs: unknown[]; meta?: { openapi?: { requestHeaders?: unknown } } } }
  >;
  const byPath = new Map<string, RouteOperation[]>();
  const add = (path: string, op: RouteOperation) => {
    const key = `/${path.replace(/^\/|\/$/g, '')}`;
    byPath.set(key, [...(byPath.get(key) ?? []), op]);
  };
  for (const p of procedureDocs(router)) {
    const def = procedures[p.procedure]._def;
    add(p.path, {
      method: p.method,
      procedure: {
        name: p.procedure,
        protected: p.protected,
        type: def.type,
        idParams: idFields(def.inputs),
        roleRule: procedureRoleRule(procedures[p.procedure]),
        cache: p.docs.cache,
        idempotent: 'Idempotency-Key' in (defOf(def.meta?.openapi?.requestHeaders)?.shape ?? {}),
      },
    });
  }
  for (const r of EXTRA_ROUTES) add(r.path, { method: r.method });
  return [...byPath.entries()].map(([template, operations]) => ({
    template,
    operations,
    // As trpc-to-openapi matches them: case-insensitive, a parameter is one path segment.
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i'),
  }));
}

/** The methods a path answers, as `Allow` lists them (HEAD wherever GET is; OPTIONS everywhere). */
function allowOf(route: Route): string {
  const methods = new Set(route.operations.map((o) => o.method));
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods].join(', ');
}

const contexts = new WeakMap<IncomingMessage, Context>();

/** The context the gate resolved for this request, if it did (trpc-to-openapi's createContext reuses it). */
export function resolvedContext(req: IncomingMessage): Context | undefined {
  const ctx = contexts.get(req);
  contexts.delete(req);
  return ctx;
}

/** A body with nothing in it: no length, or none announced and no chunked transfer. */
function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length.trim() === '0');
}

type ProcedureOf = NonNullable<RouteOperation['procedure']>;

function sendProcedureError(
  router: AppRouter,
  res: Response,
  procedure: ProcedureOf,
  ctx: Context | undefined,
  error: TRPCError,
  status: number,
) {
  // The same body trpc-to-openapi answers for an error the procedure throws.
  const shape = getTRPCErrorShape({
    config: router._def._config,
    error,
    type: procedure.type,
    path: procedure.name,
    input: undefined,
    ctx,
  });
  res.status(status).json({ ...shape, code: error.code });
}

export function restSemantics(
  router: AppRouter,
  createContext: (opts: { req: IncomingMessage }) => Promise<Context>,
): { gate: RequestHandler; objectBodies: RequestHandler } {
  let routes: Route[] | undefined;
  // The routes a path can match, by its first two segments: the table is a couple of hundred
  // patterns, and a linear scan of them was a visible share of a short read. A template segment
  // that is a parameter matches any; the candidates keep the table's order, so the first match is
  // the one a scan of the whole table finds. Bounded: emptied when it grows past a limit.
  const candidates = new Map<string, Route[]>();
  const CANDIDATE_KEYS = 1024;
  const match = (path: string) => {
    routes ??= routeTable(router);
    const [, first = '', second = ''] = path.toLowerCase().split('/', 3);
    const key = `${first}/${second}`;
    let list = candidates.get(key);
    if (!list) {
      const fits = (segment: string | undefined, wanted: string) =>
        segment === undefined || /^\{[^}]+\}$/.test(segment) || segment.toLowerCase() === wanted;
      list = routes.filter((r) => {
        const [, a, b] = r.template.split('/', 3);
        return fits(a, first) && (b === undefined ? second === '' : fits(b, second));
      });
      if (candidates.size >= CANDIDATE_KEYS) candidates.clear();
      candidates.set(key, list);
    }
    return list.find((r) => r.pattern.test(path));
  };
  const operations = new WeakMap<IncomingMessage, ProcedureOf>();

  const gate: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
    const path = `/${req.path.replace(/^\/|\/$/g, '')}`;
    const route = match(path);
    if (!route) return next();
    let method = req.method.toUpperCase();
    // HEAD is GET without the body: the same status and headers. The response was made bodiless
    // by Node for the HEAD it was created for, so the GET run below only sends headers.
    if (method === 'HEAD' && route.operations.some((o) => o.method === 'GET')) {
      req.method = 'GET';
      method = 'GET';
    }
    const operation = route.operations.find((o) => o.method === method);
    if (!operation) {
      res.setHeader('Allow', allowOf(route));
      if (method === 'OPTIONS') {
        res.status(204).end();
        return;
      }
      res.status(405).json({
        message: `${method} is not supported on /api${route.template}; it answers ${route.operations.map((o) => o.method).join(', ')}`,
        code: 'METHOD_NOT_SUPPORTED',
      });
      return;
    }
    const procedure = operation.procedure;
    if (!procedure) return next();
    let ctx: Context;
    try {
      ctx = await createContext({ req });
    } catch {
      // The adapter creates the context again and answers the failure (a 503) as it does for any call.
      return next();
    }
    if (procedure.protected && !ctx.actor) {
      sendProcedureError(
        router,
        res,
        procedure,
        ctx,
        new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authError ?? 'Please sign in to continue' }),
        401,
      );
      return;
    }
    // The caller's role before anything of the body: a customer's call to an admin operation is 403 whatever it sends.
    const rule = procedure.roleRule;
    if (rule && ctx.actor && !rule.roles.includes(ctx.actor.role)) {
      sendProcedureError(router, res, procedure, ctx, new TRPCError({ code: 'FORBIDDEN', message: rule.message }), 403);
      return;
    }
    // A salon member (receptionist, professional) calls only what their role is given, whatever the body.
    const member = ctx.actor?.member;
    if (procedure.protected && member && !staffMayCall(member.role, procedure.name)) {
      sendProcedureError(router, res, procedure, ctx, new TRPCError({ code: 'FORBIDDEN', message: STAFF_FORBIDDEN[member.role] }), 403);
      return;
    }
    // The query string's ids are checked here: the input schemas read an empty one as absent (the web app's forms).
    const emptyId = method === 'GET' ? procedure.idParams.find((k) => req.query[k] === '') : undefined;
    if (emptyId) {
      const message = `${emptyId}: not a valid id (a UUID); leave the parameter out rather than send it empty`;
      sendProcedureError(
        router,
        res,
        procedure,
        ctx,
        new TRPCError({ code: 'BAD_REQUEST', message, cause: new InputError(message, emptyId) }),
        400,
      );
      return;
    }
    // A key the server would not keep must not be ignored: a retry would then do the work twice.
    const key = req.headers['idempotency-key'];
    if (procedure.idempotent && key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX)) {
      const message = `Idempotency-Key: 1 to ${IDEMPOTENCY_KEY_MAX} characters`;
      sendProcedureError(
        router,
        res,
        procedure,
        ctx,
        new TRPCError({ code: 'BAD_REQUEST', message, cause: new InputError(message, 'Idempotency-Key') }),
        400,
      );
      return;
    }
    contexts.set(req, ctx);
    operations.set(req, procedure);
    if (procedure.cache && method === 'GET' && req.headers.authorization === undefined) answerConditionally(req, res, procedure.cache);
    // No body at all is no body, whatever the Content-Type would have been: the input is then {} (or none).
    if (BODY_METHODS.has(method) && req.headers['content-type'] === undefined && hasNoBody(req)) {
      req.headers['content-type'] = 'application/json';
    }
    next();
  };

  /** After the JSON parser: a body must be an object (trpc-to-openapi would spread `[]` or `"x"` into `{}`). */
  const objectBodies: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const procedure = operations.get(req);
    const body: unknown = req.body;
    if (!procedure || body === undefined) return next();
    const refuse = (message: string, field: string | null) =>
      sendProcedureError(
        router,
        res,
        procedure,
        contexts.get(req),
        new TRPCError({ code: 'BAD_REQUEST', message, cause: new InputError(message, field) }),
        400,
      );
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse('The request body must be a JSON object', null);
    // As in a query string: the schemas read an empty id as absent (the web app's forms); a client sent a wrong one.
    const emptyId = procedure.idParams.find((k) => (body as Record<string, unknown>)[k] === '');
    if (emptyId) return refuse(`${emptyId}: not a valid id (a UUID); leave the field out rather than send it empty`, emptyId);
    next();
  };

  return { gate, objectBodies };
}
