import type { z } from 'zod';
import type { addStaffInput, staffTargetInput, updateStaffHoursInput, updateStaffInput } from '../../../shared/schemas/staff.js';
import type { Executor } from '../../db/executor.js';
import { revokeMembersOfStaff } from '../../db/repositories/salonMembers.js';
import { lockMerchant } from '../../db/repositories/shopProfile.js';
import {
  archiveStaff,
  deleteStaffRow,
  findStaff,
  insertStaff,
  listStaff,
  staffBookingCounts,
  staffEmailTaken,
  staffTotals,
  updateStaff as updateStaffRow,
} from '../../db/repositories/shopStaff.js';
import type { Actor, AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { assertStaffFits } from '../billing/entitlements.js';
import { shopOf } from '../scope.js';
import { waitlistTimeFreed } from '../waitlist/freed.js';
import { staffHoursClashes } from './hoursCover.js';
import { toStaffWire } from './wire.js';

async function checkEmailFree(db: Executor, merchantId: string, email: string, exceptId?: string) {
  if (await staffEmailTaken(db, merchantId, email, exceptId)) {
    throw conflict('email: another staff member of your shop already uses this email');
  }
}

async function totalsByStaff(db: Executor, merchantId: string) {
  const rows = await staffTotals(db, merchantId);
  return new Map(rows.map((r) => [r.staff_id, { bookings: Number(r.bookings), completedLines: Number(r.completed_lines) }]));
}

async function staffWireOf(db: Executor, merchantId: string, staffId: string) {
  const row = await findStaff(db, merchantId, staffId);
  if (!row) throw notFound('Staff member');
  return toStaffWire(row, (await totalsByStaff(db, merchantId)).get(staffId));
}

/** The Staff Management table and its summary cards, from real bookings. */
export async function getAllStaff(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const [rows, totals] = await Promise.all([listStaff(deps.db, shop), totalsByStaff(deps.db, shop)]);
  const staff = rows.map((r) => toStaffWire(r, totals.get(r.id)));
  return {
    staff,
    summary: {
      totalStaff: staff.length,
      activeStaff: staff.filter((s) => s.status === 'Active').length,
      totalBookings: staff.reduce((n, s) => n + s.totalBookings, 0),
      totalEarnings: staff.reduce((n, s) => n + s.totalEarnings, 0),
    },
  };
}

export async function addStaff(deps: AppDeps, actor: Actor, input: z.output<typeof addStaffInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    // The salon's row lock orders additions, so the plan's staff limit holds under parallel requests.
    await lockMerchant(trx, merchantId);
    if (input.status !== 'Inactive') await assertStaffFits(trx, merchantId);
    await checkEmailFree(trx, merchantId, input.email);
    const id = await insertStaff(trx, {
      merchant_id: merchantId,
      name: input.name,
      email: input.email,
      phone: input.phone,
      role: input.role,
      rate: input.rate,
      status: input.status,
      avatar_url: input.avatar ?? null,
      specializations: input.specialization,
      experience_years: input.experience,
      working_hours: JSON.stringify(input.workingHours ?? []),
      days_off: input.daysOff ?? [],
    });
    return { staff: await staffWireOf(trx, merchantId, id) };
  });
}

/**
 * Changes only the fields sent (the form sends them all; other clients may send a few). When the
 * hours or days off change, the answer lists the bookings they leave uncovered, as updateStaffHours.
 */
export async function updateStaff(deps: AppDeps, actor: Actor, input: z.output<typeof updateStaffInput>, opts: { now?: Date } = {}) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const staffId = input.staffId!;
  return deps.db.transaction().execute(async (trx) => {
    if (input.status !== undefined && input.status !== 'Inactive') await lockMerchant(trx, merchantId);
    const current = await findStaff(trx, merchantId, staffId);
    if (!current) throw notFound('Staff member');
    // Bringing someone back from Inactive takes a place on the team.
    if (current.status === 'Inactive' && input.status !== undefined && input.status !== 'Inactive')
      await assertStaffFits(trx, merchantId, 1, staffId);
    if (input.email !== undefined) await checkEmailFree(trx, merchantId, input.email, staffId);
    await updateStaffRow(trx, merchantId, staffId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.role !== undefined ? { role: input.role } : {}),
      ...(input.rate !== undefined ? { rate: input.rate } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.avatar !== undefined ? { avatar_url: input.avatar } : {}),
      ...(input.specialization !== undefined ? { specializations: input.specialization } : {}),
      ...(input.experience !== undefined ? { experience_years: input.experience } : {}),
      ...(input.workingHours !== undefined ? { working_hours: JSON.stringify(input.workingHours) } : {}),
      ...(input.daysOff !== undefined ? { days_off: input.daysOff } : {}),
    });
    const staff = await staffWireOf(trx, merchantId, staffId);
    // A professional back at work, or with longer hours, may fit someone waiting.
    if (input.workingHours !== undefined || input.daysOff !== undefined || input.status !== undefined)
      await waitlistTimeFreed(trx, merchantId, null, opts.now);
    if (input.workingHours === undefined && input.daysOff === undefined) return { staff };
    return { staff, clashes: await staffHoursClashes(trx, merchantId, staff, opts.now ?? new Date()) };
  });
}

/**
 * Weekly hours and days off: what the availability engine offers slots from. Saving is never
 * refused over existing bookings (the owner may reassign them later); the answer lists, from the
 * same transaction, the member's bookings the new hours leave uncovered (`clashes`).
 */
export async function updateStaffHours(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof updateStaffHoursInput>,
  opts: { now?: Date } = {},
) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    const ok = await updateStaffRow(trx, merchantId, input.staffId, {
      working_hours: JSON.stringify(input.workingHours),
      ...(input.daysOff !== undefined ? { days_off: input.daysOff } : {}),
    });
    if (!ok) throw notFound('Staff member');
    await waitlistTimeFreed(trx, merchantId, null, opts.now);
    const staff = await staffWireOf(trx, merchantId, input.staffId);
    return { staff, clashes: await staffHoursClashes(trx, merchantId, staff, opts.now ?? new Date()) };
  });
}

export const STAFF_HAS_UPCOMING = (n: number) =>
  `This staff member has ${n} upcoming booking${n === 1 ? '' : 's'}. Cancel or move ${n === 1 ? 'it' : 'them'} first, or set their status to Inactive.`;

/**
 * Deleting someone with bookings still to serve is refused (those customers expect them).
 * Someone with only past bookings is archived: gone from every list and never offered again,
 * while the booking history keeps their name. Someone with no bookings at all is deleted.
 */
export async function deleteStaff(deps: AppDeps, actor: Actor, input: z.output<typeof staffTargetInput>, opts: { now?: Date } = {}) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await findStaff(trx, merchantId, input.staffId, { lock: true }))) throw notFound('Staff member');
    const counts = await staffBookingCounts(trx, input.staffId, opts.now ?? new Date());
    if (counts.upcoming > 0) throw conflict(STAFF_HAS_UPCOMING(counts.upcoming));
    await revokeMembersOfStaff(trx, input.staffId, opts.now ?? new Date());
    if (counts.total > 0) await archiveStaff(trx, input.staffId);
    else await deleteStaffRow(trx, input.staffId);
    return { message: 'Staff member deleted successfully' };
  });
}
