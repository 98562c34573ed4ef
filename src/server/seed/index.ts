import type { Db } from '../db/index.js';
import { loadDemoData } from './demo.js';

/** Loads the demo data when the database has no accounts yet. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await loadDemoData(db);
  return true;
}
