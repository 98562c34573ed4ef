import type { Db } from '../db/index.js';

/** Demo rows for this domain, loaded after the core demo data on an empty database. */
export async function seedBilling(_db: Db): Promise<void> {}
