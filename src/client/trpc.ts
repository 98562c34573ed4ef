import { QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { navigate } from 'wouter/use-browser-location';
import type { AppRouter } from '../server/routers/index.js';
import { MAX_TRPC_BATCH } from '../shared/batch.js';
import type { HoursClash } from '../shared/schemas/shop.js';
import { takeIdempotencyKey } from './features/booking/idempotency';
import { createMutationCache } from './mutationMeta';
import { clearSession, getSession } from './state/session';

export type { AppRouter };

/** Calls where a 401 means "wrong credentials", not "session expired". */
const CREDENTIAL_CALLS = new Set([
  'users.loginEmail',
  'users.registerUser',
  'users.changePassword',
  'users.forgotPassword',
  'users.verifyResetOtp',
  'users.resetPassword',
  'merchants.loginMerchant',
  'merchants.registerMerchants',
  'merchantAuth.logout',
  'users.logout',
]);

interface ErrorData {
  httpStatus?: number;
  code?: string;
  /** The input field a refusal is about (the server's InputError or AppError), when it names one. */
  field?: string | null;
  /** merchants.updateBusinessHours' 409: the upcoming bookings the new hours leave uncovered. */
  clashes?: HoursClash[];
}

function errorData(error: unknown): ErrorData | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data ?? error.shape?.data) as ErrorData | undefined;
}

export function isUnauthorized(error: unknown): boolean {
  const data = errorData(error);
  return data?.httpStatus === 401 || data?.code === 'UNAUTHORIZED';
}

export function httpStatusOf(error: unknown): number | undefined {
  return errorData(error)?.httpStatus;
}

/** The input field the server's refusal names (its top-level name: 'services.0.price' → 'services'), if any. */
/** The bookings a 409 of merchants.updateBusinessHours lists; [] for any other error. */
export function errorClashes(error: unknown): HoursClash[] {
  return errorData(error)?.clashes ?? [];
}

export function errorField(error: unknown): string | undefined {
  return errorData(error)?.field?.split('.')[0] ?? undefined;
}

/**
 * A server message as a sentence for the screen: without the field name the API puts first for
 * its clients ('currentPassword: the current password is not correct' → 'The current password is
 * not correct'); the screen shows it where the field is.
 */
export function readableMessage(message: string): string {
  const text = message.trim().replace(/^[A-Za-z][\w.[\]]*: (?=\S)/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The server's human message, else the screen's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    const message = error.message?.trim();
    // Network failures surface as fetch errors with technical text; the fallback reads better.
    if (message && !/^(failed to fetch|networkerror|load failed|unexpected token)/i.test(message)) return readableMessage(message);
  }
  return fallback;
}

/**
 * A refusal the caller can act on (a 4xx names the field and what to fix) in the server's words,
 * without the field prefix; anything else (network, 5xx) as the screen's own failure text.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const status = httpStatusOf(error);
  const message = error instanceof TRPCClientError ? error.message?.trim() : '';
  if (status && status >= 400 && status < 500 && message) return readableMessage(message);
  return fallback;
}

let queryClientRef: QueryClient | null = null;

/** Spec "Any 401": storage is cleared and the user goes to /login. */
function handleUnauthorized(): void {
  if (!getSession().token) return;
  // The token no longer works: the browser's push subscription is dropped there only.
  void import('./features/push/push').then((m) => m.detachPush(null)).catch(() => undefined);
  clearSession();
  queryClientRef?.clear();
  if (window.location.pathname !== '/login') navigate('/login', { replace: true });
}

const unauthorizedLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) =>
      next(op).subscribe({
        next: (value) => observer.next(value),
        error: (error) => {
          if (isUnauthorized(error) && !CREDENTIAL_CALLS.has(op.path)) handleUnauthorized();
          observer.error(error);
        },
        complete: () => observer.complete(),
      }),
    );

export function createAppTRPCClient() {
  return createTRPCClient<AppRouter>({
    links: [
      unauthorizedLink,
      splitLink({
        condition: (op) => op.type === 'subscription',
        // Live feeds (the merchant calendar) are server-sent events; an EventSource sends no
        // headers, so the token travels as a connection parameter, read when each (re)connect starts.
        true: httpSubscriptionLink({
          url: '/trpc',
          connectionParams: () => {
            const token = getSession().token;
            return token ? { token } : {};
          },
        }),
        false: httpBatchLink({
          url: '/trpc',
          maxItems: MAX_TRPC_BATCH,
          headers() {
            const token = getSession().token;
            const key = takeIdempotencyKey();
            return { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(key ? { 'Idempotency-Key': key } : {}) };
          },
        }),
      }),
    ],
  });
}

export function createAppQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache(),
    // Each mutation's toasts and invalidations, declared in its `meta` (see mutationMeta.ts).
    mutationCache: createMutationCache({ client: () => client, errorMessage }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = httpStatusOf(error);
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
  queryClientRef = client;
  return client;
}

export const queryClient = createAppQueryClient();
export const trpcClient = createAppTRPCClient();

/** The typed hooks: trpc.a.b.useQuery / useMutation / useSubscription, trpc.useUtils(), trpc.Provider. */
export const trpc = createTRPCReact<AppRouter>();
