import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { Role } from '../../../shared/constants.js';
import { defaultNotificationPreferences, defaultOpeningHours } from '../../../shared/hours.js';
import type { changePasswordInput, loginInput, registerMerchantInput, registerUserInput } from '../../../shared/schemas/auth.js';
import * as accounts from '../../db/repositories/accounts.js';
import * as limits from '../../db/repositories/limits.js';
import { findMerchantById, insertMerchant } from '../../db/repositories/merchants.js';
import { findLiveMemberByEmail } from '../../db/repositories/salonMembers.js';
import type { Account, SalonMember } from '../../db/types.js';
import type { AppDeps, Session } from '../../deps.js';
import { AppError, badRequest, conflict, forbidden, notFound, RateLimitError } from '../../errors.js';
import { memberAccount, signInMember } from '../staff/members.js';
import { toMerchantAccountWire, toUserWire } from '../wire.js';
import { clientNet } from './clientNet.js';
import { dummyVerify, hashPassword, verifyPassword } from './passwords.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
/*
 * The sign-in throttle: failures in the last THROTTLE_WINDOW_MIN minutes, counted in the database
 * (so it holds across server processes). Guessing one account's password from one IP stops after
 * MAX_FAILURES_PER_ACCOUNT_AND_IP (for that IP only, so that nobody elsewhere can lock the owner
 * out; signing in from the IP clears its count); one IP trying many accounts stops after
 * MAX_FAILURES_PER_IP; many IPs guessing one account together stop after
 * MAX_FAILURES_PER_ACCOUNT_ALL_IPS.
 */
export const THROTTLE_WINDOW_MIN = 15;
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const MAX_FAILURES_PER_IP = 30;
export const MAX_FAILURES_PER_ACCOUNT_ALL_IPS = 50;
export const CODE_TTL_MS = 10 * 60_000;
const MAX_CODE_ATTEMPTS = 5;

export async function issueToken(deps: AppDeps, a: Account) {
  return deps.tokens.sign({ sub: a.id, role: a.role, ver: a.token_version });
}

async function isEmailTaken(deps: AppDeps, email: string) {
  return !!(await accounts.findAccountByEmail(deps.db, email));
}

export async function registerCustomer(deps: AppDeps, input: z.output<typeof registerUserInput>) {
  if (await isEmailTaken(deps, input.email)) throw conflict('This email is already registered');
  const account = await accounts.insertAccount(deps.db, {
    email: input.email,
    password_hash: await hashPassword(input.password),
    role: 'customer',
    first_name: input.firstName,
    last_name: input.lastName,
    phone: input.phone ?? null,
  });
  return { user: toUserWire(account), token: await issueToken(deps, account), role: 'customer' as const };
}

export async function registerMerchant(deps: AppDeps, input: z.output<typeof registerMerchantInput>) {
  if (await isEmailTaken(deps, input.email)) throw conflict('This email is already registered');
  const passwordHash = await hashPassword(input.password);
  const { account, merchant } = await deps.db.transaction().execute(async (trx) => {
    const account = await accounts.insertAccount(trx, {
      email: input.email,
      password_hash: passwordHash,
      role: 'merchant',
      ...accounts.nameColumns(input.shop_Owner),
      phone: input.phone,
    });
    const merchant = await insertMerchant(trx, {
      id: account.id,
      shop_name: input.shop_Name,
      shop_owner: input.shop_Owner,
      address: input.Shop_Address,
      city: input.City,
      state: input.State,
      shop_types: [...new Set(input.shop_type)],
      phone: input.phone,
      email: input.email,
      opening_hours: JSON.stringify(defaultOpeningHours()),
      notification_settings: JSON.stringify(defaultNotificationPreferences()),
    });
    return { account, merchant };
  });
  const token = await issueToken(deps, account);
  return { account, merchant, token };
}

const SIGN_IN_LIMITS = {
  windowMinutes: THROTTLE_WINDOW_MIN,
  perAccountAndIp: MAX_FAILURES_PER_ACCOUNT_AND_IP,
  perIp: MAX_FAILURES_PER_IP,
  perAccount: MAX_FAILURES_PER_ACCOUNT_ALL_IPS,
};
export const SIGN_IN_THROTTLED = `Too many failed sign-in attempts. Please try again in ${THROTTLE_WINDOW_MIN} minutes.`;

/**
 * Checks a secret (a password, a one-time code) for `key` (an e-mail, or a code's destination)
 * from `ip` under the sign-in throttle (above). The attempt is reserved as a failure before
 * `check` runs, atomically with the count that allows it (repositories/limits.ts), so a burst of
 * parallel requests or a tRPC batch checks no more secrets than the limits allow; a right secret
 * then stops counting as a failure. Refused attempts (429, `message`) check nothing.
 */
export async function checkSecret(
  deps: AppDeps,
  key: string,
  ip: string,
  message: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const id = await deps.db.transaction().execute((trx) => limits.reserveSignInAttempt(trx, key, ip, clientNet(ip), SIGN_IN_LIMITS));
  if (id === null)
    // The window is the longest a client may have to wait: counts start again after it.
    throw new RateLimitError(message, {
      policy: 'sign-in',
      limit: MAX_FAILURES_PER_ACCOUNT_AND_IP,
      windowSeconds: THROTTLE_WINDOW_MIN * 60,
      retryAfterSeconds: THROTTLE_WINDOW_MIN * 60,
    });
  const ok = await check();
  if (ok) await limits.settleSignInAttempt(deps.db, id);
  return ok;
}

