import { TRPCError } from '@trpc/server';
import type { Role } from '../../shared/constants.js';
import type { StaffRole } from '../../shared/staffRoles.js';
import type { Executor } from '../db/executor.js';
import { PendingAudit, withPendingAudit } from '../db/pendingAudit.js';
import { recordAudit } from '../db/repositories/audit.js';
import { badRequest } from '../errors.js';
import { baseProcedure, t } from './init.js';

export const publicProcedure = baseProcedure;

export const ONE_SECRET_PER_REQUEST = 'A request may check only one password or code: send sign-in calls one at a time';

/**
 * A request, a tRPC batch included, checks at most one secret (a password or a one-time code):
 * a batch of a hundred sign-ins would otherwise run a hundred password checks at once.
 */
export const oneSecretCheck = t.middleware(({ ctx, next }) => {
  const seen = ctx.secretChecks;
  if (seen) {
    if (seen.count >= 1) throw new TRPCError({ code: 'BAD_REQUEST', message: ONE_SECRET_PER_REQUEST });
    seen.count += 1;
  }
  return next();
});

/** Sign-in and code checks that anyone may call. */
export const secretCheckProcedure = baseProcedure.use(oneSecretCheck);

const requireActor = t.middleware(({ ctx, next }) => {
  if (!ctx.actor) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authError ?? 'Please sign in to continue' });
  }
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});

/**
 * What a salon's members may call (issue 41 item 5). A member signs in as the salon (its actor's
 * `id` is the owner's), so without this every merchant procedure would be theirs: the safe default
 * is the owner's alone. A procedure is a member's only when it is named here, by its tRPC path;
 * anything else that needs a sign-in (merchant, account or customer procedures alike) answers 403,
 * in the procedure (staffGate) and, on /api, before the body is read (http/restSemantics.ts).
 * Narrower rules inside an allowed procedure (a professional's own calendar, own bookings, own pay
 * statement) are the services' (services/staff/members.ts ownStaffId).
 */
export const STAFF_PROCEDURES: Record<StaffRole, ReadonlySet<string>> = {
  // The desk: calendar and bookings, check-in and checkout, client records, the waitlist; never
  // settings, billing, staff pay, reports, payouts or prices.
  receptionist: new Set([
    'merchantAuth.me',
    // Their own name and e-mail (services/auth profile), and the salon's notifications at the desk.
    'users.profile',
    'users.getNotifications',
    'users.markNotificationAsRead',
    'users.markAllNotificationsAsRead',
    'merchants.myMembership',
    'merchants.merchantGetAllBookings',
    'merchants.updateBookingStatus',
    'merchants.scanQRForBooking',
    'merchants.createManualBooking',
    'merchants.getManualBookings',
    'merchants.getSlots',
    'merchants.createSlot',
    'merchants.getCalendar',
    'merchants.createBlock',
    'merchants.deleteBlock',
    'merchants.moveBooking',
    'merchants.deskEvents',
    'merchants.getAllStaffByMerchant',
    'merchants.getShop',
    'merchants.getCustomers',
    'merchants.getCheckoutOptions',
    'merchants.checkoutVisit',
    'merchants.getReceipts',
    'merchants.getReceipt',
    'merchants.sendReceipt',
    'merchants.getWaitlist',
    // Selling and redeeming the salon's packages, memberships and vouchers at checkout.
    'merchants.getCustomerHoldings',
    'merchants.findSalonVoucher',
    'services.getAllServices',
    'clients.getRecord',
    'clients.updateProfile',
    'clients.addNote',
    'clients.addPhoto',
    'clients.getPhoto',
    'clients.deletePhoto',
    'clients.getBookingFlags',
  ]),
  // Their own day and week, their own bookings' check-in and completion, their own pay statement.
  professional: new Set([
    'merchantAuth.me',
    'users.profile',
    'merchants.myMembership',
    'merchants.getCalendar',
    'merchants.updateBookingStatus',
    'merchants.getPayStatement',
  ]),
};

export const STAFF_FORBIDDEN: Record<StaffRole, string> = {
  receptionist: 'This action is for the salon owner; a receptionist works the desk only',
  professional: 'This action is for the salon owner; a professional sees only their own calendar and pay',
};

/** Whether a salon member of this role may call the procedure at this tRPC path. */
export function staffMayCall(role: StaffRole, path: string): boolean {
  return STAFF_PROCEDURES[role].has(path);
}

/** A signed-in salon member calls only what STAFF_PROCEDURES gives their role. */
const staffGate = t.middleware(({ ctx, next, path }) => {
  const member = ctx.actor?.member;
  if (member && !staffMayCall(member.role, path)) throw new TRPCError({ code: 'FORBIDDEN', message: STAFF_FORBIDDEN[member.role] });
  return next();
});

