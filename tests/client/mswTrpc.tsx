import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { createAppQueryClient, createAppTRPCClient, trpc } from '../../src/client/trpc';
import { asServerWouldSend, FixtureDrift } from './outputSchemas';

/** A refusal as the server sends it: a 4xx naming the field it is about (as a 400 from a zod input does). */
export class Refusal {
  constructor(
    readonly message: string,
    readonly field: string | null,
    readonly httpStatus = 400,
  ) {}
}

/** Answers a procedure's call with its data; returning (or throwing) a Refusal refuses it. */
export type MswHandler = (input: unknown) => unknown;

export interface MswCall {
  path: string;
  input: unknown;
}

const CODES: Record<number, string> = { 400: 'BAD_REQUEST', 404: 'NOT_FOUND', 409: 'CONFLICT' };

/**
 * A fake /trpc for msw (the app's real tRPC client and links, batching included): each call is
 * recorded in `calls` and answered by the handler named by its path; a call without one is a 500,
 * so a screen that calls more than the test expects shows it. An answer goes out as the server's
 * output schema parses it (outputSchemas.ts); one it refuses is a 500 and fails the test. Call `listen()` in beforeAll,
 * `reset()` in afterEach, `close()` in afterAll.
 */
export function mswTrpc() {
  const calls: MswCall[] = [];
  const drifted: string[] = [];
  let handlers: Record<string, MswHandler> = {};
  const answer = (path: string, input: unknown) => {
    calls.push({ path, input });
    let result: unknown;
    try {
      const handler = handlers[path];
      if (!handler) throw new Error(`no handler for ${path}`);
      result = handler(input);
    } catch (err) {
      result = err instanceof Refusal ? err : { crashed: err };
    }
    if (result instanceof Refusal) {
      const data = { code: CODES[result.httpStatus] ?? 'BAD_REQUEST', httpStatus: result.httpStatus, field: result.field };
      return { status: result.httpStatus, body: { error: { message: result.message, code: -32600, data } } };
    }
    if (result && typeof result === 'object' && 'crashed' in result) {
      const data = { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 };
      return { status: 500, body: { error: { message: 'Internal server error', code: -32603, data } } };
    }
    try {
      return { status: 200, body: { result: { data: asServerWouldSend(path, result) } } };
    } catch (err) {
      if (!(err instanceof FixtureDrift)) throw err;
      // The screen sees a failed call; the test fails in reset() with the fields that drifted.
      drifted.push(err.message);
      const data = { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 };
      return { status: 500, body: { error: { message: 'Output validation failed', code: -32603, data } } };
    }
  };
  const batch = (paths: string, inputs: Record<string, unknown>) => {
    const answers = paths.split(',').map((path, i) => answer(path, inputs[i]));
    const status = answers.length === 1 ? answers[0].status : 207;
    return HttpResponse.json(
      answers.map((a) => a.body),
      { status },
    );
  };
  const server = setupServer(
    http.post('*/trpc/:paths', async ({ request, params }) =>
      batch(String(params.paths), (await request.json()) as Record<string, unknown>),
    ),
    http.get('*/trpc/:paths', ({ request, params }) =>
      batch(String(params.paths), JSON.parse(new URL(request.url).searchParams.get('input') ?? '{}') as Record<string, unknown>),
    ),
  );
  return {
    calls,
    /** The inputs sent to one procedure, in order. */
    sent: (path: string) => calls.filter((c) => c.path === path).map((c) => c.input),
    answer: (next: Record<string, MswHandler>) => {
      handlers = next;
    },
    listen: () => server.listen({ onUnhandledRequest: 'error' }),
    /** Also fails the test that ran if a handler answered what the procedure's output schema refuses. */
    reset: () => {
      calls.length = 0;
      handlers = {};
      const found = drifted.splice(0);
      if (found.length) throw new FixtureDrift(found.join('\n'));
    },
    close: () => server.close(),
  };
}

/** Renders a screen with the app's own query client (its MutationCache: toasts, invalidation) and tRPC client. */
export function renderApp(ui: ReactNode) {
  const queryClient = createAppQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <trpc.Provider client={createAppTRPCClient()} queryClient={queryClient}>
        {ui}
      </trpc.Provider>
    </QueryClientProvider>,
  );
}