/**
 * Password sign-in shared by every family. Every attempt goes through the throttle (checkSecret),
 * and unknown e-mail and wrong password answer the same text after the same work.
 */
export async function login(deps: AppDeps, input: z.output<typeof loginInput>, ip: string, allowed: Role[]) {
  let account: Account | undefined;
  let member: SalonMember | undefined;
  const ok = await checkSecret(deps, input.email, ip, SIGN_IN_THROTTLED, async () => {
    account = await accounts.findAccountByEmail(deps.db, input.email);
    if (account) return verifyPassword(account.password_hash, input.password);
    // A salon's receptionist or professional signs in at the salon owners' sign-in (no account of their own).
    member = allowed.includes('merchant') ? await findLiveMemberByEmail(deps.db, input.email) : undefined;
    if (member?.status === 'active') return verifyPassword(member.password_hash, input.password);
    return dummyVerify(input.password);
  });
  if (!account && member?.status === 'active' && ok) return signInMember(deps, member);
  if (!account || !ok) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  if (account.is_blocked) throw forbidden('This account has been blocked. Please contact support.');
  if (!allowed.includes(account.role)) {
    throw forbidden(
      account.role === 'merchant'
        ? 'This is a business account. Please sign in as a salon owner.'
        : 'This is a customer account. Please use the customer sign-in.',
    );
  }
  const updated = await accounts.updateAccount(deps.db, account.id, { last_login_at: new Date() });
  const merchant = updated.role === 'merchant' ? await findMerchantById(deps.db, updated.id) : null;
  return { account: updated, merchant, token: await issueToken(deps, updated) };
}

export async function loadAccount(deps: AppDeps, id: string) {
  const account = await accounts.findAccountById(deps.db, id);
  if (!account) throw notFound('Account');
  const merchant = account.role === 'merchant' ? await findMerchantById(deps.db, id) : null;
  return { account, merchant };
}

/** The signed-in account; a salon's member (their token acts as the salon) sees their own name and e-mail, never the owner's. */
export async function profile(deps: AppDeps, id: string, member?: { name: string; email: string }) {
  const { account, merchant } = await loadAccount(deps, id);
  return { user: toUserWire(member ? memberAccount(account, { ...member, phone: null }) : account, merchant) };
}

export async function merchantMe(deps: AppDeps, id: string) {
  const { account, merchant } = await loadAccount(deps, id);
  if (!merchant) throw notFound('Merchant');
  return { merchant: toMerchantAccountWire(account, merchant) };
}

/**
 * Logout: the caller's token is refused from now on (its id is kept until it expires); the
 * account's other sessions stay signed in. Without a token (or with one issued before tokens had
 * an id, which runs out on its own) there is nothing to end, and the answer is the same.
 */
export async function logout(deps: AppDeps, session: Session | null | undefined) {
  if (session) await accounts.revokeToken(deps.db, session.jti, session.expiresAt);
  return { message: 'Logged out' };
}

export async function refreshToken(deps: AppDeps, id: string) {
  const { account } = await loadAccount(deps, id);
  return { token: await issueToken(deps, account) };
}

/** Changing the password signs out every other session; the caller gets a fresh token. */
export async function changePassword(deps: AppDeps, id: string, input: z.output<typeof changePasswordInput>, ip: string) {
  const { account } = await loadAccount(deps, id);
  // A guess at the current password is a sign-in attempt on the account (a stolen session must not
  // be able to try passwords without limit).
  if (
    !(await checkSecret(deps, account.email, ip, SIGN_IN_THROTTLED, () => verifyPassword(account.password_hash, input.currentPassword)))
  ) {
    throw badRequest('currentPassword: the current password is not correct', 'currentPassword');
  }
  if (input.currentPassword === input.newPassword) {
    throw badRequest('newPassword: choose a password different from the current one', 'newPassword');
  }
  const hash = await hashPassword(input.newPassword);
  const updated = await deps.db.transaction().execute(async (trx) => {
    await accounts.updateAccount(trx, id, { password_hash: hash });
    return accounts.bumpTokenVersion(trx, id);
  });
  return { message: 'Password updated successfully.', token: await issueToken(deps, updated) };
}

export const hashCode = (code: string) => createHash('sha256').update(code).digest();

export const RESET_SENT_MESSAGE = 'If an account exists for this email, a 6-digit code has been sent to it.';

/** The live code for a destination if `otp` matches it; every try counts, and 5 wrong ones burn it. */
export async function checkCode(deps: AppDeps, destination: string, otp: string, purpose: accounts.CodePurpose = 'password_reset') {
  const row = await accounts.latestLiveCode(deps.db, destination, purpose);
  if (!row) return null;
  const { attempts } = await accounts.bumpCodeAttempts(deps.db, row.id);
  if (attempts > MAX_CODE_ATTEMPTS) return null;
  const expected = Buffer.from(row.code_hash, 'hex');
  return timingSafeEqual(expected, hashCode(otp)) ? row : null;
}
