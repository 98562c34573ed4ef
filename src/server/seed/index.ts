import type { Db } from '../db/index.js';
import { scheduleReminders } from '../jobs/reminders.js';
import { seedAdminDemo } from './admin.js';
import { seedBilling } from './billing.js';
import { seedContent } from './content.js';
import { seedCrm } from './crm.js';
import { loadDemoData } from './demo.js';
import { seedWallet } from './wallet.js';

/** Loads the demo data when the database has no accounts yet. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await loadDemoData(db);
  await seedCrm(db);
  await seedBilling(db);
  await seedWallet(db);
  await seedContent(db);
  await seedAdminDemo(db);
  await scheduleDemoReminders(db);
  return true;
}

/** The demo's upcoming bookings get their reminder jobs, as bookings made through the app do. */
async function scheduleDemoReminders(db: Db) {
  const upcoming = await db
    .selectFrom('bookings')
    .select(['id', 'starts_at'])
    .where('status', 'in', ['pending', 'upcoming', 'confirmed'])
    .where('starts_at', '>', new Date())
    .execute();
  for (const b of upcoming) await scheduleReminders(db, b.id, new Date(b.starts_at));
}
