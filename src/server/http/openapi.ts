import { generateOpenApiDocument } from 'trpc-to-openapi';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../errors.js';
import { ERROR_TEXT, type ErrorStatus } from '../routers/common.docs.js';
import type { AppRouter } from '../routers/index.js';
import type { ApiDocsMeta, AppMeta, CachePolicy } from '../trpc/init.js';
import {
  accountProcedure,
  adminProcedure,
  authedProcedure,
  customerProcedure,
  merchantProcedure,
  publicProcedure,
  ROLE_RULES,
} from '../trpc/procedures.js';
import { cacheControlOf } from './caching.js';

const errorBody = z.object({ message: z.string(), code: z.string() });
const jsonError = (description: string) => ({ description, content: { 'application/json': { schema: errorBody } } });

/** Plain express routes under /api (files and links, not JSON procedures), documented alongside them. */
const extraPaths = {
  '/invoices/{id}/pdf': {
    get: {
      operationId: 'invoices-pdf',
      summary: 'Download an invoice as PDF',
      description: "The invoice's salon owner or an admin; the same bearer token as the rest of the API.",
      tags: ['Subscription & Billing'],
      security: [{ Authorization: [] }],
      requestParams: { path: z.object({ id: z.string().uuid().meta({ description: 'The invoice `_id`' }) }) },
      responses: {
        200: { description: 'The invoice PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        401: jsonError('No or bad token'),
        404: jsonError('Unknown invoice, or one of another salon'),
      },
    },
  },
  '/credit-notes/{id}/pdf': {
    get: {
      operationId: 'credit-notes-pdf',
      summary: 'Download a credit note as PDF',
      description: "The credit note's salon owner or an admin; the same bearer token as the rest of the API.",
      tags: ['Subscription & Billing'],
      security: [{ Authorization: [] }],
      requestParams: { path: z.object({ id: z.string().uuid().meta({ description: 'The credit note `_id`' }) }) },
      responses: {
        200: { description: 'The credit note PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        401: jsonError('No or bad token'),
        404: jsonError('Unknown credit note, or one of another salon'),
      },
    },
  },
  '/holdings/{id}/receipt.pdf': {
    get: {
      operationId: 'holdings-receipt-pdf',
      summary: 'Download the receipt of a package, membership or voucher bought online (PDF)',
      description:
        'Its buyer only (the `receiptNumber` of `users/getMyHoldings`); the same bearer token as the rest of the API. A sale at the salon’s counter has the salon’s bill instead.',
      tags: ['Packages, memberships and vouchers'],
      security: [{ Authorization: [] }],
      requestParams: { path: z.object({ id: z.string().uuid().meta({ description: 'The holding `_id`' }) }) },
      responses: {
        200: { description: 'The receipt PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        401: jsonError('No or bad token'),
        404: jsonError('Unknown holding, one of another customer, or one not bought online'),
      },
    },
  },
  '/marketing/unsubscribe': {
    get: {
      operationId: 'marketing-unsubscribe',
      summary: 'Unsubscribe from offers (the link in campaign e-mails)',
      description: 'Switches the customer’s marketing preference off. Browsers get a confirmation page; other clients JSON.',
      tags: ['Marketing'],
      requestParams: { query: z.object({ token: z.string().max(200).meta({ description: 'The signed token from the e-mail' }) }) },
      responses: {
        200: {
          description: 'Unsubscribed',
          content: {
            'application/json': { schema: z.object({ success: z.literal(true), message: z.string() }) },
            'text/html': { schema: z.string() },
          },
        },
        400: jsonError('The token is missing or not valid'),
      },
    },
    post: {
      operationId: 'marketing-unsubscribe-one-click',
      summary: 'Unsubscribe from offers in one click (RFC 8058, from the List-Unsubscribe header)',
      description:
        'What a mail client sends for the one-click unsubscribe of the `List-Unsubscribe` header: the token in the query; the body (`List-Unsubscribe=One-Click`) is not read.',
      tags: ['Marketing'],
      requestParams: { query: z.object({ token: z.string().max(200).meta({ description: 'The signed token from the e-mail' }) }) },
      responses: {
        200: {
          description: 'Unsubscribed',
          content: { 'application/json': { schema: z.object({ success: z.literal(true), message: z.string() }) } },
        },
        400: jsonError('The token is missing or not valid'),
      },
    },
  },
};

/** The plain express routes of extraPaths, by method and path (the /api gate answers 405 for the others). */
export const EXTRA_ROUTES = Object.entries(extraPaths).flatMap(([path, methods]) =>
  Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
);

/** The error codes the API answers (the `code` of an error body), with the HTTP status of each. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The generic meaning of an error code (routers/common.docs.ts words them, by status). */
const genericText = (code: ErrorCode) => ERROR_TEXT[ERROR_STATUS[code] as ErrorStatus];
const codeOf = (status: number) => (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => ERROR_STATUS[c] === status);

type ProcedureDef = {
  _def: {
    meta?: AppMeta;
    type: 'query' | 'mutation' | 'subscription';
    inputs: unknown[];
    middlewares: unknown[];
  };
};

const middlewaresOf = (p: unknown) => (p as ProcedureDef)._def.middlewares;
const addedTo = (base: unknown, ...builders: unknown[]) => {
  const seen = new Set(middlewaresOf(base));
  return new Set(builders.flatMap(middlewaresOf).filter((m) => !seen.has(m)));
};
/**
 * The middlewares that guard a procedure, by identity: the sign-in check an authenticated procedure
 * adds over a public one (401), and the role and ownership checks the narrower builders add (403).
 */
const guards = () => ({
  signIn: addedTo(publicProcedure, authedProcedure),
  role: addedTo(authedProcedure, customerProcedure, merchantProcedure, adminProcedure, accountProcedure),
});

/**
 * The role rule a procedure is built on (customer, merchant or admin procedure), found by the
 * middlewares it shares with that builder; null for any signed-in account or none.
 */
export function procedureRoleRule(proc: unknown): (typeof ROLE_RULES)[keyof typeof ROLE_RULES] | null {
  const own = new Set(middlewaresOf(proc));
  const kinds = [
    [adminProcedure, ROLE_RULES.admin],
    [merchantProcedure, ROLE_RULES.merchant],
    [customerProcedure, ROLE_RULES.customer],
  ] as const;
  for (const [builder, rule] of kinds) if ([...addedTo(authedProcedure, builder)].some((m) => own.has(m))) return rule;
  return null;
}

const isVoid = (schema: unknown) => (schema as { _zod?: { def?: { type?: string } } })?._zod?.def?.type === 'void';
const inputKeys = (inputs: unknown[]) =>
  inputs.flatMap((i) => {
    let def = (i as { _zod?: { def?: { type?: string; shape?: object; innerType?: unknown } } })?._zod?.def;
    while (def && (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) {
      def = (def.innerType as { _zod?: { def?: typeof def } })._zod?.def;
    }
    return def?.shape ? Object.keys(def.shape) : [];
  });
/** An input that names a record: an unknown one is a 404. `userId` is the caller's own (403 otherwise). */
const NAMES_A_RECORD = /^(id|_id|(?!user)[a-z][A-Za-z]*Ids?)$/;

export interface ProcedureDoc {
  procedure: string;
  method: string;
  path: string;
  protected: boolean;
  successStatus: number;
  /** Every error the operation documents: the procedure's own (meta.openapi.errorResponses) and the transport's. */
  errors: Partial<Record<ErrorCode, string>>;
  /** The rest of its documentation trpc-to-openapi has no field for (meta.docs). */
  docs: ApiDocsMeta;
}

/**
 * What can be told of a procedure from its definition alone: whether it needs a token (401), checks
 * a role or ownership (403), takes input or a body (400), names a record in its input (404), and
 * writes (a concurrent write may clash: 409). The document test holds each procedure's documented
 * errors against these.
 */
export interface ProcedureFacts {
  protected: boolean;
  checksRole: boolean;
  hasInput: boolean;
  takesBody: boolean;
  namesRecord: boolean;
  writes: boolean;
}

export function procedureFacts(router: AppRouter): Map<string, ProcedureFacts> {
  const { signIn, role } = guards();
  const procedures = router._def.procedures as unknown as Record<string, ProcedureDef>;
  const facts = new Map<string, ProcedureFacts>();
  for (const [name, proc] of Object.entries(procedures)) {
    const { meta, inputs, middlewares } = proc._def;
    const openapi = meta?.openapi;
    if (!openapi) continue;
    const isProtected = openapi.protect !== false && middlewares.some((m) => signIn.has(m));
    const method = openapi.method.toUpperCase();
    facts.set(name, {
      protected: isProtected,
      checksRole: isProtected && middlewares.some((m) => role.has(m)),
      hasInput: inputs.length > 0 && !inputs.every(isVoid),
      takesBody: method !== 'GET' && method !== 'DELETE',
      namesRecord: /\{[^}]+\}/.test(openapi.path) || inputKeys(inputs).some((k) => NAMES_A_RECORD.test(k)),
      // A write can meet a concurrent one: a deadlock, or a unique value taken meanwhile (services/errors → 409).
      // The legacy contract's reads sent as POST (getAllBookings, getSlots...) are mutations by name only.
      writes: proc._def.type === 'mutation' && !/^get[A-Z]/.test(name.split('.').pop()!),
    });
  }
  return facts;
}

/** A procedure's own documented errors (trpc-to-openapi's `errorResponses`: statuses, or status → meaning), by code. */
function ownErrors(errorResponses: number[] | Record<number, string> | undefined): Partial<Record<ErrorCode, string>> {
  const entries: [number, string | undefined][] = Array.isArray(errorResponses)
    ? errorResponses.map((status) => [status, undefined])
    : Object.entries(errorResponses ?? {}).map(([status, text]) => [Number(status), text]);
  const errors: Partial<Record<ErrorCode, string>> = {};
  for (const [status, text] of entries) {
    const code = codeOf(status);
    if (!code) throw new Error(`errorResponses: ${status} is not a status the API answers (ERROR_STATUS)`);
    errors[code] = text ?? genericText(code);
  }
  return errors;
}

/**
 * What the document says of each procedure: its guard, success status and errors (with their
 * meaning), all read from the procedure's meta. The transport adds its own errors to every
 * procedure: a body too large or of the wrong type (413, 415), an unexpected error (500), the
 * database briefly unreachable (503).
 */
export function procedureDocs(router: AppRouter): ProcedureDoc[] {
  const facts = procedureFacts(router);
  const procedures = router._def.procedures as unknown as Record<string, ProcedureDef>;
  return Object.entries(procedures).flatMap(([name, proc]) => {
    const meta = proc._def.meta;
    const openapi = meta?.openapi;
    const f = facts.get(name);
    if (!openapi || !f) return [];
    const transport: ErrorCode[] = [
      ...(f.takesBody ? (['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
      'INTERNAL_SERVER_ERROR',
      'SERVICE_UNAVAILABLE',
    ];
    const errors = { ...Object.fromEntries(transport.map((c) => [c, genericText(c)])), ...ownErrors(openapi.errorResponses) };
    return [
      {
        procedure: name,
        method: openapi.method.toUpperCase(),
        path: openapi.path,
        protected: f.protected,
        successStatus: meta?.successStatus ?? 200,
        errors,
        docs: meta?.docs ?? {},
      },
    ];
  });
}

type Json = Record<string, unknown>;
type Operation = Json & { responses?: Record<string, Json>; parameters?: Json[]; security?: Json[]; description?: string };

const errorRef = { $ref: '#/components/schemas/Error' };
const errorSchema = {
  type: 'object',
  description:
    'Every error answer. Errors of the API procedures carry `data`; the few answered before a procedure is reached (malformed JSON, a body over the limit) have only `message` and `code`.',
  properties: {
    message: { type: 'string', description: 'A human message; for invalid input it starts with the field name (`bookingTime: ...`)' },
    code: { type: 'string', enum: Object.keys(ERROR_STATUS), description: 'The error code; the HTTP status follows from it' },
    data: {
      type: 'object',
      properties: {
        code: { type: 'string', description: 'The same error code' },
        httpStatus: { type: 'integer', description: 'The HTTP status of the answer' },
        path: { type: 'string', description: 'The procedure (tRPC path, e.g. `users.createBooking`)' },
        field: { type: ['string', 'null'], description: 'The input field at fault (400 and some 409), else null' },
        clashes: {
          type: 'array',
          description: "Only in merchants/updateBusinessHours' 409: the upcoming bookings the new opening hours leave uncovered",
          items: {
            type: 'object',
            properties: {
              bookingId: { type: 'string' },
              bookingDate: { type: 'string', description: "Salon-local 'YYYY-MM-DD'" },
              bookingTime: { type: 'string', description: "'h:mm AM/PM', as booked" },
              status: { type: 'string', enum: ['pending', 'upcoming', 'confirmed'] },
              customerName: { type: 'string' },
              services: { type: 'array', items: { type: 'string' } },
              reason: { type: 'string', enum: ['dayOff', 'outsideHours', 'salonClosed'] },
            },
            required: ['bookingId', 'bookingDate', 'bookingTime', 'status', 'customerName', 'services', 'reason'],
          },
        },
      },
      required: ['code', 'httpStatus', 'field'],
    },
  },
  required: ['message', 'code'],
};

const retryAfterHeader = (example: number) => ({
  description: 'Seconds to wait before repeating the request',
  required: true,
  schema: { type: 'integer', minimum: 1, example },
});

/** The headers every 429 carries (http/rateLimitHeaders.ts), so a client can follow the limit it met. */
const rateLimitedHeaders = {
  'Retry-After': retryAfterHeader(30),
  RateLimit: {
    description:
      'The limit met, what is left of it (`r`) and in how many seconds that changes (`t`), as in the IETF RateLimit header fields draft',
    required: true,
    schema: { type: 'string', example: '"sign-in";r=0;t=900' },
  },
  'RateLimit-Policy': {
    description: 'The limit met: its name, how many requests (`q`) it allows per window of `w` seconds',
    required: true,
    schema: { type: 'string', example: '"sign-in";q=5;w=900' },
  },
};

function errorResponse(code: ErrorCode, description: string): Json {
  const headers =
    code === 'SERVICE_UNAVAILABLE'
      ? { 'Retry-After': retryAfterHeader(Number(RETRY_AFTER_SECONDS)) }
      : code === 'TOO_MANY_REQUESTS'
        ? rateLimitedHeaders
        : undefined;
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: errorRef } } };
}

/**
 * Amounts of money on the wire, by property name: rupees as JSON numbers with at most 2 decimals
 * (`multipleOf: 0.01`). Inputs say so through their zod schemas (shop.ts moneySchema); answers are
 * rounded by the services, and this gives their schemas the same words.
 */
const MONEY_PROPERTIES = new Set([
  'amount',
  'amountPaid',
  'balance',
  'baseAmount',
  'cgst',
  'sgst',
  'igst',
  'gst',
  'commission',
  'commissionEarned',
  'discount',
  'discountValue',
  'earnings',
  'finalPrice',
  'grossAmount',
  'grossBookingValue',
  'lowestPrice',
  'maxDiscount',
  'merchantEarning',
  'minAmount',
  'price',
  'refundAmount',
  'subtotal',
  'totalPrice',
  'totalRevenue',
  'totalEarnings',
]);

/** Marks every number-typed money property below `schema` (objects, arrays, unions) as rupees with 2 decimals. */
function markMoney(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Json & { properties?: Record<string, Json> };
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const types = ([] as unknown[]).concat(prop.type ?? []);
    if (MONEY_PROPERTIES.has(name) && types.includes('number')) prop.multipleOf = 0.01;
    markMoney(prop);
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
    const v = s[key];
    if (Array.isArray(v)) v.forEach(markMoney);
    else markMoney(v);
  }
}

const isErrorStatus = (status: string) => Number(status) >= 400;

/** Replaces an operation's error responses with `errors`, the rest (success answers) kept first, in status order. */
function setErrors(op: Operation, errors: Partial<Record<ErrorCode, string>>) {
  const kept = Object.entries(op.responses ?? {}).filter(([status]) => !isErrorStatus(status));
  const added = (Object.entries(errors) as [ErrorCode, string][]).map(
    ([code, text]) => [String(ERROR_STATUS[code]), errorResponse(code, text)] as const,
  );
  op.responses = Object.fromEntries([...kept, ...added].sort(([a], [b]) => Number(a) - Number(b)));
}

/** The fields of a procedure's (object) input, by name. */
function inputShape(router: AppRouter, name: string): Record<string, { safeParse: (v: unknown) => { success: boolean } }> {
  const procedures = router._def.procedures as unknown as Record<string, ProcedureDef>;
  let def = (procedures[name]?._def.inputs[0] as { _zod?: { def?: { shape?: object; innerType?: unknown } } } | undefined)?._zod?.def;
  while (def && !def.shape && def.innerType) def = (def.innerType as { _zod?: { def?: typeof def } })._zod?.def;
  return (def?.shape ?? {}) as Record<string, { safeParse: (v: unknown) => { success: boolean } }>;
}

/** A cacheable public read (meta.docs.cache, http/caching.ts): its ETag and Cache-Control, If-None-Match and the 304. */
function documentCaching(op: Operation, policy: CachePolicy) {
  const ok = op.responses?.['200'];
  if (!ok) throw new Error(`${op.operationId}: only a GET answering 200 can be cacheable`);
  ok.headers = {
    ...(ok.headers as Json | undefined),
    ETag: {
      description: 'A weak tag of this answer: send it back in `If-None-Match` to be told 304 when nothing changed',
      required: true,
      schema: { type: 'string', example: 'W/"xu1iSnV0yN2bbJ6ZIKMa4z4oTIi0nVnOzO1Ygq9x4R8"' },
    },
    'Cache-Control': {
      description: 'Without a token: how long this public answer may be kept. With one: `private, no-store`',
      required: true,
      schema: { type: 'string', example: cacheControlOf(policy) },
    },
  };
  op.parameters = [
    ...(op.parameters ?? []),
    {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of an answer the client holds: 304 with no body when it is still the answer',
      schema: { type: 'string' },
    },
  ];
  op.responses = Object.fromEntries(
    [
      ...Object.entries(op.responses ?? {}),
      ['304', { description: 'Not modified: the answer whose ETag was sent in If-None-Match is still current (no body)' }] as const,
    ].sort(([a], [b]) => Number(a) - Number(b)),
  );
}

/** OpenAPI links from a creation's answer to the operations on what it created (meta.docs.links). */
function documentLinks(
  op: Operation,
  p: ProcedureDoc,
  links: NonNullable<ApiDocsMeta['links']>,
  byProcedure: Map<string, Operation | undefined>,
) {
  const ok = op.responses?.[String(p.successStatus)];
  if (!ok) throw new Error(`${p.procedure}: links need its success answer`);
  ok.links = Object.fromEntries(
    Object.entries(links).map(([name, link]) => {
      const target = byProcedure.get(link.procedure);
      if (!target?.operationId) throw new Error(`${p.procedure}: link ${name} names ${link.procedure}, which has no operation`);
      const inParameters = new Set((target.parameters ?? []).map((x) => String(x.name)));
      const parameters = Object.fromEntries(Object.entries(link.parameters).filter(([k]) => inParameters.has(k)));
      const requestBody = Object.fromEntries(Object.entries(link.parameters).filter(([k]) => !inParameters.has(k)));
      return [
        name,
        {
          operationId: target.operationId,
          description: link.description,
          ...(Object.keys(parameters).length ? { parameters } : {}),
          ...(Object.keys(requestBody).length ? { requestBody } : {}),
        },
      ];
    }),
  );
}

/**
 * The generated document says what trpc-to-openapi can see: 200 for every success, a guess at the
 * errors, a bearer token wherever `protect` is not false. This pass makes it say what the server
 * answers: the meta's success status (201 for creations), the errors each procedure can really
 * answer with the real body, authentication as the procedure's middlewares enforce it, and the
 * examples and notes of each procedure's meta (`docs`). Request headers such as Idempotency-Key
 * come from `meta.openapi.requestHeaders`.
 */
function reconcile(doc: { paths?: Record<string, Record<string, Operation>>; components?: Json }, router: AppRouter) {
  const paths = doc.paths ?? {};
  const bearer = [{ Authorization: [] }];
  const docs = procedureDocs(router);
  const byProcedure = new Map(docs.map((p) => [p.procedure, paths[p.path]?.[p.method.toLowerCase()]]));
  for (const p of docs) {
    const op = paths[p.path]?.[p.method.toLowerCase()];
    if (!op) continue;
    const responses = { ...(op.responses ?? {}) };
    // Success: the status the server answers, and any other it may (ctx.responseStatus).
    if (p.successStatus !== 200 && responses['200']) {
      const ok = responses['200'];
      delete responses['200'];
      responses[String(p.successStatus)] = {
        ...ok,
        description: ok.description === 'Successful response' ? (p.successStatus === 201 ? 'Created' : ok.description) : ok.description,
      };
    }
    for (const [status, description] of Object.entries(p.docs.alsoSucceeds ?? {})) {
      const main = responses[String(p.successStatus)];
      responses[status] = { ...main, description };
    }
    op.responses = responses;
    setErrors(op, p.errors);
    if (p.docs.cache) documentCaching(op, p.docs.cache);
    if (p.docs.links) documentLinks(op, p, p.docs.links, byProcedure);
    // Authentication as enforced: required, optional, or none (an explicit empty list: public).
    if (p.protected) op.security = bearer;
    else if (p.docs.optionalAuth) {
      op.security = [{}, ...bearer];
      op.description = [op.description, `Authentication is optional. ${p.docs.optionalAuth}`].filter(Boolean).join('\n\n');
    } else op.security = [];
    const examples = p.docs.examples;
    const media = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content?.['application/json'];
    if (examples && media) media.examples = examples;
    const shape = inputShape(router, p.procedure);
    for (const param of op.parameters ?? []) {
      // A query parameter the input cannot do without is required, however its schema reads it (a
      // preprocessed number looks optional to the generator).
      const field = param.in === 'query' ? shape[String(param.name)] : undefined;
      if (field && !field.safeParse(undefined).success) param.required = true;
      const example = p.docs.parameterExamples?.[String(param.name)];
      if (example !== undefined) param.example = example;
      // A header from meta.openapi.requestHeaders: said optional outright, its description said once.
      if (param.in === 'header') {
        param.required ??= false;
        const schema = param.schema as Json | undefined;
        if (schema?.description === param.description) delete schema?.description;
      }
    }
    for (const r of Object.values(op.responses ?? {}))
      markMoney((r.content as Record<string, Json> | undefined)?.['application/json']?.schema);
  }
  // The plain express routes: their own errors, the same body, and the error handler's 500 and 503.
  for (const [path, methods] of Object.entries(extraPaths)) {
    for (const [method, extra] of Object.entries(methods)) {
      const op = paths[path]?.[method];
      if (!op) continue;
      op.security ??= [];
      const errors: Partial<Record<ErrorCode, string>> = {};
      for (const [status, r] of Object.entries(extra.responses as Record<string, { description: string }>)) {
        const code = codeOf(Number(status));
        if (code) errors[code] = r.description;
      }
      // Express answers these before the route: a malformed %-escape in the path, a body over the limit or in a charset it cannot read.
      if (/\{[^}]+\}/.test(path)) errors.BAD_REQUEST ??= 'A path segment is not valid (a malformed %-escape)';
      if (method === 'post') {
        errors.PAYLOAD_TOO_LARGE = genericText('PAYLOAD_TOO_LARGE');
        errors.UNSUPPORTED_MEDIA_TYPE = 'A JSON body in a charset other than UTF-8';
      }
      errors.INTERNAL_SERVER_ERROR = genericText('INTERNAL_SERVER_ERROR');
      errors.SERVICE_UNAVAILABLE = genericText('SERVICE_UNAVAILABLE');
      setErrors(op, errors);
    }
  }
  // One error schema replaces the generated ones (which had neither `data` nor the real codes).
  const components = (doc.components ??= {}) as { schemas?: Json };
  const schemas = (components.schemas ??= {});
  schemas.Error = errorSchema;
  const text = JSON.stringify(doc);
  for (const name of Object.keys(schemas)) {
    if (name.startsWith('error.') && !text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return doc;
}

/**
 * The document as served: `servers` and the license link point at `origin` (PUBLIC_URL, or the
 * scheme and host the request came to; '' leaves them relative to the document).
 */
export function documentFor<T extends { info: object }>(doc: T, origin: string): T & { servers: { url: string }[] } {
  const base = origin.replace(/\/$/, '');
  return {
    ...doc,
    info: { ...doc.info, license: { name: 'Proprietary: GlowBook terms and conditions', url: `${base}/terms-and-conditions` } },
    servers: [{ url: `${base}/api` }],
  };
}

export function buildOpenApiDocument(router: AppRouter, baseUrl: string) {
  const doc = generateOpenApiDocument(router, {
    title: 'GlowBook marketplace API',
    description: [
      'The REST face of the tRPC procedures. Authenticate with `Authorization: Bearer <token>` from a sign-in call.',
      'Creations answer **201**. Errors answer `{message, code, data: {code, httpStatus, path, field}}`: a 400 names the field at fault in its message and in `data.field`. A 503 (the database briefly unreachable) carries `Retry-After`; repeat the request then.',
    ].join('\n\n'),
    version: '1.0.0',
    baseUrl: `${baseUrl.replace(/\/$/, '')}/api`,
    paths: extraPaths as never,
  });
  return reconcile(doc as unknown as Parameters<typeof reconcile>[0], router) as unknown as typeof doc;
}

const statusCache = new Map<string, number | undefined>();

/** The success status a procedure declares in its meta (201 for creations), looked up by tRPC path. */
export function successStatusFor(router: AppRouter, procedurePath: string): number | undefined {
  if (statusCache.has(procedurePath)) return statusCache.get(procedurePath);
  const procedures = router._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>;
  const status = procedures[procedurePath]?._def.meta?.successStatus;
  statusCache.set(procedurePath, status);
  return status;
}
