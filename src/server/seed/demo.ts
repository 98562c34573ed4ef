import type { Db } from '../db/index.js';
import { hashPassword } from '../services/auth/passwords.js';

export const DEMO_PASSWORD = 'Demo@1234';

export async function loadDemoData(db: Db): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('accounts')
      .values([
        { email: 'customer@demo.in', password_hash: hash, role: 'customer', first_name: 'Priya', last_name: 'Sharma', phone: '9876543210' },
        { email: 'admin@demo.in', password_hash: hash, role: 'admin', first_name: 'Asha', last_name: 'Admin' },
      ])
      .execute();
  });
}
