import type { Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import { refreshMerchantStats } from '../db/repositories/merchantStats.js';
import type { Database } from '../db/types.js';
import { hashPassword } from '../services/auth/passwords.js';
import { addPeople } from './demo/accounts.js';
import { addBookings, addWalkIns } from './demo/bookings.js';
import { addCoupons } from './demo/coupons.js';
import { type DemoData, startDemoBuild } from './demo/kit.js';
import { planBookings } from './demo/plan.js';
import { addReviews } from './demo/reviews.js';
import { addCategories, addSalons } from './demo/salons.js';
import { addTestimonials } from './demo/testimonials.js';

export { type DemoData, PAST_UNSETTLED } from './demo/kit.js';

export const DEMO_PASSWORD = 'Demo@1234';

const TABLE_ORDER: (keyof DemoData)[] = [
  'accounts',
  'categories',
  'merchants',
  'salon_slugs',
  'salon_links',
  'merchant_categories',
  'services',
  'staff',
  'shop_images',
  'coupons',
  'bookings',
  'booking_services',
  'commission_ledger',
  'reviews',
  'manual_bookings',
  'testimonials',
  'notifications',
];

/**
 * Loads the demo marketplace in one transaction. The password is hashed once (argon2 is the
 * slow part) and rows go in as multi-row inserts, so first start on PGlite stays quick.
 */
export async function loadDemoData(db: Db, now: Date = new Date()): Promise<void> {
  const data = buildDemoData(await hashPassword(DEMO_PASSWORD), now);
  await db.transaction().execute(async (trx) => {
    for (const table of TABLE_ORDER) await insertAll(trx, table, data[table]);
    await refreshMerchantStats(trx);
  });
}

const CHUNK = 250;

async function insertAll<T extends keyof DemoData>(trx: Transaction<Database>, table: T, rows: DemoData[T]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely cannot relate a generic table name to its row type; DemoData fixes the pairing.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}

/**
 * Builds the demo rows: pure apart from the generated ids, and relative to `now`, so the data
 * always looks recent and the same day gives the same data. The parts draw their random choices
 * from one sequence, so they run in this order.
 */
export function buildDemoData(passwordHash: string, now: Date): DemoData {
  const build = startDemoBuild(passwordHash, now);
  const customers = addPeople(build);
  const salons = addSalons(build, addCategories(build));
  const coupons = addCoupons(build, salons);
  const byTime = planBookings(build, salons, customers);
  addBookings(build, byTime, salons, customers, coupons);
  addReviews(build, byTime, salons);
  addWalkIns(build, salons);
  addTestimonials(build);
  return build.data;
}

/** Every picture the demo rows point at, for the image generator and the seed test. */
export function demoImagePaths(data: DemoData): string[] {
  const paths = new Set<string>();
  const add = (p: string | null | undefined) => p && p.startsWith('/images/demo/') && paths.add(p);
  data.accounts.forEach((r) => add(r.avatar_url));
  data.categories.forEach((r) => add(r.image));
  data.services.forEach((r) => add(r.image));
  data.staff.forEach((r) => add(r.avatar_url));
  data.shop_images.forEach((r) => add(r.url));
  data.testimonials.forEach((r) => add(r.avatar));
  return [...paths].sort();
}
