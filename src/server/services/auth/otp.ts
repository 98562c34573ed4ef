import { randomBytes, randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Role } from '../../../shared/constants.js';
import type { registerUserInput, resetPasswordInput, verifyResetOtpInput } from '../../../shared/schemas/auth.js';
import type {
  emailOtpRequestInput,
  emailOtpVerifyInput,
  googleSignInInput,
  phoneOtpRequestInput,
  phoneOtpVerifyInput,
  phoneVerificationInput,
  whatsappRegistrationInput,
} from '../../../shared/schemas/authExtras.js';
import { createGoogleVerifier, GoogleTokenError, type GoogleVerifier } from '../../adapters/identity/google.js';
import { toJsonb } from '../../db/json.js';
import * as accounts from '../../db/repositories/accounts.js';
import { type RateLimit, takeRateLimits } from '../../db/repositories/limits.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import type { Account, Database } from '../../db/types.js';
import type { AppDeps } from '../../deps.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import { toUserWire } from '../wire.js';
import { clientNet } from './clientNet.js';
import { hashPassword } from './passwords.js';
import { CODE_TTL_MS, checkCode, checkSecret, hashCode, issueToken, RESET_SENT_MESSAGE, THROTTLE_WINDOW_MIN } from './service.js';

/*
 * One-time codes by e-mail or WhatsApp, for signing in and for registering: 6 digits, 10 minutes,
 * single use, five wrong tries burn the code, at most 3 codes per 10 minutes and one per 30 seconds
 * per destination and purpose. Sign-in: an unknown address gets the same answer as a known one, so
 * the form reveals no accounts. Registration: the code row holds the pending account, which is
 * created, with the address marked verified, when the code is entered.
 */

const RESEND_AFTER_S = 30;
const MAX_CODES_PER_WINDOW = 3;
export const OTP_SENT_MESSAGE = 'If an account exists for it, a 6-digit code is on its way. It expires in 10 minutes.';
const INVALID_CODE = 'otp: the code is wrong or has expired';
export const CODE_THROTTLED = `Too many failed attempts. Please try again in ${THROTTLE_WINDOW_MIN} minutes.`;

type Channel = 'email' | 'whatsapp';
type Purpose = 'login' | 'registration' | 'phone_verification';
type CodePurpose = Purpose | 'password_reset';

/** '9876543210' → '+919876543210', the form WhatsApp providers take. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+91${digits.slice(-10)}`;
}

const tenDigits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/** Only a verified number identifies an account (sign-in by WhatsApp, "already registered"). */
const findByPhone = (deps: AppDeps, phone: string): Promise<Account | undefined> =>
  accounts.findAccountByVerifiedPhone(deps.db, tenDigits(phone));

interface Delivery {
  accountId: string | null;
  subject: string;
  text: (code: string) => string;
  /** Stored with the code and handed back when it is entered. */
  payload?: Record<string, unknown>;
}

/** Who asks for a code: the request's IP and, when signed in, the caller's account. */
export interface Requester {
  ip: string;
  accountId?: string | null;
}

/*
 * Limits on sending codes (each message costs money once a provider is configured, and each code
 * is a chance to guess): per address and requester (so a stranger cannot use up the owner's
 * codes), per address from everywhere (an inbox or phone is not flooded from many networks), per
 * requesting IP and per signed-in account across destinations (no pumping codes to many numbers).
 * Unknown addresses count the same as known ones.
 */
export const MAX_CODES_PER_ADDRESS_HOUR = 10;
export const MAX_CODES_PER_IP_HOUR = 20;
const MAX_CODES_PER_ACCOUNT_HOUR = 10;

function codeLimits(destination: string, purpose: CodePurpose, requester: Requester): RateLimit[] {
  // The requester's network: an IPv6 client's whole /64 counts as one IP (clientNet.ts).
  const net = clientNet(requester.ip);
  const asker = `${destination}|${net}`;
  const hour = 'Too many codes were requested. Please try again in an hour.';
  return [
    {
      scope: `code:${purpose}:resend`,
      key: asker,
      max: 1,
      windowSeconds: RESEND_AFTER_S,
      message: `Please wait ${RESEND_AFTER_S} seconds before asking for another code.`,
    },
    {
      scope: `code:${purpose}:asker`,
      key: asker,
      max: MAX_CODES_PER_WINDOW,
      windowSeconds: CODE_TTL_MS / 1000,
      message: 'Too many codes requested. Please wait 10 minutes and try again.',
    },
    { scope: 'code:address', key: destination, max: MAX_CODES_PER_ADDRESS_HOUR, windowSeconds: 3600, message: hour },
    { scope: 'code:ip', key: net, max: MAX_CODES_PER_IP_HOUR, windowSeconds: 3600, message: hour },
    ...(requester.accountId
      ? [{ scope: 'code:account', key: requester.accountId, max: MAX_CODES_PER_ACCOUNT_HOUR, windowSeconds: 3600, message: hour }]
      : []),
  ];
}

