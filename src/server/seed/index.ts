import type { Db } from '../db/index.js';
import { seedAdminDemo } from './admin.js';
import { seedBilling } from './billing.js';
import { seedCheckout } from './checkout.js';
import { seedClientRecords } from './clients.js';
import { seedContent } from './content.js';
import { seedCrm } from './crm.js';
import { loadDemoData } from './demo.js';
import { seedPayments } from './payments.js';
import { seedStaffRoles } from './staffRoles.js';
import { seedWaitlist } from './waitlist.js';
import { seedWallet } from './wallet.js';

/** Loads the demo data when the database has no accounts yet. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await loadDemoData(db);
  await seedCrm(db);
  await seedClientRecords(db);
  await seedBilling(db);
  await seedWallet(db);
  await seedCheckout(db);
  await seedPayments(db);
  await seedContent(db);
  await seedAdminDemo(db);
  await seedWaitlist(db);
  await seedStaffRoles(db);
  return true;
}
