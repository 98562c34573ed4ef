/**
 * Server test projects' global setup: migrate once per run, and let every test file start from that.
 * - server-pglite: a migrated PGlite data-directory image on disk (each file loads it into memory,
 *   skipping initdb and the migrations: ~3 s of CPU per file);
 * - server-pg: a migrated template database (each file's scratch database is `create database ...
 *   template`, a file copy instead of the migrations).
 * Each runtime still runs migrateToLatest, so a migration added since the image is applied anyway.
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/server/db/index.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { scratchDatabaseOn } from './scratchDb.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data-directory image (server-pglite). */
    pgliteImage: string;
    /** A migrated database to copy scratch databases from (server-pg). */
    pgTemplate: string;
  }
}

async function pgliteImage(project: TestProject) {
  const client = await openPglite(undefined, { template: null });
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
  await migrateToLatest(db);
  const image = await client.dumpDataDir('none');
  await db.destroy();
  const file = path.join(os.tmpdir(), `gb-pglite-image-${process.pid}-${randomBytes(3).toString('hex')}.tar`);
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImage', file);
  return () => fs.rmSync(file, { force: true });
}

async function pgTemplate(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the pg test project');
  const scratch = await scratchDatabaseOn(base, 'gb_tmpl');
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: scratch.url, max: 1 }) }) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('pgTemplate', scratch.name);
  return scratch.drop;
}

export default function setup(project: TestProject) {
  return project.name === 'server-pg' ? pgTemplate(project) : pgliteImage(project);
}
