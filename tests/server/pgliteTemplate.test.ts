import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, type KyselyPlugin, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/index.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { writePgliteTemplate } from '../../src/server/db/pglite-template.js';
import { isNewDataDir, startTemplateCopy, takeStartedCopy } from '../../src/server/db/pgliteDir.js';
import { DB_KIND } from '../helpers/runtime.js';

/* The embedded database's first start from the build's template (PGlite only). */
describe.skipIf(DB_KIND !== 'pglite')('embedded database template', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-template-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a new data directory starts from the template with every migration applied, and works', async () => {
    const template = path.join(dir, 'template');
    const written = await writePgliteTemplate(template);
    expect(written.migrations).toBeGreaterThan(10);
    expect(written.files).toBeGreaterThan(500);
    // Shut down cleanly: no server lock left in the directory a first start copies.
    expect(fs.existsSync(path.join(template, 'postmaster.pid'))).toBe(false);
    // What a first start cut short in the middle of its copy left beside the directory.
    fs.mkdirSync(path.join(dir, 'fresh.partial'));
    fs.writeFileSync(path.join(dir, 'fresh.partial', 'PG_VERSION'), '17\n');
    const client = await openPglite(path.join(dir, 'fresh'), { template });
    const k = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
    const applied = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(k);
    expect(applied.rows[0].n).toBe(written.migrations);
    // Up to date, a start learns it from the migration table alone: two statements, not the
    // Migrator's schema reads and lock.
    const statements: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        statements.push(args.queryId.queryId);
        return args.result;
      },
    };
    expect(await migrateToLatest(k.withPlugin(counting))).toEqual([]);
    expect(statements).toHaveLength(2);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_name in ('bookings', 'salon_search', 'jobs')`.execute(k);
    expect(rows[0].n).toBe(3);
    await k.destroy();
    // Copied whole into place: no partial copy is left beside it, and the template is untouched.
    expect(fs.readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
    expect(fs.existsSync(path.join(template, 'postmaster.pid'))).toBe(false);
    // The directory is now a database of its own: opened again, it is not replaced by the template.
    const again = await openPglite(path.join(dir, 'fresh'), { template });
    const k2 = new Kysely<unknown>({ dialect: new PGliteDialect(again) });
    await sql`create table kept (x int)`.execute(k2);
    await k2.destroy();
    const third = new Kysely<unknown>({ dialect: new PGliteDialect(await openPglite(path.join(dir, 'fresh'), { template })) });
    expect((await sql<{ n: number }>`select count(*)::int as n from kept`.execute(third)).rows[0].n).toBe(0);
    await third.destroy();
  }, 60_000);

  it("a copy the server's entry started early is the one the open waits for", async () => {
    const template = path.join(dir, 'template');
    const target = path.join(dir, 'early');
    startTemplateCopy(target, template);
    const k = new Kysely<unknown>({ dialect: new PGliteDialect(await openPglite(target, { template })) });
    // The open took the copy under way (taken once; it did not start a second one beside it).
    expect(takeStartedCopy(target)).toBeUndefined();
    expect(isNewDataDir(target)).toBe(false);
    expect((await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(k)).rows[0].n).toBeGreaterThan(10);
    await k.destroy();
    expect(fs.readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
  }, 60_000);

  it('an unreadable template is set aside and the directory starts from scratch', async () => {
    const broken = path.join(dir, 'broken');
    fs.mkdirSync(broken);
    fs.writeFileSync(path.join(broken, 'PG_VERSION'), '7\n');
    const client = await openPglite(path.join(dir, 'scratch'), { template: broken });
    const k = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
    expect((await migrateToLatest(k)).length).toBeGreaterThan(10);
    expect((await sql<{ one: number }>`select 1 as one`.execute(k)).rows[0].one).toBe(1);
    await k.destroy();
  }, 60_000);
});