/**
 * Writes a code for the destination and queues it, in one transaction that first counts it under
 * the limits above (atomically: repositories/limits.ts). Without a delivery a decoy row is written
 * (nothing is sent), so neither the limits nor the work done can tell unknown addresses apart.
 */
export async function sendCode(
  deps: AppDeps,
  channel: Channel,
  destination: string,
  purpose: CodePurpose,
  delivery: Delivery | null,
  requester: Requester,
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction().execute(async (trx) => {
    await takeRateLimits(trx, codeLimits(destination, purpose, requester));
    await accounts.insertOneTimeCode(trx, {
      account_id: delivery?.accountId ?? null,
      destination,
      purpose,
      code_hash: hashCode(delivery ? code : randomBytes(8).toString('hex')).toString('hex'),
      expires_at: new Date(Date.now() + CODE_TTL_MS),
      payload: delivery?.payload ? toJsonb(delivery.payload) : null,
    });
    if (!delivery) return;
    await queueMessage(trx, {
      channel,
      to: channel === 'email' ? destination : toE164(destination),
      subject: channel === 'email' ? delivery.subject : null,
      body: delivery.text(code),
      accountId: delivery.accountId,
      meta: { purpose },
    });
  });
  return { resendAfterSeconds: RESEND_AFTER_S };
}

type CodeRow = NonNullable<Awaited<ReturnType<typeof checkCode>>>;

/**
 * Checks a code under the sign-in throttle (as password sign-in: per destination from this IP,
 * per IP, per destination from every IP) and, when it is right and `accept` agrees, uses it up and
 * runs `then` in the same transaction: a code works once.
 */
async function redeemCode<T>(
  deps: AppDeps,
  destination: string,
  otp: string,
  ip: string,
  purpose: Purpose,
  accept: (row: CodeRow) => Promise<boolean>,
  then: (trx: Transaction<Database>, row: CodeRow) => Promise<T>,
): Promise<T> {
  let row: CodeRow | null = null;
  const ok = await checkSecret(deps, destination, ip, CODE_THROTTLED, async () => {
    row = await checkCode(deps, destination, otp, purpose);
    return Boolean(row && (await accept(row)));
  });
  if (!ok || !row) throw badRequest(INVALID_CODE, 'otp');
  const used: CodeRow = row;
  const result = await deps.db.transaction().execute(async (trx) => {
    if (!(await accounts.consumeCode(trx, used.id))) return { used: true as const };
    return { used: false as const, value: await then(trx, used) };
  });
  if (result.used) throw badRequest('otp: this code has already been used', 'otp');
  return result.value;
}

async function verifyLoginCode(deps: AppDeps, channel: Channel, destination: string, otp: string, ip: string, allowed: Role[]) {
  let account: Account | undefined;
  const used = await redeemCode(
    deps,
    destination,
    otp,
    ip,
    'login',
    async (row) => {
      account = row.account_id ? await accounts.findAccountById(deps.db, row.account_id) : undefined;
      return Boolean(account && !account.is_blocked && allowed.includes(account.role));
    },
    async (trx) => {
      // An e-mail code proves the address (and drops a number someone else may have attached); a
      // WhatsApp code went to a number that was verified already (findByPhone).
      if (channel === 'email') await accounts.markEmailProven(trx, account!.id);
      return accounts.updateAccount(trx, account!.id, { last_login_at: new Date() });
    },
  );
  const merchant = used.role === 'merchant' ? await findMerchantById(deps.db, used.id) : null;
  return { token: await issueToken(deps, used), user: toUserWire(used, merchant), userType: used.role };
}

const CUSTOMERS: Role[] = ['customer'];
const MERCHANTS: Role[] = ['merchant'];

function loginDelivery(account: Account | undefined, allowed: Role[]): Delivery | null {
  if (!account || account.is_blocked || !allowed.includes(account.role)) return null;
  return {
    accountId: account.id,
    subject: 'Your GlowBook sign-in code',
    text: (code) =>
      `${code} is your GlowBook sign-in code. It expires in 10 minutes. Never share it with anyone, including GlowBook staff.`,
  };
}

