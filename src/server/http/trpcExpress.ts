import { type AnyTRPCRouter, TRPCError } from '@trpc/server';
import { createURL, internal_exceptionHandler, type NodeHTTPHandlerOptions } from '@trpc/server/adapters/node-http';
import { resolveResponse, type TRPCRequestInfo } from '@trpc/server/http';
import {
  type AnyProcedure,
  getErrorShape,
  getHTTPStatusCode,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express';

/*
 * tRPC's express adapter (createExpressMiddleware → nodeHTTPRequestHandler) with one change: how an
 * answer is written. tRPC builds every answer as a fetch Response and its adapter pipes the body
 * through a WritableStream into the Node response, chunk by chunk, whatever the body is: a plain
 * query's JSON, already one string in memory, went out with chunked transfer-encoding through
 * a web-streams pipe and a promise per chunk, a large share of the CPU tRPC adds to a read.
 * Here a complete JSON answer (content-type application/json, no transfer-encoding set: every
 * non-streamed call, batch or not) is read whole and sent with one `end`, with its
 * Content-Length; a streamed one (httpBatchStreamLink's JSONL, subscriptions' server-sent
 * events) is piped as tRPC does it. Everything else (request, context, errors, responseMeta)
 * is tRPC's own code, called as its adapter calls it, except for plain GET queries, answered
 * without fetch objects at all (queryAnswer below).
 *
 * And one change to the request it builds: tRPC's incomingMessageToRequest aborts the request's
 * signal when the response closes, which it does after every answer, finished or not, so each call
 * ended by building a DOMException and dispatching an abort through the Request's and the calls'
 * combined signals. Here the signal is aborted only when the client goes away before the answer is
 * written (as patches/trpc-to-openapi does for /api): a subscription's stream still stops when its
 * client leaves.
 */

type Options<TRouter extends AnyTRPCRouter> = NodeHTTPHandlerOptions<TRouter, ExpressRequest, ExpressResponse> & {
  /** Answer plain GET queries without fetch objects (queryAnswer below); off only to compare the two in tests. */
  fastQueries?: boolean;
};

/** Whether tRPC's answer is one finished JSON document (not JSONL, not an event stream). */
function isCompleteJson(response: Response): boolean {
  return response.headers.get('content-type') === 'application/json' && !response.headers.has('transfer-encoding');
}

async function writeChunk(res: ExpressResponse, chunk: Uint8Array): Promise<void> {
  if (res.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const cleanup = () => {
      res.off('error', onError);
      res.off('drain', onDrain);
    };
    const onError = (err: unknown) => {
      cleanup();
      reject(err);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    res.once('error', onError);
    res.once('drain', onDrain);
  });
}

const isAbortError = (err: unknown) => typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';

/** Sets fetch Headers on the Node response: each as one header, but every Set-Cookie kept apart. */
function setFetchHeaders(res: ExpressResponse, headers: Headers): void {
  headers.forEach((value, key) => {
    if (key.toLowerCase() !== 'set-cookie') res.setHeader(key, value);
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
}

/** As @trpc/server's writeResponse, but a complete JSON body is sent in one piece with its length. */
async function writeResponse(request: Request, response: Response, res: ExpressResponse): Promise<void> {
  if (res.statusCode === 200) res.statusCode = response.status;
  setFetchHeaders(res, response.headers);
  if (!response.body) {
    res.end();
    return;
  }
  if (isCompleteJson(response)) {
    const body = Buffer.from(await response.arrayBuffer());
    res.setHeader('content-length', body.length);
    res.end(body);
    return;
  }
  try {
    const flush = (res as { flush?: () => void }).flush;
    await response.body.pipeTo(
      new WritableStream({
        async write(chunk: Uint8Array) {
          await writeChunk(res, chunk);
          flush?.call(res);
        },
      }),
      { signal: request.signal },
    );
  } catch (err) {
    if (!isAbortError(err)) {
      if (!res.headersSent) res.statusCode = 500;
      throw err;
    }
  } finally {
    res.end();
  }
}

/** The body tRPC reads: the one express.json parsed (re-serialised, as tRPC does), else the raw stream. */
function requestBody(req: ExpressRequest, maxBodySize: number | null): BodyInit | undefined {
  // Express 5 leaves req.body undefined until a parser sets it: 'body' in req says a parser ran.
  if ('body' in (req as object)) {
    const body: unknown = req.body;
    if (body === undefined) return undefined;
    return typeof body === 'string' ? body : JSON.stringify(body);
  }
  let size = 0;
  let closed = false;
  return new ReadableStream({
    start(controller) {
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        if (maxBodySize === null || size <= maxBodySize) {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          return;
        }
        controller.error(new TRPCError({ code: 'PAYLOAD_TOO_LARGE' }));
        closed = true;
        req.off('data', onData);
        req.off('end', onEnd);
      };
      const onEnd = () => {
        if (closed) return;
        closed = true;
        req.off('data', onData);
        req.off('end', onEnd);
        controller.close();
      };
      req.on('data', onData);
      req.on('end', onEnd);
    },
    cancel() {
      req.destroy();
    },
  });
}

/** A signal aborted when the client goes away before the answer is written (not when a finished answer closes). */
export function clientGoneSignal(req: ExpressRequest, res: ExpressResponse): AbortSignal {
  const ac = new AbortController();
  const onAbort = () => {
    res.off('close', onClose);
    req.off('aborted', onAbort);
    ac.abort();
  };
  const onClose = () => {
    if (res.writableEnded) {
      req.off('aborted', onAbort);
      return;
    }
    onAbort();
  };
  res.once('close', onClose);
  req.once('aborted', onAbort);
  return ac.signal;
}

/** tRPC's incomingMessageToRequest, with the signal above. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, maxBodySize: number | null): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (key.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value != null) headers.append(key, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { headers, method: req.method, signal: clientGoneSignal(req, res) };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = requestBody(req, maxBodySize);
    init.duplex = 'half';
  }
  return new Request(createURL(req), init);
}

/*
 * Queries read over GET (every read the app makes, batched or not) are answered without the fetch
 * Request and Response tRPC's handler builds: the Request copies every header and parses the URL
 * again, the Response's body is a web stream read back whole, and each call gets an
 * AbortController tied to the request's signal. Here the same steps run on the Node request with
 * tRPC's own functions, in tRPC's order: the procedures at the paths, the input as its JSON
 * handler reads it (`input`, per index when `batch=1`, through the transformer), the context,
 * each call (an error goes through onError and getErrorShape), the status from the answers
 * (207 for a mixed batch), responseMeta's headers and status, and the body through
 * transformTRPCResponse. Anything else (a mutation, a subscription, a streamed batch, an unknown
 * path, input that is not JSON, a context that fails) is left to tRPC's handler, which answers it
 * as before. tests/api/trpcQueries.test.ts sends the same requests both ways and compares the
 * answers (status, headers, body; error stacks aside, which name the functions each went through).
 */

interface QueryCall {
  path: string;
  procedure: AnyProcedure;
  input: unknown;
  /** Whether the procedure read its input (tRPC reports the input with an error only then). */
  read: boolean;
}

/** Like tRPC's isDataStream: an answer a non-streaming response cannot carry. */
function isDataStream(v: unknown): boolean {
  if (!isObject(v)) return false;
  if (isAsyncIterable(v)) return true;
  const values = Object.values(v);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

/** The calls of a plain GET of queries, or null for anything tRPC's handler must answer. */
async function queryCalls(router: AnyTRPCRouter, req: ExpressRequest, path: string, maxBatchSize: number | undefined) {
  if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined) return null;
  const at = req.url.indexOf('?');
  const params = new URLSearchParams(at === -1 ? '' : req.url.slice(at + 1));
  if (params.has('connectionParams')) return null;
  const isBatchCall = params.get('batch') === '1';
  let paths: string[];
  try {
    paths = isBatchCall ? decodeURIComponent(path).split(',') : [decodeURIComponent(path)];
  } catch {
    return null;
  }
  if (isBatchCall && typeof maxBatchSize === 'number' && paths.length > maxBatchSize) return null;
  let inputs: unknown;
  try {
    const text = params.get('input');
    inputs = text ? JSON.parse(text) : undefined;
  } catch {
    return null;
  }
  if (isBatchCall && inputs !== undefined && !isObject(inputs)) return null;
  const { deserialize } = router._def._config.transformer.input;
  const calls: QueryCall[] = [];
  for (const [index, p] of paths.entries()) {
    const procedure = (await getProcedureAtPath(router, p)) as AnyProcedure | null;
    if (procedure?._def.type !== 'query') return null;
    const raw = inputs === undefined ? undefined : isBatchCall ? (inputs as Record<number, unknown>)[index] : inputs;
    calls.push({ path: p, procedure, input: raw === undefined ? undefined : deserialize(raw), read: false });
  }
  return { isBatchCall, calls };
}

/** Answers a plain GET of queries as tRPC's handler would; false when it is not one (tRPC answers it). */
async function queryAnswer<TRouter extends AnyTRPCRouter>(
  opts: Options<TRouter>,
  req: ExpressRequest,
  res: ExpressResponse,
  path: string,
): Promise<boolean> {
  const router = opts.router;
  const found = await queryCalls(router, req, path, opts.maxBatchSize);
  if (!found) return false;
  const { isBatchCall, calls } = found;
  // Aborted when the client goes away before the answer is written (a slow query can stop), as on tRPC's path.
  const signal = clientGoneSignal(req, res);
  let url: URL | undefined;
  const rawInput = (c: QueryCall) => async () => {
    c.read = true;
    return c.input;
  };
  const inputRead = (c: QueryCall) => (c.read ? c.input : undefined);
  const info: TRPCRequestInfo = {
    isBatchCall,
    accept: null,
    type: 'query',
    connectionParams: null,
    signal,
    // Read by nobody on a query: made only if something asks.
    get url() {
      url ??= createURL(req);
      return url;
    },
    calls: calls.map((c, batchIndex) => ({
      batchIndex,
      path: c.path,
      procedure: c.procedure,
      getRawInput: rawInput(c),
      result: () => inputRead(c),
    })),
  };
  let ctx: unknown;
  try {
    ctx = await opts.createContext?.({ ...opts, req, res, path, info } as never);
  } catch {
    // tRPC answers a context that fails (its error, for every call).
    return false;
  }
  const config = router._def._config;
  const answers = await Promise.all(
    calls.map(async (call, batchIndex) => {
      let error: TRPCError;
      try {
        const data: unknown = await call.procedure({
          path: call.path,
          getRawInput: rawInput(call),
          ctx,
          type: 'query',
          signal,
          batchIndex,
        });
        if (!isDataStream(data)) return { result: { data } };
        error = new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
        });
      } catch (cause) {
        error = getTRPCErrorFromUnknown(cause);
        opts.onError?.({ error, path: call.path, input: inputRead(call), ctx, type: 'query', req } as never);
      }
      return { error: getErrorShape({ config, ctx, error, input: inputRead(call), path: call.path, type: 'query' }), thrown: error };
    }),
  );
  const errors = answers.flatMap((a) => ('thrown' in a ? [a.thrown] : []));
  const json = answers.map((a) => ('error' in a ? { error: a.error } : a));
  let status = getHTTPStatusCode(json as never);
  const meta =
    opts.responseMeta?.({
      ctx,
      info,
      paths: calls.map((c) => c.path),
      data: json,
      errors,
      eagerGeneration: false,
      type: 'query',
    } as never) ?? {};
  res.setHeader('vary', 'trpc-accept, accept');
  res.setHeader('content-type', 'application/json');
  if (meta.headers instanceof Headers) {
    setFetchHeaders(res, meta.headers);
  } else if (meta.headers) {
    for (const [key, value] of Object.entries(meta.headers))
      if (typeof value === 'string' || Array.isArray(value)) res.setHeader(key, value);
  }
  if (meta.status) status = meta.status;
  const body = Buffer.from(JSON.stringify(transformTRPCResponse(config, isBatchCall ? json : json[0])));
  if (res.statusCode === 200) res.statusCode = status;
  res.setHeader('content-length', body.length);
  res.end(body);
  return true;
}

export function createTrpcExpressMiddleware<TRouter extends AnyTRPCRouter>(opts: Options<TRouter>): RequestHandler {
  const fast = opts.fastQueries !== false;
  return (req, res) => {
    const path = req.path.slice(req.path.lastIndexOf('/') + 1);
    const handle = async () => {
      if (fast && (await queryAnswer(opts, req, res, path))) return;
      const request = toFetchRequest(req, res, opts.maxBodySize ?? null);
      const response = await resolveResponse({
        ...opts,
        req: request,
        path,
        error: null,
        createContext: async (inner: { info: TRPCRequestInfo }) => opts.createContext?.({ ...opts, req, res, path, ...inner } as never),
        onError: (o: Parameters<NonNullable<Options<TRouter>['onError']>>[0]) => opts.onError?.({ ...o, req }),
      } as never);
      await writeResponse(request, response, res);
    };
    handle().catch(internal_exceptionHandler({ ...opts, req, res, path } as never));
  };
}
