import { z } from 'zod';
import { authAnswer, registerUserInput, roleSchema, userWire } from '../../shared/schemas/auth.js';
import * as s from '../../shared/schemas/authExtras.js';
import * as otp from '../services/auth/otp.js';
import { authedProcedure, oneSecretCheck, publicProcedure, secretCheckProcedure } from '../trpc/procedures.js';
import { codeCheck, codeRequest, EMAIL_TAKEN, EMAIL_TAKEN_SINCE, errors, googleSignIn } from './common.docs.js';

const tags = ['Sign-in'];
const googleAnswer = z.object({ token: z.string(), user: userWire, userRole: roleSchema, userType: roleSchema });

/** One-time-code and Google sign-in for customers (the spec's users/* and bare verify paths). */
export const otpUserProcedures = {
  sendOTPonEmailForLogin: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/loginUser/sendOTPonEmailForLogin',
        tags,
        summary: 'E-mail a sign-in code',
        errorResponses: errors(400, 409, codeRequest),
      },
    })
    .input(s.emailOtpRequestInput)
    .output(s.otpSentAnswer)
    .mutation(({ ctx, input }) => otp.sendEmailLoginCode(ctx.deps, input, { ip: ctx.ip })),
  verifyOTPForEmailLogin: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/loginUser/verifyOTPForEmailLogin',
        tags,
        summary: 'Sign in with an e-mailed code',
        errorResponses: errors(409, codeCheck),
      },
    })
    .input(s.emailOtpVerifyInput)
    .output(authAnswer)
    .mutation(({ ctx, input }) => otp.verifyEmailLoginCode(ctx.deps, input, ctx.ip)),
  sendOTPonWhatsappForLogin: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/loginUser/sendOTPonWhatsappForLogin',
        tags,
        summary: 'Send a sign-in code by WhatsApp',
        errorResponses: errors(400, 409, codeRequest),
      },
    })
    .input(s.phoneOtpRequestInput)
    .output(s.otpSentAnswer)
    .mutation(({ ctx, input }) => otp.sendWhatsAppLoginCode(ctx.deps, input, { ip: ctx.ip })),
  verifyOTPForMobileLogin: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/verifyOTPForMobileLogin',
        tags,
        summary: 'Sign in with a WhatsApp code',
        errorResponses: errors(409, codeCheck),
      },
    })
    .input(s.phoneOtpVerifyInput)
    .output(authAnswer)
    .mutation(({ ctx, input }) => otp.verifyPhoneLoginCode(ctx.deps, input, ctx.ip)),
  sendOTPToEmailDuringRegistration: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/sendOTPToEmailDuringRegistration',
        tags,
        description: 'Registration, step 1: checks the form and e-mails a 6-digit code. Nothing is created yet.',
        summary: 'Start registration: e-mail a code',
        errorResponses: errors(400, codeRequest, { 409: `${EMAIL_TAKEN} (\`data.field\`: email)` }),
      },
    })
    .input(registerUserInput)
    .output(s.otpSentAnswer)
    .mutation(({ ctx, input }) => otp.sendEmailRegistrationCode(ctx.deps, input, { ip: ctx.ip })),
  verifyOTPForEmailRegistration: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/verifyOTPForEmailRegistration',
        tags,
        description: 'Registration, step 2: the code creates the customer account with its e-mail verified and signs it in.',
        summary: 'Finish registration with the e-mailed code',
        errorResponses: errors(codeCheck, { 409: EMAIL_TAKEN_SINCE }),
      },
      successStatus: 201,
    })
    .input(s.emailOtpVerifyInput)
    .output(s.registrationAnswer)
    .mutation(({ ctx, input }) => otp.verifyEmailRegistrationCode(ctx.deps, input, ctx.ip)),
  sendOTPonWhatsappForRegister: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/loginUser/sendOTPonWhatsappForRegister',
        tags,
        description: 'Registration, step 1: checks the form and sends a 6-digit code by WhatsApp. Nothing is created yet.',
        summary: 'Start registration: send a code by WhatsApp',
        errorResponses: errors(400, codeRequest, {
          409: 'The e-mail or the mobile number is already registered (`data.field` says which)',
        }),
      },
    })
    .input(s.whatsappRegistrationInput)
    .output(s.otpSentAnswer)
    .mutation(({ ctx, input }) => otp.sendWhatsAppRegistrationCode(ctx.deps, input, { ip: ctx.ip })),
  verifyOTPForMobileRegistration: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/verifyOTPForMobileRegistration',
        tags,
        description: 'Registration, step 2: the code creates the customer account with its mobile number verified and signs it in.',
        summary: 'Finish registration with the WhatsApp code',
        errorResponses: errors(codeCheck, { 409: EMAIL_TAKEN_SINCE }),
      },
      successStatus: 201,
    })
    .input(s.phoneOtpVerifyInput)
    .output(s.registrationAnswer)
    .mutation(({ ctx, input }) => otp.verifyPhoneRegistrationCode(ctx.deps, input, ctx.ip)),
  sendPhoneVerificationCode: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/sendPhoneVerificationCode',
        tags,
        description:
          'Any signed-in account: sends a 6-digit code by WhatsApp to the account’s own mobile number. Until the code is entered the number cannot sign in.',
        summary: "Send a code to verify the account's mobile number",
        errorResponses: errors(400, 401, 409, codeRequest),
      },
    })
    .input(s.phoneVerificationRequestInput)
    .output(s.otpSentAnswer)
    .mutation(({ ctx }) => otp.sendPhoneVerificationCode(ctx.deps, ctx.actor.id, { ip: ctx.ip, accountId: ctx.actor.id })),
  verifyPhone: authedProcedure
    .use(oneSecretCheck)
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/verifyPhone',
        tags,
        description:
          'Any signed-in account: the code sent to its mobile number marks the number verified, so it can sign in by WhatsApp. 409 when the number is verified on another account.',
        summary: 'Verify the mobile number with its code',
        errorResponses: errors(401, 409, codeCheck),
      },
    })
    .input(s.phoneVerificationInput)
    .output(s.phoneVerifiedAnswer)
    .mutation(({ ctx, input }) => otp.verifyOwnPhone(ctx.deps, ctx.actor.id, input, ctx.ip)),
  authProviders: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/users/auth/providers',
        tags,
        summary: 'List the sign-in methods this server offers',
        errorResponses: errors(400),
      },
    })
    .input(s.providersInput)
    .output(s.providersAnswer)
    .query(({ ctx }) => otp.providers(ctx.deps)),
  registerUserViaGoogle: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/registerUserViaGoogle',
        tags,
        summary: 'Sign up or in with a Google ID token',
        errorResponses: errors(400, 409, googleSignIn),
      },
    })
    .input(s.googleSignInInput)
    .output(googleAnswer)
    .mutation(({ ctx, input }) => otp.googleSignIn(ctx.deps, input)),
  firebaseLogin: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/auth/firebase-login',
        tags,
        summary: 'Sign in with a Google ID token (legacy path)',
        errorResponses: errors(400, 409, googleSignIn),
      },
    })
    .input(s.googleSignInInput)
    .output(googleAnswer)
    .mutation(({ ctx, input }) => otp.googleSignIn(ctx.deps, input)),
};

/** A salon owner's sign-in code by WhatsApp (merchants/loginMerchant/sendOTP). */
export const otpMerchantProcedures = {
  sendOTP: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/loginMerchant/sendOTP',
        tags,
        summary: 'E-mail a salon owner sign-in code',
        errorResponses: errors(400, 409, codeRequest),
      },
    })
    .input(s.phoneOtpRequestInput)
    .output(s.otpSentAnswer)
    .mutation(({ ctx, input }) => otp.sendMerchantLoginCode(ctx.deps, input, { ip: ctx.ip })),
  verifyOTP: secretCheckProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/merchants/loginMerchant/verifyOTP',
        tags,
        summary: 'Sign in a salon owner with an e-mailed code',
        errorResponses: errors(409, codeCheck),
      },
    })
    .input(s.phoneOtpVerifyInput)
    .output(authAnswer)
    .mutation(({ ctx, input }) => otp.verifyMerchantLoginCode(ctx.deps, input, ctx.ip)),
};