async function sendLoginCode(
  deps: AppDeps,
  channel: Channel,
  destination: string,
  account: Account | undefined,
  allowed: Role[],
  requester: Requester,
) {
  const sent = await sendCode(deps, channel, destination, 'login', loginDelivery(account, allowed), requester);
  return { message: OTP_SENT_MESSAGE, ...sent };
}

export const sendEmailLoginCode = async (deps: AppDeps, input: z.output<typeof emailOtpRequestInput>, requester: Requester) =>
  sendLoginCode(deps, 'email', input.email, await accounts.findAccountByEmail(deps.db, input.email), CUSTOMERS, requester);
export const sendWhatsAppLoginCode = async (
  deps: AppDeps,
  input: z.output<typeof phoneOtpRequestInput>,
  requester: Requester,
  roles: Role[] = CUSTOMERS,
) => sendLoginCode(deps, 'whatsapp', tenDigits(input.phone), await findByPhone(deps, input.phone), roles, requester);
export const sendMerchantLoginCode = (deps: AppDeps, input: z.output<typeof phoneOtpRequestInput>, requester: Requester) =>
  sendWhatsAppLoginCode(deps, input, requester, MERCHANTS);

export const verifyEmailLoginCode = (deps: AppDeps, input: z.output<typeof emailOtpVerifyInput>, ip: string) =>
  verifyLoginCode(deps, 'email', input.email, input.otp, ip, CUSTOMERS);
export const verifyPhoneLoginCode = (deps: AppDeps, input: z.output<typeof phoneOtpVerifyInput>, ip: string, roles: Role[] = CUSTOMERS) =>
  verifyLoginCode(deps, 'whatsapp', tenDigits(input.phone), input.otp, ip, roles);
export const verifyMerchantLoginCode = (deps: AppDeps, input: z.output<typeof phoneOtpVerifyInput>, ip: string) =>
  verifyPhoneLoginCode(deps, input, ip, MERCHANTS);

// ---------------------------------------------------------------- registration

export const EMAIL_TAKEN = 'email: this email is already registered';
export const PHONE_TAKEN = 'phone: this mobile number is already registered';

/** What a registration code row carries until the code is entered. */
const pendingAccount = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  passwordHash: z.string(),
});

/**
 * Step one of registering with a verified address: the registration form is checked (e-mail and,
 * by WhatsApp, the number must be free), then a code goes to the e-mail address or WhatsApp number.
 * Nothing is created yet.
 */
async function sendRegistrationCode(deps: AppDeps, channel: Channel, input: z.output<typeof registerUserInput>, requester: Requester) {
  if (await accounts.findAccountByEmail(deps.db, input.email)) throw conflictOn(EMAIL_TAKEN, 'email');
  const phone = input.phone ? tenDigits(input.phone) : null;
  if (channel === 'whatsapp' && phone && (await findByPhone(deps, phone))) throw conflictOn(PHONE_TAKEN, 'phone');
  const destination = channel === 'email' ? input.email : phone!;
  const payload: z.infer<typeof pendingAccount> = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone,
    passwordHash: await hashPassword(input.password),
  };
  const sent = await sendCode(
    deps,
    channel,
    destination,
    'registration',
    {
      accountId: null,
      subject: 'Your GlowBook verification code',
      text: (code) =>
        `${code} is your GlowBook verification code. Enter it to finish creating your account; it expires in 10 minutes. Never share it with anyone.`,
      payload,
    },
    requester,
  );
  const where = channel === 'email' ? input.email : `WhatsApp +91 ${destination}`;
  return { message: `A 6-digit code is on its way to ${where}. It expires in 10 minutes.`, ...sent };
}

/**
 * Step two: the right code creates the customer account with that address marked verified and
 * signs it in (201). The code works once; the e-mail must still be free.
 */
async function verifyRegistrationCode(deps: AppDeps, channel: Channel, destination: string, otp: string, ip: string) {
  const account = await redeemCode(
    deps,
    destination,
    otp,
    ip,
    'registration',
    async (row) => pendingAccount.safeParse(row.payload).success,
    async (trx, row) => {
      const p = pendingAccount.parse(row.payload);
      if (await accounts.findAccountByEmail(trx, p.email)) throw conflictOn(EMAIL_TAKEN, 'email');
      const now = new Date();
      return accounts.insertAccount(trx, {
        email: p.email,
        password_hash: p.passwordHash,
        role: 'customer',
        first_name: p.firstName,
        last_name: p.lastName,
        phone: p.phone,
        email_verified_at: channel === 'email' ? now : null,
        phone_verified_at: channel === 'whatsapp' ? now : null,
        last_login_at: now,
      });
    },
  );
  return { user: toUserWire(account), token: await issueToken(deps, account), role: 'customer' as const, userType: 'customer' as const };
}

