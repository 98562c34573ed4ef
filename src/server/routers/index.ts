import { router } from '../trpc/init.js';
import { merchantAuthRouter, merchantSignInProcedures } from './merchantAuth.js';
import { userAccountProcedures } from './users.js';

/**
 * The tRPC namespaces mirror the /api path prefixes (users/*, merchants/*, ...). A namespace
 * gathers plain procedure objects from each domain file, so domains grow without touching
 * each other.
 */
export const appRouter = router({
  users: router({
    ...userAccountProcedures,
  }),
  merchants: router({
    ...merchantSignInProcedures,
  }),
  merchantAuth: merchantAuthRouter,
});

export type AppRouter = typeof appRouter;