/** Who may call each kind of procedure, and the 403's message for anyone else (the /api gate answers it before reading the body). */
export const ROLE_RULES = {
  customer: { roles: ['customer', 'admin'], message: 'This action is for customers' },
  merchant: { roles: ['merchant', 'admin'], message: 'This action is for salon owners' },
  admin: { roles: ['admin'], message: 'This action is for administrators' },
} as const satisfies Record<string, { roles: readonly Role[]; message: string }>;

const requireRole = ({ roles, message }: { roles: readonly Role[]; message: string }) =>
  t.middleware(({ ctx, next }) => {
    if (!ctx.actor || !roles.includes(ctx.actor.role)) throw new TRPCError({ code: 'FORBIDDEN', message });
    return next();
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one ownership check: a `userId` (customer calls) or `merchantId` (merchant calls) in the
 * payload must be the caller's own; admins may act for anyone.
 */
const ownPayloadField = (field: 'userId' | 'merchantId') =>
  t.middleware(async ({ ctx, next, getRawInput }) => {
    const actor = ctx.actor!;
    if (actor.role !== 'admin') {
      const raw = await getRawInput().catch(() => undefined);
      const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : undefined;
      if (value !== undefined && value !== null && value !== '' && value !== actor.id) {
        // Not an id at all is a bad input (400 naming it), whoever sends it; another account's id is 403.
        if (typeof value !== 'string' || !UUID.test(value)) throw badRequest(`${field}: not a valid id (a UUID)`, field);
        throw new TRPCError({ code: 'FORBIDDEN', message: `${field}: you can only act on your own account` });
      }
    }
    return next();
  });

/** Namespaces whose services write their own, richer audit entries in the same transaction. */
const SELF_AUDITED = ['admin.', 'notification.', 'blogs.'];
const SECRET_KEY = /pass|token|secret|otp|code|signature/i;
const ID_KEYS = ['id', '_id', 'bookingId', 'merchantId', 'userId', 'couponId', 'serviceId', 'staffId', 'reviewId'];

/** A bounded copy of an input for the audit log: secrets masked, long strings (uploads) cut. */
export function auditDetails(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}… (${value.length} chars)` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 3) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => auditDetails(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, 40)
      .map(([k, v]) => [k, SECRET_KEY.test(k) ? '***' : auditDetails(v, depth + 1)]),
  );
}

/**
 * Every change an admin makes is in the audit log: the admin area's own services record theirs
 * with the change; any other mutation an admin performs (acting for a salon, categories,
 * testimonials, coupons...) is recorded here, in the same transaction as the change (see
 * db/pendingAudit.ts): if the audit row cannot be written, the change is rolled back.
 */
const auditAdminWrites = t.middleware(async ({ ctx, next, path, type, getRawInput }) => {
  if (type !== 'mutation' || ctx.actor?.role !== 'admin' || SELF_AUDITED.some((p) => path.startsWith(p))) return next();
  const actorId = ctx.actor.id;
  const raw = (await getRawInput().catch(() => undefined)) as Record<string, unknown> | undefined;
  const idKey = raw && typeof raw === 'object' ? ID_KEYS.find((k) => typeof raw[k] === 'string') : undefined;
  const write = (db: Executor) =>
    recordAudit(db, actorId, `api.${path}`, path.split('.')[0], idKey ? String(raw![idKey]) : null, {
      input: auditDetails(raw) as Record<string, unknown>,
    });
  const entry = new PendingAudit(write);
  const result = await withPendingAudit(entry, () => next());
  if (result.ok && entry.state !== 'written') {
    // The service changed nothing, or wrote single statements that committed on their own (no
    // transaction to join). The row is written now; if that fails the request fails, so an admin
    // is never told a change succeeded that the audit log does not show.
    await write(ctx.deps.db);
  }
  return result;
});

/** Any signed-in account. */
export const authedProcedure = baseProcedure.use(requireActor).use(staffGate).use(auditAdminWrites);
/** Any signed-in account acting on itself: a `userId` in the payload must be its own (admins: anyone's). */
export const accountProcedure = authedProcedure.use(ownPayloadField('userId'));
export const customerProcedure = authedProcedure.use(requireRole(ROLE_RULES.customer)).use(ownPayloadField('userId'));
export const merchantProcedure = authedProcedure.use(requireRole(ROLE_RULES.merchant)).use(ownPayloadField('merchantId'));
/** A merchant action whose payload names the acting account as `userId` (the desk's status moves): it must be the caller. */
export const merchantActingProcedure = merchantProcedure.use(ownPayloadField('userId'));
export const adminProcedure = authedProcedure.meta({ adminOnly: true }).use(requireRole(ROLE_RULES.admin));
