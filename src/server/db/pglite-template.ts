/**
 * Writes the embedded database's template (see PGLITE_TEMPLATE in ./index.ts): a new data directory
 * with every migration applied, shut down cleanly. `npm run build` runs this file. The template
 * holds no secrets and no demo data: keys are made and the demo is seeded on first start.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { openPglite, PGLITE_TEMPLATE } from './index.js';
import { migrateToLatest } from './migrate.js';

/** Files and bytes under `dir`. */
function sizeOf(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += fs.statSync(`${entry.parentPath}/${entry.name}`).size;
  }
  return { files, bytes };
}

export async function writePgliteTemplate(dir: string): Promise<{ migrations: number; files: number; bytes: number }> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const client = await openPglite(dir, { template: null });
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
  let applied: string[];
  try {
    applied = await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return { migrations: applied.length, ...sizeOf(dir) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const { migrations, files, bytes } = await writePgliteTemplate(PGLITE_TEMPLATE);
  console.log(
    `embedded database template: ${migrations} migrations, ${files} files, ${Math.round(bytes / 1024 / 1024)} MB, ${PGLITE_TEMPLATE} (${Date.now() - started} ms)`,
  );
}
