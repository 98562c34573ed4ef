/**
 * Writes the embedded database's template (see PGLITE_TEMPLATE in ./index.ts): a new in-memory
 * cluster with every migration applied, dumped as a gzipped tarball. `npm run build` runs this
 * file. The template holds no secrets and no demo data: keys are made and the demo is seeded on
 * first start.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { openPglite, PGLITE_TEMPLATE } from './index.js';
import { migrateToLatest } from './migrate.js';

export async function writePgliteTemplate(file: string): Promise<{ migrations: number; bytes: number }> {
  const client = await openPglite(undefined, { template: null });
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
  try {
    const applied = await migrateToLatest(db);
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { migrations: applied.length, bytes: dump.size };
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const { migrations, bytes } = await writePgliteTemplate(PGLITE_TEMPLATE);
  console.log(`embedded database template: ${migrations} migrations, ${Math.round(bytes / 1024)} KB, ${PGLITE_TEMPLATE} (${Date.now() - started} ms)`);
}
