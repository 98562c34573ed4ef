import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepSearchTableVisible } from '../../src/server/db/repositories/discovery.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { nextMaintenanceAt, SEARCH_MAINTENANCE, scheduleSearchMaintenance } from '../../src/server/services/discovery/maintenance.js';
import { createSalon, createService } from '../helpers/fixtures.js';
import { makeJobsDue } from '../helpers/jobs.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('search table upkeep', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const physicalCities = async () =>
    (await sql<{ city: string }>`select lower(city) as city from salon_search order by ctid`.execute(rt.deps.db)).rows.map((r) => r.city);

  it('keeps room on each page and is clustered on the city index', async () => {
    const table = await sql<{
      options: string[] | null;
    }>`select reloptions as options from pg_class where relname = 'salon_search'`.execute(rt.deps.db);
    expect(table.rows[0].options).toContain('fillfactor=80');
    const clustered = await sql<{ name: string }>`
      select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'salon_search'::regclass and i.indisclustered`.execute(rt.deps.db);
    expect(clustered.rows.map((r) => r.name)).toEqual(['salon_search_city_order']);
  });

  it('the next run is the coming 03:30 in Indian time, and it is queued once however often it is asked for', async () => {
    expect(nextMaintenanceAt(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-11-24T22:00:00.000Z');
    expect(nextMaintenanceAt(new Date('2026-11-24T21:59:00Z')).toISOString()).toBe('2026-11-24T22:00:00.000Z');
    expect(nextMaintenanceAt(new Date('2026-11-24T22:00:00Z')).toISOString()).toBe('2026-11-25T22:00:00.000Z');
    const now = new Date('2030-01-01T12:00:00Z');
    await scheduleSearchMaintenance(rt.deps.db, now);
    await scheduleSearchMaintenance(rt.deps.db, new Date(now.getTime() + 3_600_000));
    const jobs = await rt.deps.db.selectFrom('jobs').select(['run_at', 'status']).where('kind', '=', SEARCH_MAINTENANCE).execute();
    expect(jobs).toEqual([{ run_at: new Date('2030-01-01T22:00:00Z'), status: 'queued' }]);
    await rt.deps.db.deleteFrom('jobs').where('kind', '=', SEARCH_MAINTENANCE).execute();
  });

  it('the nightly job puts salons back in city order; searches answer the same', async () => {
    const cities = ['Pune', 'Mumbai', 'Pune', 'Delhi', 'Mumbai', 'Pune', 'Delhi', 'Agra'];
    for (const [i, city] of cities.entries()) {
      const salon = await createSalon(rt, { name: `Upkeep Salon ${i}` });
      await createService(rt, salon.id, { name: 'Upkeep Trim', price: 300 + i });
      await rt.deps.db.updateTable('merchants').set({ city }).where('id', '=', salon.id).execute();
    }
    const before = await physicalCities();
    expect(before).not.toEqual([...before].sort());
    const search = () => rt.caller().merchants.search({ service: 'upkeep trim', location: 'Pune', sortBy: 'price_asc' });
    const answer = await search();
    expect(answer.data.total).toBe(3);

    // Queued for the coming night; run it as that night came.
    await scheduleSearchMaintenance(rt.deps.db, new Date(Date.now() - 86_400_000));
    await makeJobsDue(rt.deps.db, { kind: SEARCH_MAINTENANCE });
    await runJobsUntilIdle(rt.deps);
    const job = await rt.deps.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', SEARCH_MAINTENANCE)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'done', last_error: null });
    const after = await physicalCities();
    expect(after).toEqual([...before].sort());
    expect(await search()).toEqual(answer);

    // The rewrite left the visibility map empty: the hourly check vacuums the table once, then leaves it.
    const visibility = async () =>
      (
        await sql<{ pages: number; visible: number }>`
          select relpages as pages, relallvisible as visible from pg_class where oid = 'salon_search'::regclass`.execute(rt.deps.db)
      ).rows[0];
    expect((await visibility()).visible).toBe(0);
    expect(await keepSearchTableVisible(rt.deps.db)).toBe(true);
    const v = await visibility();
    expect(v.pages).toBeGreaterThan(0);
    expect(v.visible).toBe(v.pages);
    expect(await keepSearchTableVisible(rt.deps.db)).toBe(false);
    expect(await search()).toEqual(answer);
  });
});
