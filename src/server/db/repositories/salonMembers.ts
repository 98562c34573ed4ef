import { sql } from 'kysely';
import type { StaffRole } from '../../../shared/staffRoles.js';
import { compiledOnce } from '../compiled.js';
import type { Executor } from '../executor.js';

/**
 * What every request signed in as a salon member reads: the member, its salon's owner account
 * (blocked or not) and whether logout ended the token. One statement, compiled once.
 */
export const signedInMember = compiledOnce((db, id: string, jti: string | null) =>
  db
    .selectFrom('salon_members as m')
    .innerJoin('accounts as a', 'a.id', 'm.merchant_id')
    .select(['m.id', 'm.merchant_id', 'm.role', 'm.staff_id', 'm.name', 'm.email', 'm.status', 'm.token_version', 'a.role as owner_role'])
    .select('a.is_blocked')
    .select((eb) => eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('revoked'))
    .where('m.id', '=', id),
);

const MEMBER_COLUMNS = [
  'm.id',
  'm.merchant_id',
  'm.role',
  'm.staff_id',
  'm.name',
  'm.email',
  'm.phone',
  'm.status',
  'm.created_at',
  'm.accepted_at',
  'm.revoked_at',
  'm.invite_expires_at',
] as const;

export function listMembers(db: Executor, merchantId: string) {
  return db
    .selectFrom('salon_members as m')
    .leftJoin('staff as s', 's.id', 'm.staff_id')
    .select(MEMBER_COLUMNS)
    .select('s.name as staff_name')
    .where('m.merchant_id', '=', merchantId)
    .orderBy('m.created_at', 'desc')
    .execute();
}

/** A live (not revoked) member with this e-mail, anywhere: an e-mail signs in to one place. */
export function findLiveMemberByEmail(db: Executor, email: string) {
  return db
    .selectFrom('salon_members')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .where('status', '<>', 'revoked')
    .executeTakeFirst();
}

export function findMember(db: Executor, merchantId: string, id: string) {
  return db.selectFrom('salon_members').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
}

/**
 * A new invitation. The partial unique indexes decide between two invitations of one e-mail or
 * one staff row at once: the loser inserts nothing (null) and is told so.
 */
export async function insertInvite(
  db: Executor,
  row: {
    merchant_id: string;
    role: StaffRole;
    staff_id: string | null;
    name: string;
    email: string;
    phone: string | null;
    invite_hash: string;
    invite_expires_at: Date;
    invited_by: string | null;
  },
) {
  return db
    .insertInto('salon_members')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** A new link for an invitation not yet accepted (the old one stops working). */
export function renewInvite(db: Executor, merchantId: string, id: string, inviteHash: string, expiresAt: Date) {
  return db
    .updateTable('salon_members')
    .set({ invite_hash: inviteHash, invite_expires_at: expiresAt })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('status', '=', 'invited')
    .returningAll()
    .executeTakeFirst();
}

export function findInvite(db: Executor, inviteHash: string) {
  return db
    .selectFrom('salon_members as m')
    .innerJoin('merchants as s', 's.id', 'm.merchant_id')
    .select(['m.id', 'm.name', 'm.email', 'm.role', 'm.status', 'm.invite_expires_at', 's.shop_name'])
    .where('m.invite_hash', '=', inviteHash)
    .executeTakeFirst();
}

/**
 * Accepts an invitation: one conditional UPDATE, so a link is used once (the second of two at once
 * finds no row) and never after it expired or the member was revoked.
 */
export function acceptInvite(db: Executor, inviteHash: string, passwordHash: string, now: Date) {
  return db
    .updateTable('salon_members')
    .set({ status: 'active', password_hash: passwordHash, invite_hash: null, invite_expires_at: null, accepted_at: now })
    .where('invite_hash', '=', inviteHash)
    .where('status', '=', 'invited')
    .where('invite_expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Revokes a member: its token version moves on, so every session it holds ends on its next request. */
export function revokeMember(db: Executor, merchantId: string, id: string, now: Date) {
  return db
    .updateTable('salon_members')
    .set({
      status: 'revoked',
      revoked_at: now,
      invite_hash: null,
      invite_expires_at: null,
      token_version: sql<number>`token_version + 1`,
    })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('status', '<>', 'revoked')
    .returning(['id'])
    .executeTakeFirst();
}

export function memberStaffRow(db: Executor, merchantId: string, staffId: string) {
  return db.selectFrom('staff').select(['id', 'name']).where('merchant_id', '=', merchantId).where('id', '=', staffId).executeTakeFirst();
}

/** A staff member leaves the salon: their login is revoked with them (sessions end). */
export function revokeMembersOfStaff(db: Executor, staffId: string, now: Date) {
  return db
    .updateTable('salon_members')
    .set({ status: 'revoked', revoked_at: now, invite_hash: null, invite_expires_at: null, token_version: sql<number>`token_version + 1` })
    .where('staff_id', '=', staffId)
    .where('status', '<>', 'revoked')
    .execute();
}
