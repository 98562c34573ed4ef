import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { acceptStaffInviteInput, inviteMemberInput, MemberWire } from '../../../shared/schemas/staffPay.js';
import { SALON_ROLE_LABELS, type StaffRole } from '../../../shared/staffRoles.js';
import { findAccountByEmail, findAccountById } from '../../db/repositories/accounts.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import * as repo from '../../db/repositories/salonMembers.js';
import type { Account, SalonMember } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, conflict, forbidden, notFound } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import { hashPassword } from '../auth/passwords.js';
import { shopOf } from '../scope.js';

/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;
export const INVITE_USED = 'This invitation link has been used, has expired or was withdrawn. Ask the salon to invite you again.';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type MemberRow = Awaited<ReturnType<typeof repo.listMembers>>[number];
function toWire(m: MemberRow): MemberWire {
  return {
    _id: m.id,
    role: m.role as StaffRole,
    name: m.name,
    email: m.email,
    phone: m.phone,
    staffId: m.staff_id,
    staffName: m.staff_name ?? null,
    status: m.status,
    invitedAt: iso(m.created_at)!,
    acceptedAt: iso(m.accepted_at),
    revokedAt: iso(m.revoked_at),
    inviteExpiresAt: iso(m.invite_expires_at),
  };
}

/**
 * A professional's own staff row, for the procedures a professional may call: a staff id they name
 * must be theirs (another professional's is 403), and when they name none it is theirs anyway. For
 * the owner, an admin or a receptionist the id they name stands (the service checks it is the salon's).
 */
export function ownStaffId(actor: Actor, staffId: string | undefined): string | undefined {
  const member = actor.member;
  if (member?.role !== 'professional') return staffId;
  if (staffId !== undefined && staffId !== member.staffId) throw forbidden('staffId: a professional sees only their own calendar and pay');
  return member.staffId ?? undefined;
}

export async function listMembers(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await shopOf(deps.db, actor, merchantId);
  return { members: (await repo.listMembers(deps.db, shop)).map(toWire) };
}

async function memberWire(deps: AppDeps, merchantId: string, id: string) {
  const row = (await repo.listMembers(deps.db, merchantId)).find((m) => m.id === id);
  if (!row) throw notFound('Member');
  return toWire(row);
}

function inviteLink(deps: AppDeps, token: string) {
  return `${deps.env.PUBLIC_URL.replace(/\/+$/, '')}/staff-invite/${token}`;
}

/** Sends the link by e-mail (and WhatsApp when the member has a number), in the caller's transaction. */
async function sendInvite(deps: AppDeps, trx: Parameters<typeof queueMessage>[0], m: SalonMember, shopName: string, token: string) {
  const link = inviteLink(deps, token);
  const role = SALON_ROLE_LABELS[m.role as StaffRole].toLowerCase();
  const body = `Hello ${m.name},\n\n${shopName} has invited you to sign in to GlowBook as a ${role}. Open this link within 7 days to set your password:\n\n${link}\n\nThen sign in at the salon owner's sign-in with ${m.email}. If you did not expect this, ignore this message.`;
  const sentTo: { channel: 'email' | 'whatsapp'; to: string }[] = [{ channel: 'email', to: m.email }];
  await queueMessage(trx, {
    channel: 'email',
    to: m.email,
    subject: `${shopName} invited you to GlowBook`,
    body,
    merchantId: m.merchant_id,
    meta: { purpose: 'staff_invite', merchantId: m.merchant_id, memberId: m.id },
  });
  if (m.phone) {
    const to = `+91${m.phone}`;
    await queueMessage(trx, {
      channel: 'whatsapp',
      to,
      body,
      merchantId: m.merchant_id,
      meta: { purpose: 'staff_invite', merchantId: m.merchant_id, memberId: m.id },
    });
    sentTo.push({ channel: 'whatsapp', to });
  }
  return sentTo;
}

/**
 * The owner invites a receptionist or a professional (linked to a staff row of the salon). An
 * e-mail that signs in elsewhere (an account, or another live member) is refused: one e-mail,
 * one sign-in. The member row and its messages are written in one transaction; the partial unique
 * indexes decide between two invitations at once.
 */
