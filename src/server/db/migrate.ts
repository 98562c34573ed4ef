import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

// src/server/db → repo root in development; dist/server/src/server/db → dist/server once built.
const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

class DirectoryMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(MIGRATIONS_DIR))
      .filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
      .sort();
    // Loaded side by side: one after another, a start waited on each file in turn.
    const modules = await Promise.all(files.map((file) => import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href) as Promise<Migration>));
    return Object.fromEntries(files.map((file, i) => [file.replace(/\.(ts|js)$/, ''), modules[i]]));
  }
}

export function createMigrator(db: Kysely<any>) {
  return new Migrator({ db, provider: new DirectoryMigrationProvider() });
}

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
