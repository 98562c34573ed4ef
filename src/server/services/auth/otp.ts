import { randomInt, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { registerUserInput } from '../../../shared/schemas/auth.js';
import type {
  emailOtpRequestInput,
  emailOtpVerifyInput,
  googleSignInInput,
  phoneOtpRequestInput,
  phoneOtpVerifyInput,
  whatsappRegistrationInput,
} from '../../../shared/schemas/authExtras.js';
import * as accounts from '../../db/repositories/accounts.js';
import { toJsonb } from '../../db/json.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import type { Account, Database, Role } from '../../db/types.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { createGoogleVerifier, GoogleTokenError, type GoogleVerifier } from '../../adapters/identity/google.js';
import { queueMessage } from '../../messaging/index.js';
import type { AppDeps } from '../../trpc/context.js';
import { toUserWire } from '../wire.js';
import { hashPassword } from './passwords.js';
import { checkCode, checkSignInThrottle, CODE_TTL_MS, hashCode, issueToken, THROTTLE_WINDOW_MIN } from './service.js';

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

type Channel = 'email' | 'whatsapp';
type Purpose = 'login' | 'registration';

/** '9876543210' → '+919876543210', the form WhatsApp providers take. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+91${digits.slice(-10)}`;
}

const tenDigits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

async function findByPhone(deps: AppDeps, phone: string): Promise<Account | undefined> {
  const ten = tenDigits(phone);
  return deps.db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => eb.or([eb('phone', '=', ten), eb('phone', '=', `+91${ten}`), eb('phone', '=', `91${ten}`)]))
    .orderBy('created_at')
    .executeTakeFirst();
}

interface Delivery {
  accountId: string | null;
  subject: string;
  text: (code: string) => string;
  /** Stored with the code and handed back when it is entered. */
  payload?: Record<string, unknown>;
}

/**
 * Writes a code for the destination and queues it, in one transaction. Without a delivery a decoy
 * row is written (nothing is sent), so the rate limit cannot tell unknown addresses apart.
 */
async function sendCode(deps: AppDeps, channel: Channel, destination: string, purpose: Purpose, delivery: Delivery | null) {
  const since = new Date(Date.now() - CODE_TTL_MS);
  const recent = await deps.db
    .selectFrom('one_time_codes')
    .select(['created_at'])
    .where('destination', '=', destination)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
  if (recent.length >= MAX_CODES_PER_WINDOW) throw new AppError('TOO_MANY_REQUESTS', 'Too many codes requested. Please wait 10 minutes and try again.');
  const last = recent[0] ? new Date(recent[0].created_at).getTime() : 0;
  const wait = Math.ceil((last + RESEND_AFTER_S * 1000 - Date.now()) / 1000);
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', `Please wait ${wait} seconds before asking for another code.`);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction().execute(async (trx) => {
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
  await checkSignInThrottle(deps, destination, ip, `Too many failed attempts. Please try again in ${THROTTLE_WINDOW_MIN} minutes.`);
  const row = await checkCode(deps, destination, otp, purpose);
  const ok = Boolean(row && (await accept(row)));
  await accounts.recordLoginAttempt(deps.db, destination, ip, ok);
  if (!ok || !row) throw badRequest(INVALID_CODE, 'otp');
  const result = await deps.db.transaction().execute(async (trx) => {
    if (!(await accounts.consumeCode(trx, row.id))) return { used: true as const };
    return { used: false as const, value: await then(trx, row) };
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
    (trx) => {
      const now = new Date();
      // The code reached this address: it is proven, as a registration code would prove it.
      const proven = channel === 'email' ? { email_verified_at: account!.email_verified_at ?? now } : { phone_verified_at: account!.phone_verified_at ?? now };
      return accounts.updateAccount(trx, account!.id, { last_login_at: now, ...proven });
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
    text: (code) => `${code} is your GlowBook sign-in code. It expires in 10 minutes. Never share it with anyone, including GlowBook staff.`,
  };
}

async function sendLoginCode(deps: AppDeps, channel: Channel, destination: string, account: Account | undefined, allowed: Role[]) {
  const sent = await sendCode(deps, channel, destination, 'login', loginDelivery(account, allowed));
  return { message: OTP_SENT_MESSAGE, ...sent };
}

export const sendEmailLoginCode = async (deps: AppDeps, input: z.output<typeof emailOtpRequestInput>) =>
  sendLoginCode(deps, 'email', input.email, await accounts.findAccountByEmail(deps.db, input.email), CUSTOMERS);
export const sendWhatsAppLoginCode = async (deps: AppDeps, input: z.output<typeof phoneOtpRequestInput>, roles: Role[] = CUSTOMERS) =>
  sendLoginCode(deps, 'whatsapp', tenDigits(input.phone), await findByPhone(deps, input.phone), roles);
export const sendMerchantLoginCode = (deps: AppDeps, input: z.output<typeof phoneOtpRequestInput>) => sendWhatsAppLoginCode(deps, input, MERCHANTS);

export const verifyEmailLoginCode = (deps: AppDeps, input: z.output<typeof emailOtpVerifyInput>, ip: string) =>
  verifyLoginCode(deps, 'email', input.email, input.otp, ip, CUSTOMERS);
export const verifyPhoneLoginCode = (deps: AppDeps, input: z.output<typeof phoneOtpVerifyInput>, ip: string, roles: Role[] = CUSTOMERS) =>
  verifyLoginCode(deps, 'whatsapp', tenDigits(input.phone), input.otp, ip, roles);
export const verifyMerchantLoginCode = (deps: AppDeps, input: z.output<typeof phoneOtpVerifyInput>, ip: string) => verifyPhoneLoginCode(deps, input, ip, MERCHANTS);

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
async function sendRegistrationCode(deps: AppDeps, channel: Channel, input: z.output<typeof registerUserInput>) {
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
  const sent = await sendCode(deps, channel, destination, 'registration', {
    accountId: null,
    subject: 'Your GlowBook verification code',
    text: (code) => `${code} is your GlowBook verification code. Enter it to finish creating your account; it expires in 10 minutes. Never share it with anyone.`,
    payload,
  });
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

export const sendEmailRegistrationCode = (deps: AppDeps, input: z.output<typeof registerUserInput>) => sendRegistrationCode(deps, 'email', input);
export const sendWhatsAppRegistrationCode = (deps: AppDeps, input: z.output<typeof whatsappRegistrationInput>) => sendRegistrationCode(deps, 'whatsapp', input);
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
  let identity;
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
  const merchant = account.role === 'merchant' ? await findMerchantById(deps.db, account.id) : null;
  const user = toUserWire(account, merchant);
  return { token: await issueToken(deps, account), user, userRole: account.role, userType: account.role };
}
