import { MutationCache, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AnyProcedure } from '@trpc/server';
import type { AppRouter } from '../server/routers/index.js';
import { toast } from './state/toast';

/** Every procedure's path ('users.getWallet') and every router's ('blogs'). */
type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${Prefix}${K}` : `${Prefix}${K}` | PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
export type TrpcPath = PathsOf<AppRouter['_def']['record']>;

/**
 * What a mutation's result does, declared on the mutation (`useMutation({ meta: {...} })`) and
 * carried out once, by the query client's MutationCache, for every mutation:
 *
 *   trpc.Coupons.createCoupon.useMutation({
 *     meta: { successToast: 'Coupon created.', errorToast: 'Could not create the coupon.', invalidates: ['Coupons.getAllCoupons'] },
 *     onSuccess: onClose,
 *   });
 *
 * A screen then calls `mutate(input)` (or `mutateAsync` when it needs the answer, catching the
 * rejection it has nothing more to do about) and writes no toast or invalidation of its own.
 */
export interface MutationMeta extends Record<string, unknown> {
  /**
   * A success toast; a function of the answer and the input when the text depends on them
   * (typed loosely: meta is one type for every mutation, so annotate the parameters you read),
   * returning null when that answer is not one to toast (the screen says more itself).
   */
  successToast?: string | ((data: any, variables: any) => string | null);
  /**
   * An error toast: the server's message when it has one for people (a refusal, a conflict),
   * else this text (a network failure, a 5xx).
   */
  errorToast?: string;
  /**
   * Queries refreshed once the call succeeds, before `mutateAsync` resolves and before the
   * mutation's own onSuccess runs: tRPC paths (a procedure, 'users.getWallet', or a whole router,
   * 'blogs') or query keys.
   */
  invalidates?: ReadonlyArray<TrpcPath | QueryKey>;
}

/** `successToast: answerMessage`: the server's own sentence about what it did ("Coupon deleted."). */
export const answerMessage = (answer: { message: string }): string => answer.message;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}

/** The query key prefix every query of a tRPC procedure or router starts with. */
export function keyOf(target: TrpcPath | QueryKey): QueryKey {
  return typeof target === 'string' ? [target.split('.')] : target;
}

interface MutationCacheDeps {
  /** The query client the cache belongs to (it exists only once the cache is built). */
  client: () => QueryClient;
  /** An error as text for people, else the fallback (the trpc module's errorMessage). */
  errorMessage: (error: unknown, fallback: string) => string;
}

/** The MutationCache that carries out each mutation's `meta` (see MutationMeta). */
export function createMutationCache({ client, errorMessage }: MutationCacheDeps): MutationCache {
  return new MutationCache({
    onSuccess: async (data, variables, _context, mutation) => {
      const meta = mutation.meta;
      if (!meta) return;
      const said = typeof meta.successToast === 'function' ? meta.successToast(data, variables) : meta.successToast;
      if (said) toast.success(said);
      if (meta.invalidates?.length) {
        const queryClient = client();
        await Promise.all(meta.invalidates.map((target) => queryClient.invalidateQueries({ queryKey: keyOf(target) })));
      }
    },
    onError: (error, _variables, _context, mutation) => {
      const fallback = mutation.meta?.errorToast;
      if (fallback) toast.error(errorMessage(error, fallback));
    },
  });
}
