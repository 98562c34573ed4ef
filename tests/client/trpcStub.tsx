import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { getDefaultStore } from 'jotai';
import type { ReactNode } from 'react';
import { onTestFinished } from 'vitest';
import { createMutationCache } from '../../src/client/mutationMeta';
import { readSessionFromStorage, sessionAtom } from '../../src/client/state/session';
import { type AppRouter, errorMessage, trpc } from '../../src/client/trpc';
import { asServerWouldSend, FixtureDrift } from './outputSchemas';

/** Signs the app's session in as a merchant, for a merchant screen under test. */
export function signInAsMerchant(): void {
  getDefaultStore().set(sessionAtom, {
    ...readSessionFromStorage(),
    token: 'token',
    userType: 'merchant',
    userRole: 'merchant',
    userId: 'merchant-1',
  });
}

/** Puts back the session as stored (signed out, in tests). */
export function resetSession(): void {
  getDefaultStore().set(sessionAtom, readSessionFromStorage());
}

export interface StubCall {
  path: string;
  input: unknown;
}

/** Answers a procedure's call with its data, or throws to make the call fail. */
export type StubHandler = (input: unknown) => unknown;

/**
 * Renders a screen against canned procedure answers instead of a server: each call is recorded in
 * `calls` (to assert what the screen sent, or that it sent nothing) and answered by its handler.
 * A call without a handler fails, so a screen that calls more than the test expects shows it.
 * An answer goes out as the procedure's output schema parses it (outputSchemas.ts); one it
 * refuses fails the call and the test.
 */
export function renderWithTrpc(ui: ReactNode, handlers: Record<string, StubHandler>) {
  const calls: StubCall[] = [];
  // Answers the server could not have sent: the call fails for the screen, and the test fails.
  const drifted: string[] = [];
  onTestFinished(() => {
    if (drifted.length) throw new FixtureDrift(drifted.join('\n'));
  });
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const handler = handlers[op.path];
        Promise.resolve()
          .then(() => {
            if (!handler) throw new Error(`no stub for ${op.path}`);
            return handler(op.input);
          })
          .then((data) => {
            try {
              return asServerWouldSend(op.path, data);
            } catch (err) {
              if (err instanceof FixtureDrift) drifted.push(err.message);
              throw err;
            }
          })
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (error: unknown) => observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error)))),
          );
      });
  const trpcClient = createTRPCClient<AppRouter>({ links: [link] });
  // The app's MutationCache, so what a mutation's meta declares (toasts, refreshed queries) happens as in the app.
  const queryClient: QueryClient = new QueryClient({
    mutationCache: createMutationCache({ client: () => queryClient, errorMessage }),
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        {ui}
      </trpc.Provider>
    </QueryClientProvider>,
  );
  return { ...view, calls, queryClient };
}
