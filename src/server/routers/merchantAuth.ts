import { z } from 'zod';
import {
  authAnswer,
  loginInput,
  merchantAccountWire,
  merchantAuthAnswer,
  messageAnswer,
  registerAnswer,
  registerMerchantInput,
} from '../../shared/schemas/auth.js';
import * as auth from '../services/auth/service.js';
import { toMerchantAccountWire, toUserWire } from '../services/wire.js';
import { router } from '../trpc/init.js';
import { merchantProcedure, publicProcedure, secretCheckProcedure } from '../trpc/procedures.js';

const tags = ['Merchant sign-in'];

/** The older merchant family: merchants/registerMerchants and merchants/loginMerchant/EmailLogin. */
export const merchantSignInProcedures = {
  registerMerchants: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/registerMerchants', tags, protect: false }, successStatus: 201 })
    .input(registerMerchantInput)
    .output(registerAnswer)
    .mutation(async ({ ctx, input }) => {
      const r = await auth.registerMerchant(ctx.deps, input);
      return { user: toUserWire(r.account, r.merchant), token: r.token, role: 'merchant' as const };
    }),

  loginMerchant: secretCheckProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/loginMerchant/EmailLogin', tags, protect: false } })
    .input(loginInput)
    .output(authAnswer)
    .mutation(async ({ ctx, input }) => {
      const r = await auth.login(ctx.deps, input, ctx.ip, ['merchant']);
      return { token: r.token, user: toUserWire(r.account, r.merchant), userType: 'merchant' as const };
    }),
};

/** The newer family at /merchants/auth/*. */
export const merchantAuthRouter = router({
  login: secretCheckProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/auth/login', tags, protect: false } })
    .input(loginInput)
    .output(merchantAuthAnswer)
    .mutation(async ({ ctx, input }) => {
      const r = await auth.login(ctx.deps, input, ctx.ip, ['merchant']);
      return { token: r.token, merchant: toMerchantAccountWire(r.account, r.merchant!) };
    }),

  register: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/merchants/auth/register', tags, protect: false }, successStatus: 201 })
    .input(registerMerchantInput)
    .output(merchantAuthAnswer)
    .mutation(async ({ ctx, input }) => {
      const r = await auth.registerMerchant(ctx.deps, input);
      return { token: r.token, merchant: toMerchantAccountWire(r.account, r.merchant) };
    }),

  logout: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/auth/logout',
        tags,
        protect: false,
        description:
          'Ends the session of the bearer token sent with it: that token is refused (401) from now on, until it would have expired; the account’s other sessions stay signed in. Without a token, or with one that no longer works, there is nothing to end and the answer is the same.',
      },
    })
    .input(z.object({}).optional())
    .output(messageAnswer)
    .mutation(({ ctx }) => auth.logout(ctx.deps, ctx.session)),

  me: merchantProcedure
    .meta({ openapi: { method: 'GET', path: '/merchants/auth/me', tags } })
    .input(z.object({ merchantId: z.string().uuid().optional() }))
    .output(z.object({ merchant: merchantAccountWire }))
    .query(({ ctx, input }) => auth.merchantMe(ctx.deps, input.merchantId ?? ctx.actor.id)),
});
