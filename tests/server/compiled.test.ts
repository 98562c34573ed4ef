import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/server/db/compiled.js';
import { loadSlotDay } from '../../src/server/db/repositories/bookings.js';
import { zonedTimeToInstant } from '../../src/shared/slots.js';
import {
  countingDb,
  createCategory,
  createCustomer,
  createSalon,
  createService,
  createStaff,
  insertBookingRow,
  localDate,
} from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

describe('statements compiled once', () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it('builds a statement on its first call only, and every call answers for its own values', async () => {
    let builds = 0;
    const read = compiledOnce((db, name: string, ids: string[], limit: number) => {
      builds++;
      return db
        .selectFrom('categories')
        .select(['name'])
        .where((eb) => eb.or([eb('name', '=', name), ...(ids.length ? [eb('id', 'in', ids)] : [])]))
        .where('name', '<>', 'never such a name')
        .orderBy('name')
        .limit(limit);
    });
    for (const name of ['Compiled Braids', 'Compiled Facials', 'Compiled Nails']) await createCategory(rt, name);
    const ids = (await rt.deps.db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute()).slice(0, 3);
    expect(ids.length).toBe(3);
    const direct = (name: string, list: string[], limit: number) =>
      rt.deps.db
        .selectFrom('categories')
        .select(['name'])
        .where((eb) => eb.or([eb('name', '=', name), ...(list.length ? [eb('id', 'in', list)] : [])]))
        .orderBy('name')
        .limit(limit)
        .execute();
    for (const [name, list, limit] of [
      [ids[2].name, [ids[0].id], 5],
      ['no such category', [ids[1].id, ids[2].id], 5],
      [ids[0].name, [], 1],
      ['no such category', [], 10],
    ] as const) {
      expect((await read(rt.deps.db, name, [...list], limit)).rows).toEqual(await direct(name, [...list], limit));
    }
    // Inside a transaction too, with the same compiled text.
    await rt.deps.db.transaction().execute(async (trx) => {
      expect((await read(trx, ids[1].name, [], 5)).rows).toEqual([{ name: ids[1].name }]);
    });
    // Once per shape: ids of length 1, 2 and 0 (two calls each).
    expect((await read(rt.deps.db, 'no such category', [ids[0].id], 5)).rows).toEqual([{ name: ids[0].name }]);
    expect(builds).toBe(3);
  });

  it("an object argument's defined values are its parameters; a key left undefined is another shape (the column's default)", async () => {
    let builds = 0;
    const add = compiledOnce((db, row: { name: string; shop_category: string; icon?: string | null; sort_order?: number }) => {
      builds++;
      return db.insertInto('categories').values(row).returning(['name', 'shop_category', 'icon', 'sort_order']);
    });
    expect((await add(rt.deps.db, { name: 'Obj A', shop_category: 'spa', icon: 'a.svg', sort_order: 7 })).rows).toEqual([
      { name: 'Obj A', shop_category: 'spa', icon: 'a.svg', sort_order: 7 },
    ]);
    expect((await add(rt.deps.db, { name: 'Obj B', shop_category: 'salon', icon: null, sort_order: 2 })).rows).toEqual([
      { name: 'Obj B', shop_category: 'salon', icon: null, sort_order: 2 },
    ]);
    const dflt = (
      await rt.deps.db
        .insertInto('categories')
        .values({ name: 'Obj D', shop_category: 'spa' })
        .returning('sort_order')
        .executeTakeFirstOrThrow()
    ).sort_order;
    expect((await add(rt.deps.db, { name: 'Obj C', shop_category: 'spa', icon: undefined, sort_order: undefined })).rows).toEqual([
      { name: 'Obj C', shop_category: 'spa', icon: null, sort_order: dflt },
    ]);
    expect(builds).toBe(2);
    const expression = compiledOnce((db, row: { name: string; shop_category: unknown }) =>
      db.insertInto('categories').values(row as never),
    );
    await expect(expression(rt.deps.db, { name: 'Obj E', shop_category: sql`'spa'` })).rejects.toThrow(/an expression, not a value/);
  });

  it('refuses a builder that changes an argument, drops one, writes one into the SQL, or places an array as one parameter', async () => {
    const changed = compiledOnce((db, name: string) => db.selectFrom('categories').select('name').where('name', '=', `${name}!`));
    await expect(changed(rt.deps.db, 'x')).rejects.toThrow(/changed before it became a parameter/);
    const dropped = compiledOnce((db, name: string, _unused: string) =>
      db.selectFrom('categories').select('name').where('name', '=', name),
    );
    await expect(dropped(rt.deps.db, 'x', 'y')).rejects.toThrow(/argument 1 is not a parameter/);
    const inlined = compiledOnce((db, name: string) => db.selectFrom('categories').select(sql.lit(name).as('n')));
    await expect(inlined(rt.deps.db, 'x')).rejects.toThrow(/written into the SQL text|not a parameter/);
    const whole = compiledOnce((db, ids: string[]) =>
      db.selectFrom('categories').select('name').where(sql<boolean>`id = any(${ids}::uuid[])`),
    );
    await expect(whole(rt.deps.db, ['00000000-0000-4000-8000-000000000000'])).rejects.toThrow(/element by element/);
  });

  it("the slot day: one statement, the salon's services, staff and the bookings that touch the day", async () => {
    const salon = await createSalon(rt, { name: 'Compiled Cuts' });
    const cut = await createService(rt, salon.id, { name: 'Cut', duration: 30, price: 400 });
    const shave = await createService(rt, salon.id, { name: 'Shave', duration: 15, price: 200 });
    const ana = await createStaff(rt, salon.id, { name: 'Ana' });
    const day = localDate(3);
    const customer = await createCustomer(rt);
    const at = (date: string) => ({
      userId: customer.id,
      merchantId: salon.id,
      staffId: ana,
      startsAt: zonedTimeToInstant(date, 600, 'Asia/Kolkata'),
      bookingDate: date,
    });
    const inside = await insertBookingRow(rt, at(day));
    await insertBookingRow(rt, at(localDate(6)));
    const counted = countingDb(rt.deps.db);
    const both = await loadSlotDay(counted.db, salon.id, [cut, shave], day);
    expect(counted.count()).toBe(1);
    expect(both!.salon.map((r) => r.service_id).sort()).toEqual([cut, shave].sort());
    expect(both!.staff.map((s) => s.id)).toEqual([ana]);
    expect(both!.busy.map((b) => b.id)).toEqual([inside]);
    const none = await loadSlotDay(counted.db, salon.id, [], day);
    expect(none!.salon).toHaveLength(1);
    expect(none!.salon[0].service_id).toBeNull();
    expect(await loadSlotDay(counted.db, '00000000-0000-4000-8000-000000000000', [cut], day)).toBeNull();
    expect(counted.count()).toBe(3);
  });
});