const conflictOn = (message: string, field: string) => new AppError('CONFLICT', message, field);

export const sendEmailRegistrationCode = (deps: AppDeps, input: z.output<typeof registerUserInput>, requester: Requester) =>
  sendRegistrationCode(deps, 'email', input, requester);
export const sendWhatsAppRegistrationCode = (deps: AppDeps, input: z.output<typeof whatsappRegistrationInput>, requester: Requester) =>
  sendRegistrationCode(deps, 'whatsapp', input, requester);
export const verifyEmailRegistrationCode = (deps: AppDeps, input: z.output<typeof emailOtpVerifyInput>, ip: string) =>
  verifyRegistrationCode(deps, 'email', input.email, input.otp, ip);
export const verifyPhoneRegistrationCode = (deps: AppDeps, input: z.output<typeof phoneOtpVerifyInput>, ip: string) =>
  verifyRegistrationCode(deps, 'whatsapp', tenDigits(input.phone), input.otp, ip);

// ---------------------------------------------------------------- Google

const GOOGLE_OFF = 'Google sign-in is not configured on this server. Sign in with your e-mail and password, or with a one-time code.';
let verifier: GoogleVerifier | null = null;

/** Tests inject a verifier with local keys; production builds one from GOOGLE_CLIENT_ID. */
export function setGoogleVerifier(v: GoogleVerifier | null): void {
  verifier = v;
}

function googleVerifier(deps: AppDeps): GoogleVerifier | null {
  if (verifier) return verifier;
  if (!deps.env.GOOGLE_CLIENT_ID) return null;
  verifier = createGoogleVerifier(deps.env.GOOGLE_CLIENT_ID);
  return verifier;
}

export function providers(deps: AppDeps) {
  const v = googleVerifier(deps);
  return { google: { enabled: Boolean(v), clientId: v?.clientId ?? null, message: v ? null : GOOGLE_OFF } };
}

/** Signs in (or registers, as a customer) the owner of a verified Google ID token. */
export async function googleSignIn(deps: AppDeps, input: z.output<typeof googleSignInInput>) {
  const v = googleVerifier(deps);
  if (!v) throw new AppError('PRECONDITION_FAILED', GOOGLE_OFF);
  const token = input.credential ?? input.idToken;
  if (!token) throw badRequest('credential: the Google credential is missing', 'credential');
  let identity: Awaited<ReturnType<typeof v.verify>>;
  try {
    identity = await v.verify(token);
  } catch (err) {
    if (err instanceof GoogleTokenError) throw new AppError('UNAUTHORIZED', err.message);
    throw err;
  }
  let account = await accounts.findAccountByEmail(deps.db, identity.email);
  if (!account) {
    // No password: the account signs in with Google or a one-time code until one is set by reset.
    account = await accounts.insertAccount(deps.db, {
      email: identity.email,
      password_hash: await hashPassword(randomBytes(24).toString('base64url')),
      role: 'customer',
      first_name: identity.firstName,
      last_name: identity.lastName,
      avatar_url: identity.picture,
    });
  }
  if (account.is_blocked) throw forbidden('This account has been blocked. Please contact support.');
  // Google vouches for the address: it is proven, as by an e-mail code.
  account = await accounts.markEmailProven(deps.db, account.id);
  const merchant = account.role === 'merchant' ? await findMerchantById(deps.db, account.id) : null;
  const user = toUserWire(account, merchant);
  return { token: await issueToken(deps, account), user, userRole: account.role, userType: account.role };
}

// ---------------------------------------------------------------- password reset

/** Answers of the reset form come no sooner than this, whether or not the address has an account. */
const RESET_ANSWER_FLOOR_MS = 250;

