import { router } from '../trpc/init.js';
import { merchantAuthRouter, merchantSignInProcedures } from './merchantAuth.js';
import { usersRouter } from './users.js';

export const appRouter = router({
  users: usersRouter,
  merchants: router({ ...merchantSignInProcedures }),
  merchantAuth: merchantAuthRouter,
});

export type AppRouter = typeof appRouter;
