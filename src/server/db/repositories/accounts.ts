import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import type { AccountUpdate, NewAccount, OneTimeCodesTable } from '../types.js';

export type CodePurpose = OneTimeCodesTable['purpose'];

/** TODO(integration): moved to ../executor.ts; kept so branches importing it from here still compile. */
export type { Executor };

/** An account's name columns from a full name as typed: the first word, then the rest. */
export function nameColumns(fullName: string): { first_name: string; last_name: string } {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

export function findAccountByEmail(db: Executor, email: string) {
  return db.selectFrom('accounts').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** The account a verified number belongs to (at most one: accounts_verified_phone_key). */
export function findAccountByVerifiedPhone(db: Executor, phone: string) {
  return db.selectFrom('accounts').selectAll().where('phone', '=', phone).where('phone_verified_at', 'is not', null).executeTakeFirst();
}

/**
 * The account's e-mail has just been proven (a reset code, an e-mail sign-in code, Google). Its
 * phone number stays only if it was verified after an earlier proof of the e-mail: an unverified
 * number, or one verified while nobody had proven the e-mail, may be a stranger's (someone who
 * registered this address with their own number) and would let them sign in by WhatsApp.
 */
export function markEmailProven(db: Executor, id: string) {
  return db
    .updateTable('accounts')
    .set({
      email_verified_at: sql`coalesce(email_verified_at, now())`,
      phone: sql`case when email_verified_at is not null and phone_verified_at is not null then phone end`,
      phone_verified_at: sql`case when email_verified_at is not null then phone_verified_at end`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks the account's number verified, if it is still `phone`; undefined otherwise. */
export function markPhoneVerified(db: Executor, id: string, phone: string) {
  return db
    .updateTable('accounts')
    .set({ phone_verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('phone', '=', phone)
    .returningAll()
    .executeTakeFirst();
}

/** An account's name and e-mail (it must exist). */
export function findAccountName(db: Executor, id: string) {
  return db.selectFrom('accounts').select(['first_name', 'last_name', 'email']).where('id', '=', id).executeTakeFirstOrThrow();
}

export function findAccountById(db: Executor, id: string) {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertAccount(db: Executor, values: NewAccount) {
  return db.insertInto('accounts').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateAccount(db: Executor, id: string, values: AccountUpdate) {
  return db
    .updateTable('accounts')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Signs the account out everywhere: tokens carry the version they were issued under. */
export function bumpTokenVersion(db: Executor, id: string) {
  return db
    .updateTable('accounts')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Ends one token (logout) until it expires; in the same statement, the rows of tokens that have
 * expired since are deleted (they are refused by their signature check by then), so the table
 * never holds more than one token lifetime of logouts. A second logout of the token is a no-op.
 */
export async function revokeToken(db: Executor, jti: string, expiresAt: Date) {
  await db
    .with('expired', (qb) => qb.deleteFrom('revoked_tokens').where('expires_at', '<', new Date()))
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

export function insertOneTimeCode(
  db: Executor,
  values: {
    account_id: string | null;
    destination: string;
    purpose: CodePurpose;
    code_hash: string;
    expires_at: Date;
    payload?: string | null;
  },
) {
  return db.insertInto('one_time_codes').values(values).returning('id').executeTakeFirstOrThrow();
}

export function countCodesSince(db: Executor, destination: string, purpose: string, since: Date) {
  return db
    .selectFrom('one_time_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('destination', '=', destination)
    .where('purpose', '=', purpose as 'password_reset')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function latestLiveCode(db: Executor, destination: string, purpose: CodePurpose) {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('destination', '=', destination)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function bumpCodeAttempts(db: Executor, id: string) {
  return db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
}

/** Marks a code used (dropping what it carried); returns false when another request used it first (single use). */
export async function consumeCode(db: Executor, id: string): Promise<boolean> {
  const r = await db
    .updateTable('one_time_codes')
    .set({ used_at: new Date(), payload: null })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
