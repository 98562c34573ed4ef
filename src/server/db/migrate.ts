import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

// src/server/db → repo root in development; dist/server/src/server/db → dist/server once built.
const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** The migration files, sorted (their names without the extension are the migrations' names). */
async function migrationFiles(): Promise<string[]> {
  return (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort();
}

const nameOf = (file: string) => file.replace(/\.(ts|js)$/, '');

class DirectoryMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = await migrationFiles();
    // Loaded side by side: one after another, a start waited on each file in turn.
    const modules = await Promise.all(
      files.map((file) => import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href) as Promise<Migration>),
    );
    return Object.fromEntries(files.map((file, i) => [nameOf(file), modules[i]]));
  }
}

export function createMigrator(db: Kysely<any>) {
  return new Migrator({ db, provider: new DirectoryMigrationProvider() });
}

/** The names of the migrations the database records as run; null before the first migration. */
async function recordedMigrations(db: Kysely<any>): Promise<Set<string> | null> {
  const table = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db);
  if (!table.rows[0]?.t) return null;
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

/**
 * Runs the migrations not run yet; returns their names. When the database records exactly the
 * migrations there are (every start but the first after a deploy), two small reads of
 * kysely_migration say so and nothing else is done: Kysely's Migrator would also load every
 * migration module and read the whole schema twice to find its own two tables (0.5 s against
 * 0.1 s of a start on the embedded database, measured). Any other case (a first start, new
 * migrations, a database that records migrations this code lacks) goes through the Migrator,
 * its lock and its checks.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const [files, recorded] = await Promise.all([migrationFiles(), recordedMigrations(db)]);
  if (recorded && recorded.size === files.length && files.every((f) => recorded.has(nameOf(f)))) return [];
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
