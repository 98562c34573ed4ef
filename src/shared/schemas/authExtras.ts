import { z } from 'zod';
import { emailSchema, LOOSE_INDIAN_MOBILE_RE, mobileSchema } from '../validation.js';
import { otpSchema, registerUserInput, roleSchema, userWire } from './auth.js';

/** '98123 45678', '+91 98123-45678' and '9812345678' are the same number. */
const phoneField = z
  .preprocess((v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').replace(/^(\+91|91)(?=\d{10}$)/, '') : v), mobileSchema)
  .meta({
    pattern: LOOSE_INDIAN_MOBILE_RE.source,
    description: 'An Indian mobile number: 10 digits from 6-9, optionally +91; spaces and hyphens ignored',
  });

export const emailOtpRequestInput = z.object({ email: emailSchema });
export const phoneOtpRequestInput = z.object({ phone: phoneField });
export const emailOtpVerifyInput = z.object({ email: emailSchema, otp: otpSchema });
export const phoneOtpVerifyInput = z.object({ phone: phoneField, otp: otpSchema });
/** The code box of a sign-in, registration or reset screen: the address is the one the code went to. */
export const otpCodeForm = z.object({ otp: otpSchema });
export const otpSentAnswer = z.object({ message: z.string(), resendAfterSeconds: z.number() });

/** Verifying one's own mobile number (signed in): the code sent to it by WhatsApp. */
export const phoneVerificationRequestInput = z.object({}).optional();
export const phoneVerificationInput = z.object({ otp: otpSchema });
export const phoneVerifiedAnswer = z.object({ user: userWire, message: z.string() });

/** Registering with a code by WhatsApp: the registration form, with the mobile number required. */
export const whatsappRegistrationInput = registerUserInput.extend({ phone: phoneField });
/**
 * The registration screen's form: the code goes by e-mail (the mobile number optional) or by
 * WhatsApp (the number required); `channel` is the screen's choice and is not sent.
 */
export const registrationForm = z.discriminatedUnion('channel', [
  registerUserInput.extend({ channel: z.literal('email') }),
  whatsappRegistrationInput.extend({ channel: z.literal('whatsapp') }),
]);
/** A registration finished with a code: the new account, signed in. */
export const registrationAnswer = z.object({ user: userWire, token: z.string(), role: roleSchema, userType: roleSchema });

export const providersInput = z.object({});
export const providersAnswer = z.object({
  google: z.object({ enabled: z.boolean(), clientId: z.string().nullable(), message: z.string().nullable() }),
});
export const googleSignInInput = z.object({
  /** The Google ID token (a JWT) from Google Identity Services; `idToken` is accepted as an alias. */
  credential: z.string().trim().min(20, 'credential: the Google credential is missing').max(4096).optional(),
  idToken: z.string().trim().min(20, 'idToken: the Google credential is missing').max(4096).optional(),
});
