import { z } from 'zod';
import {
  authAnswer,
  changePasswordInput,
  forgotPasswordInput,
  loginInput,
  messageAnswer,
  registerAnswer,
  registerUserInput,
  resetPasswordInput,
  userWire,
  verifyResetOtpInput,
} from '../../shared/schemas/auth.js';
import * as otp from '../services/auth/otp.js';
import * as auth from '../services/auth/service.js';
import { toUserWire } from '../services/wire.js';
import { authedProcedure, oneSecretCheck, publicProcedure, secretCheckProcedure } from '../trpc/procedures.js';
import {
  CODES_SENT,
  codeCheck,
  EMAIL_TAKEN,
  errors,
  hashesPassword,
  PASSWORDS_BUSY,
  passwordSignIn,
  signInExamples,
} from './common.docs.js';

const tags = ['Users'];

/** Customer and admin sign-in and account calls under users/*. */
export const userAccountProcedures = {
  registerUser: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/registerUser',
        tags,
        protect: false,
        summary: 'Register a customer account',
        errorResponses: errors(400, hashesPassword, { 409: EMAIL_TAKEN }),
      },
      successStatus: 201,
    })
    .input(registerUserInput)
    .output(registerAnswer)
    .mutation(({ ctx, input }) => auth.registerCustomer(ctx.deps, input)),

  loginEmail: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/loginUser/emailLogin',
        tags,
        protect: false,
        summary: 'Sign in a customer or administrator with e-mail and password',
        errorResponses: errors(400, 409, passwordSignIn),
      },
      docs: { examples: signInExamples({ customer: 'customer@demo.in', admin: 'admin@demo.in' }) },
    })
    .input(loginInput)
    .output(authAnswer)
    .mutation(async ({ ctx, input }) => {
      const r = await auth.login(ctx.deps, input, ctx.ip, ['customer', 'admin']);
      return { token: r.token, user: toUserWire(r.account), userType: r.account.role };
    }),

  profile: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/profile', tags, summary: 'Read the signed-in account', errorResponses: errors(401) } })
    .input(z.void())
    .output(z.object({ user: userWire }))
    .query(({ ctx }) => auth.profile(ctx.deps, ctx.actor.id, ctx.actor.member && { name: ctx.actor.member.name, email: ctx.actor.email })),

  logout: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/logout',
        tags,
        description:
          'Any signed-in account (customer, salon owner, admin). Ends the session of the bearer token sent with it: that token is refused (401) from now on, until it would have expired; the account’s other sessions stay signed in.',
        summary: 'Sign out this token',
        errorResponses: errors(400, 401, 409),
      },
    })
    .input(z.object({}).optional())
    .output(messageAnswer)
    .mutation(({ ctx }) => auth.logout(ctx.deps, ctx.session)),

  refreshToken: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/refresh-token',
        tags,
        summary: 'Get a fresh token for the signed-in account',
        errorResponses: errors(400, 401, 409),
      },
    })
    .input(z.object({}).optional())
    .output(z.object({ token: z.string() }))
    .mutation(({ ctx }) => auth.refreshToken(ctx.deps, ctx.actor.id)),

  changePassword: authedProcedure
    .use(oneSecretCheck)
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/changePassword',
        tags,
        summary: 'Change the password (signs out other sessions)',
        errorResponses: errors(400, 401, 409, {
          429: `Too many wrong current passwords for this account or from this IP address (the message says when to try again), or ${PASSWORDS_BUSY.charAt(0).toLowerCase()}${PASSWORDS_BUSY.slice(1)}`,
        }),
      },
    })
    .input(changePasswordInput)
    .output(z.object({ message: z.string(), token: z.string() }))
    .mutation(({ ctx, input }) => auth.changePassword(ctx.deps, ctx.actor.id, input, ctx.ip)),

  forgotPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/forgot-password',
        tags,
        protect: false,
        summary: 'E-mail a password reset code',
        errorResponses: errors(400, 409, { 429: CODES_SENT }),
      },
    })
    .input(forgotPasswordInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => otp.forgotPassword(ctx.deps, input.email, { ip: ctx.ip })),

  sendResetOtp: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/sendOTPToEmailToResetPassword',
        tags,
        protect: false,
        summary: 'E-mail a password reset code (legacy path)',
        errorResponses: errors(400, 409, { 429: CODES_SENT }),
      },
    })
    .input(forgotPasswordInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => otp.forgotPassword(ctx.deps, input.email, { ip: ctx.ip })),

  verifyResetOtp: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/verifyOTPForEmailToResetPassword',
        tags,
        protect: false,
        summary: 'Check a password reset code',
        errorResponses: errors(400, 409, codeCheck),
      },
    })
    .input(verifyResetOtpInput)
    .output(z.object({ valid: z.boolean() }))
    .mutation(({ ctx, input }) => otp.verifyResetOtp(ctx.deps, input, ctx.ip)),

  resetPassword: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/resetPassword',
        tags,
        protect: false,
        summary: 'Set a new password with a reset code',
        errorResponses: errors(400, 409, codeCheck, {
          429: `${codeCheck[429]}; or ${PASSWORDS_BUSY.charAt(0).toLowerCase()}${PASSWORDS_BUSY.slice(1)}`,
        }),
      },
    })
    .input(resetPasswordInput)
    .output(messageAnswer)
    .mutation(({ ctx, input }) => otp.resetPassword(ctx.deps, input, ctx.ip)),
};
