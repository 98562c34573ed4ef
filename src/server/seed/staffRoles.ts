import type { Db } from '../db/index.js';
import { hashPassword } from '../services/auth/passwords.js';
import { DEMO_PASSWORD } from './demo.js';

/**
 * The demo salon's members who sign in besides its owner (merchant@demo.in): a receptionist
 * (reception@demo.in) and a professional (stylist@demo.in, linked to the salon's first staff
 * member), both with the demo password, and commission rates for every professional of the salon.
 */
export async function seedStaffRoles(db: Db, now: Date = new Date()): Promise<void> {
  const owner = await db.selectFrom('accounts').select('id').where('email', '=', 'merchant@demo.in').executeTakeFirst();
  if (!owner) return;
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'name'])
    .where('merchant_id', '=', owner.id)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .execute();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('salon_members')
      .values([
        {
          merchant_id: owner.id,
          role: 'receptionist',
          name: 'Pooja Desk',
          email: 'reception@demo.in',
          password_hash: passwordHash,
          status: 'active',
          invited_by: owner.id,
          accepted_at: now,
        },
        ...(staff[0]
          ? [
              {
                merchant_id: owner.id,
                role: 'professional' as const,
                staff_id: staff[0].id,
                name: staff[0].name,
                email: 'stylist@demo.in',
                password_hash: passwordHash,
                status: 'active' as const,
                invited_by: owner.id,
                accepted_at: now,
              },
            ]
          : []),
      ])
      .execute();
    if (staff.length)
      await trx
        .insertInto('staff_pay_settings')
        .values(staff.map((s) => ({ staff_id: s.id, merchant_id: owner.id, service_rate: 12, product_rate: 5, base_monthly: 18000 })))
        .execute();
  });
}