/** Settles as `work` does, but not before `ms`: the answer's timing says nothing about what was done. */
async function answerAfter<T>(ms: number, work: Promise<T>): Promise<T> {
  const floor = new Promise((resolve) => setTimeout(resolve, ms));
  const [result] = await Promise.allSettled([work, floor]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * Sends a reset code to an account's e-mail. An unknown address gets the same answer, after the
 * same statements (a decoy code) and no sooner (answerAfter), and counts against the same limits.
 */
export async function forgotPassword(deps: AppDeps, email: string, requester: Requester) {
  return answerAfter(
    RESET_ANSWER_FLOOR_MS,
    (async () => {
      const account = await accounts.findAccountByEmail(deps.db, email);
      const delivery: Delivery | null = account
        ? {
            accountId: account.id,
            subject: 'Your GlowBook password reset code',
            text: (code) =>
              `Your password reset code is ${code}. It expires in 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this e-mail.`,
          }
        : null;
      await sendCode(deps, 'email', email, 'password_reset', delivery, requester);
      return { message: RESET_SENT_MESSAGE };
    })(),
  );
}

async function checkResetCode(deps: AppDeps, email: string, otp: string, ip: string) {
  let row: CodeRow | null = null;
  await checkSecret(deps, email, ip, CODE_THROTTLED, async () => Boolean((row = await checkCode(deps, email, otp, 'password_reset'))));
  return row as CodeRow | null;
}

export async function verifyResetOtp(deps: AppDeps, input: z.output<typeof verifyResetOtpInput>, ip: string) {
  return { valid: !!(await checkResetCode(deps, input.email, input.otp, ip)) };
}

/** A right reset code sets the new password, proves the e-mail and signs the account out everywhere. */
export async function resetPassword(deps: AppDeps, input: z.output<typeof resetPasswordInput>, ip: string) {
  const row = await checkResetCode(deps, input.email, input.otp, ip);
  if (!row?.account_id) throw badRequest('otp: the code is invalid or has expired', 'otp');
  const accountId = row.account_id;
  const hash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await accounts.consumeCode(trx, row.id))) throw badRequest('otp: the code has already been used', 'otp');
    await accounts.updateAccount(trx, accountId, { password_hash: hash });
    await accounts.markEmailProven(trx, accountId);
    await accounts.bumpTokenVersion(trx, accountId);
  });
  return { message: 'Your password has been reset. You can sign in now.' };
}

// ---------------------------------------------------------------- verifying one's own number

export const PHONE_VERIFIED_ELSEWHERE = 'phone: this mobile number is already verified on another account';

async function ownAccount(deps: AppDeps, accountId: string): Promise<Account & { phone: string }> {
  const account = await accounts.findAccountById(deps.db, accountId);
  if (!account) throw new AppError('NOT_FOUND', 'Account not found');
  if (!account.phone) throw badRequest('phone: add your mobile number to your profile first', 'phone');
  if (account.phone_verified_at) throw badRequest('phone: this mobile number is already verified', 'phone');
  return account as Account & { phone: string };
}

/**
 * Sends a code by WhatsApp to the signed-in account's own number (users/sendPhoneVerificationCode).
 * Until it is entered the number is contact only: it cannot sign in.
 */
export async function sendPhoneVerificationCode(deps: AppDeps, accountId: string, requester: Requester) {
  const account = await ownAccount(deps, accountId);
  if (await findByPhone(deps, account.phone)) throw conflictOn(PHONE_VERIFIED_ELSEWHERE, 'phone');
  const sent = await sendCode(
    deps,
    'whatsapp',
    account.phone,
    'phone_verification',
    {
      accountId: account.id,
      subject: 'Your GlowBook verification code',
      text: (code) =>
        `${code} is your GlowBook code to verify this number. It expires in 10 minutes. Never share it with anyone, including GlowBook staff.`,
    },
    requester,
  );
  return { message: `A 6-digit code is on its way to WhatsApp +91 ${account.phone}. It expires in 10 minutes.`, ...sent };
}

/**
 * The code sent to the account's number marks it verified, if the number is still the one the code
 * went to; a number verified on another account meanwhile is a 409 (the unique index decides).
 */
export async function verifyOwnPhone(deps: AppDeps, accountId: string, input: z.output<typeof phoneVerificationInput>, ip: string) {
  const account = await ownAccount(deps, accountId);
  try {
    const updated = await redeemCode(
      deps,
      account.phone,
      input.otp,
      ip,
      'phone_verification',
      async (row) => row.account_id === account.id,
      async (trx) => {
        const row = await accounts.markPhoneVerified(trx, account.id, account.phone);
        if (!row) throw badRequest('phone: your number changed since the code was sent; ask for a new code', 'phone');
        return row;
      },
    );
    const merchant = updated.role === 'merchant' ? await findMerchantById(deps.db, updated.id) : null;
    return { user: toUserWire(updated, merchant), message: 'Your mobile number is verified.' };
  } catch (err) {
    if ((err as { code?: string; constraint?: string }).constraint === 'accounts_verified_phone_key')
      throw conflictOn(PHONE_VERIFIED_ELSEWHERE, 'phone');
    throw err;
  }
}
