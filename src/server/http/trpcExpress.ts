import { type AnyTRPCRouter, TRPCError } from '@trpc/server';
import { createURL, internal_exceptionHandler, type NodeHTTPHandlerOptions } from '@trpc/server/adapters/node-http';
import { resolveResponse, type TRPCRequestInfo } from '@trpc/server/http';
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
 * is tRPC's own code, called as its adapter calls it.
 *
 * And one change to the request it builds: tRPC's incomingMessageToRequest aborts the request's
 * signal when the response closes, which it does after every answer, finished or not, so each call
 * ended by building a DOMException and dispatching an abort through the Request's and the calls'
 * combined signals. Here the signal is aborted only when the client goes away before the answer is
 * written (as patches/trpc-to-openapi does for /api): a subscription's stream still stops when its
 * client leaves.
 */

type Options<TRouter extends AnyTRPCRouter> = NodeHTTPHandlerOptions<TRouter, ExpressRequest, ExpressResponse>;

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

/** As @trpc/server's writeResponse, but a complete JSON body is sent in one piece with its length. */
async function writeResponse(request: Request, response: Response, res: ExpressResponse): Promise<void> {
  if (res.statusCode === 200) res.statusCode = response.status;
  response.headers.forEach((value, key) => {
    if (key.toLowerCase() !== 'set-cookie') res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
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

export function createTrpcExpressMiddleware<TRouter extends AnyTRPCRouter>(opts: Options<TRouter>): RequestHandler {
  return (req, res) => {
    const path = req.path.slice(req.path.lastIndexOf('/') + 1);
    const handle = async () => {
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
