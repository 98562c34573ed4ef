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
import { EMAIL_TAKEN, errors, hashesPassword, passwordSignIn, salonLinks, signInExamples } from './common.docs.js';

const tags = ['Merchant sign-in'];

/** The older merchant family: merchants/registerMerchants and merchants/loginMerchant/EmailLogin. */
export const merchantSignInProcedures = {
  registerMerchants: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/registerMerchants',
        tags,
        protect: false,
        summary: 'Register a salon and its owner account',
        errorResponses: errors(400, hashesPassword, { 409: EMAIL_TAKEN }),
      },
      successStatus: 201,
      docs: { links: salonLinks('$response.body#/user/_id') },
    })
    .input(registerMerchantInput)
    .output(registerAnswer)
    .mutation(async ({ ctx, input }) => {
      const r = await auth.registerMerchant(ctx.deps, input);
      return { user: toUserWire(r.account, r.merchant), token: r.token, role: 'merchant' as const };
    }),

  loginMerchant: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/loginMerchant/EmailLogin',
        tags,
        protect: false,
        summary: 'Sign in a salon owner with e-mail and password',
        errorResponses: errors(400, 409, passwordSignIn),
      },
      docs: { examples: signInExamples({ owner: 'merchant@demo.in' }) },
    })
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
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/auth/login',
        tags,
        protect: false,
        summary: 'Sign in a salon owner',
        errorResponses: errors(400, 409, passwordSignIn),
      },
      docs: { examples: signInExamples({ owner: 'merchant@demo.in' }) },
    })
    .input(loginInput)
    .output(merchantAuthAnswer)
    .mutation(async ({ ctx, input }) => {
      const r = await auth.login(ctx.deps, input, ctx.ip, ['merchant']);
      return { token: r.token, merchant: toMerchantAccountWire(r.account, r.merchant!) };
    }),

  register: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/auth/register',
        tags,
        protect: false,
        summary: 'Register a salon owner',
        errorResponses: errors(400, hashesPassword, { 409: EMAIL_TAKEN }),
      },
      successStatus: 201,
      docs: { links: salonLinks('$response.body#/merchant/_id') },
    })
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
        summary: 'Sign out this token',
        errorResponses: errors(400, 409),
      },
      docs: { optionalAuth: 'With a token, that session ends; without one (or with one that no longer works) there is nothing to end.' },
    })
    .input(z.object({}).optional())
    .output(messageAnswer)
    .mutation(({ ctx }) => auth.logout(ctx.deps, ctx.session)),

  me: merchantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/merchants/auth/me',
        tags,
        summary: 'Read the signed-in salon owner',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(z.object({ merchantId: z.string().uuid().optional() }))
    .output(z.object({ merchant: merchantAccountWire }))
    .query(({ ctx, input }) => auth.merchantMe(ctx.deps, input.merchantId ?? ctx.actor.id)),
});
