import { randomInt, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { emailOtpRequestInput, emailOtpVerifyInput, googleSignInInput, phoneOtpRequestInput, phoneOtpVerifyInput } from '../../../shared/schemas/authExtras.js';
import * as accounts from '../../db/repositories/accounts.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import type { Account, Role } from '../../db/types.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { createGoogleVerifier, GoogleTokenError, type GoogleVerifier } from '../../adapters/identity/google.js';
import { queueMessage } from '../../messaging/index.js';
import type { AppDeps } from '../../trpc/context.js';
import { toUserWire } from '../wire.js';
import { hashPassword } from './passwords.js';
import { checkCode, CODE_TTL_MS, hashCode, issueToken, MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_IP, THROTTLE_WINDOW_MIN } from './service.js';

/*
 * One-time codes for signing in by e-mail or WhatsApp: 6 digits, 10 minutes, single use, five wrong
 * tries burn the code, at most 3 codes per 10 minutes and one per 30 seconds per destination. An
 * unknown address gets the same answer as a known one, so the form reveals no accounts.
 */

const RESEND_AFTER_S = 30;
const MAX_CODES_PER_WINDOW = 3;
export const OTP_SENT_MESSAGE = 'If an account exists for it, a 6-digit code is on its way. It expires in 10 minutes.';
const INVALID_CODE = 'otp: the code is wrong or has expired';

type Channel = 'email' | 'whatsapp';

/** '9876543210' → '+919876543210', the form WhatsApp providers take. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+91${digits.slice(-10)}`;
}

async function findByPhone(deps: AppDeps, phone: string): Promise<Account | undefined> {
  const ten = phone.replace(/\D/g, '').slice(-10);
  return deps.db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) => eb.or([eb('phone', '=', ten), eb('phone', '=', `+91${ten}`), eb('phone', '=', `91${ten}`)]))
    .orderBy('created_at')
    .executeTakeFirst();
}

async function sendCode(deps: AppDeps, channel: Channel, destination: string, account: Account | undefined, allowed: Role[]) {
  const since = new Date(Date.now() - CODE_TTL_MS);
  const recent = await deps.db
    .selectFrom('one_time_codes')
    .select(['created_at'])
    .where('destination', '=', destination)
    .where('purpose', '=', 'login')
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .execute();
  if (recent.length >= MAX_CODES_PER_WINDOW) throw new AppError('TOO_MANY_REQUESTS', 'Too many codes requested. Please wait 10 minutes and try again.');
  const last = recent[0] ? new Date(recent[0].created_at).getTime() : 0;
  const wait = Math.ceil((last + RESEND_AFTER_S * 1000 - Date.now()) / 1000);
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', `Please wait ${wait} seconds before asking for another code.`);

  const eligible = account && !account.is_blocked && allowed.includes(account.role);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction().execute(async (trx) => {
    // A row is written even for unknown destinations so the rate limit cannot tell them apart.
    await accounts.insertOneTimeCode(trx, {
      account_id: eligible ? account.id : null,
      destination,
      purpose: 'login',
      code_hash: hashCode(eligible ? code : randomBytes(8).toString('hex')).toString('hex'),
      expires_at: new Date(Date.now() + CODE_TTL_MS),
    });
    if (!eligible) return;
    const text = `${code} is your GlowBook sign-in code. It expires in 10 minutes. Never share it with anyone, including GlowBook staff.`;
    await queueMessage(trx, {
      channel,
      to: channel === 'email' ? destination : toE164(destination),
      subject: channel === 'email' ? 'Your GlowBook sign-in code' : null,
      body: text,
      accountId: account.id,
      meta: { purpose: 'login' },
    });
  });
  return { message: OTP_SENT_MESSAGE, resendAfterSeconds: RESEND_AFTER_S };
}

async function verifyCode(deps: AppDeps, destination: string, otp: string, ip: string, allowed: Role[]) {
  const failures = await accounts.countRecentFailures(deps.db, destination, ip, THROTTLE_WINDOW_MIN);
  if (failures.byEmail >= MAX_FAILURES_PER_ACCOUNT || failures.byIp >= MAX_FAILURES_PER_IP) {
    throw new AppError('TOO_MANY_REQUESTS', `Too many failed sign-in attempts. Please try again in ${THROTTLE_WINDOW_MIN} minutes.`);
  }
  const row = await checkCode(deps, destination, otp, 'login');
  const account = row?.account_id ? await accounts.findAccountById(deps.db, row.account_id) : undefined;
  const ok = Boolean(row && account && !account.is_blocked && allowed.includes(account.role));
  await accounts.recordLoginAttempt(deps.db, destination, ip, ok);
  if (!ok || !row || !account) throw badRequest(INVALID_CODE, 'otp');
  const used = await deps.db.transaction().execute(async (trx) => {
    if (!(await accounts.consumeCode(trx, row.id))) return null;
    return accounts.updateAccount(trx, account.id, { last_login_at: new Date() });
  });
  if (!used) throw badRequest('otp: this code has already been used', 'otp');
  const merchant = used.role === 'merchant' ? await findMerchantById(deps.db, used.id) : null;
  return { token: await issueToken(deps, used), user: toUserWire(used, merchant), userType: used.role };
}

const CUSTOMERS: Role[] = ['customer'];
const MERCHANTS: Role[] = ['merchant'];

export const sendEmailLoginCode = async (deps: AppDeps, input: z.output<typeof emailOtpRequestInput>) =>
  sendCode(deps, 'email', input.email, await accounts.findAccountByEmail(deps.db, input.email), CUSTOMERS);
export const sendWhatsAppLoginCode = async (deps: AppDeps, input: z.output<typeof phoneOtpRequestInput>, roles: Role[] = CUSTOMERS) =>
  sendCode(deps, 'whatsapp', input.phone.replace(/\D/g, '').slice(-10), await findByPhone(deps, input.phone), roles);
export const sendMerchantLoginCode = (deps: AppDeps, input: z.output<typeof phoneOtpRequestInput>) => sendWhatsAppLoginCode(deps, input, MERCHANTS);

export const verifyEmailLoginCode = (deps: AppDeps, input: z.output<typeof emailOtpVerifyInput>, ip: string) => verifyCode(deps, input.email, input.otp, ip, CUSTOMERS);
export const verifyPhoneLoginCode = (deps: AppDeps, input: z.output<typeof phoneOtpVerifyInput>, ip: string, roles: Role[] = CUSTOMERS) =>
  verifyCode(deps, input.phone.replace(/\D/g, '').slice(-10), input.otp, ip, roles);
export const verifyMerchantLoginCode = (deps: AppDeps, input: z.output<typeof phoneOtpVerifyInput>, ip: string) => verifyPhoneLoginCode(deps, input, ip, MERCHANTS);

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