export async function inviteMember(deps: AppDeps, actor: Actor, input: z.output<typeof inviteMemberInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const merchant = await findMerchantById(deps.db, merchantId);
  if (!merchant) throw notFound('Salon');
  if (await findAccountByEmail(deps.db, input.email))
    throw new AppError('CONFLICT', 'email: this e-mail already has a GlowBook account; invite another address', 'email');
  const token = randomBytes(32).toString('base64url');
  const { member, sentTo } = await deps.db.transaction().execute(async (trx) => {
    if (input.staffId && !(await repo.memberStaffRow(trx, merchantId, input.staffId))) throw notFound('Staff member');
    const member = await repo.insertInvite(trx, {
      merchant_id: merchantId,
      role: input.role,
      staff_id: input.role === 'professional' ? input.staffId! : null,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      invite_hash: hashOf(token),
      invite_expires_at: new Date(deps.now().getTime() + INVITE_TTL_MS),
      invited_by: actor.role === 'admin' ? null : actor.id,
    });
    if (!member) {
      const taken = await repo.findLiveMemberByEmail(trx, input.email);
      if (taken) throw new AppError('CONFLICT', 'email: this e-mail is already invited or signed in as a salon member', 'email');
      throw new AppError('CONFLICT', 'staffId: this staff member already has a login; revoke it first', 'staffId');
    }
    return { member, sentTo: await sendInvite(deps, trx, member, merchant.shop_name, token) };
  });
  return { member: await memberWire(deps, merchantId, member.id), sentTo };
}

/** A new link for an invitation not yet accepted; the old link stops working. */
export async function resendInvite(deps: AppDeps, actor: Actor, input: { merchantId?: string; memberId: string }) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const merchant = await findMerchantById(deps.db, merchantId);
  if (!merchant) throw notFound('Salon');
  const token = randomBytes(32).toString('base64url');
  const sentTo = await deps.db.transaction().execute(async (trx) => {
    const m = await repo.renewInvite(trx, merchantId, input.memberId, hashOf(token), new Date(deps.now().getTime() + INVITE_TTL_MS));
    if (!m) {
      if (!(await repo.findMember(trx, merchantId, input.memberId))) throw notFound('Member');
      throw conflict('This member has already accepted or was revoked: there is no invitation to send again');
    }
    return sendInvite(deps, trx, m, merchant.shop_name, token);
  });
  return { member: await memberWire(deps, merchantId, input.memberId), sentTo };
}

/** Revokes a member: the login stops at once (every session it holds ends on its next request). */
export async function revokeMember(deps: AppDeps, actor: Actor, input: { merchantId?: string; memberId: string }) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const done = await repo.revokeMember(deps.db, merchantId, input.memberId, deps.now());
  if (!done && !(await repo.findMember(deps.db, merchantId, input.memberId))) throw notFound('Member');
  return { member: await memberWire(deps, merchantId, input.memberId) };
}

/** What the invitation page shows before the password is set. */
export async function getInvite(deps: AppDeps, token: string) {
  const m = await repo.findInvite(deps.db, hashOf(token));
  if (!m || m.status !== 'invited' || !m.invite_expires_at || new Date(m.invite_expires_at) <= deps.now())
    throw new AppError('NOT_FOUND', INVITE_USED, 'token');
  return { name: m.name, email: m.email, role: m.role as StaffRole, shopName: m.shop_name, expiresAt: iso(m.invite_expires_at)! };
}

/** Sets the member's password from the link (once) and signs them in. */
export async function acceptInvite(deps: AppDeps, input: z.output<typeof acceptStaffInviteInput>) {
  const passwordHash = await hashPassword(input.password);
  const m = await repo.acceptInvite(deps.db, hashOf(input.token), passwordHash, deps.now());
  if (!m) throw new AppError('NOT_FOUND', INVITE_USED, 'token');
  return signInMember(deps, m);
}

/** A member's session: the salon's account as the subject, the member named in `mem`. */
export async function signInMember(deps: AppDeps, m: SalonMember) {
  const owner = await findAccountById(deps.db, m.merchant_id);
  const merchant = await findMerchantById(deps.db, m.merchant_id);
  if (!owner || !merchant) throw notFound('Salon');
  if (owner.is_blocked) throw forbidden('This salon has been blocked. Please contact support.');
  const token = await deps.tokens.sign({ sub: owner.id, role: 'merchant', ver: m.token_version, mem: m.id });
  return { token, account: memberAccount(owner, m), merchant };
}

/** The account a member's sign-in answers: the salon's id (every call acts on it), the member's own name and e-mail. */
export function memberAccount(owner: Account, m: Pick<SalonMember, 'name' | 'email' | 'phone'>): Account {
  const [first, ...rest] = m.name.trim().split(/\s+/);
  return {
    ...owner,
    first_name: first,
    last_name: rest.join(' '),
    email: m.email,
    phone: m.phone,
    avatar_url: null,
    phone_verified_at: null,
  };
}

/** Who is signed in to the merchant panel: the owner, or a member and their role. */
export async function myMembership(deps: AppDeps, actor: Actor) {
  const merchant = await findMerchantById(deps.db, actor.id);
  const shopName = merchant?.shop_name ?? '';
  if (actor.member) return { role: actor.member.role, name: actor.member.name, staffId: actor.member.staffId, shopName };
  if (actor.role === 'admin') return { role: 'owner' as const, name: 'Administrator', staffId: null, shopName };
  return { role: 'owner' as const, name: merchant?.shop_owner ?? '', staffId: null, shopName };
}
