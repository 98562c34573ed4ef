import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../migrations/202612030600_amenities_as_listed.js';
import { SALONS } from '../../src/server/seed/salons.js';
import { AMENITIES } from '../../src/shared/constants.js';
import { amenitiesInput } from '../../src/shared/schemas/shop.js';
import { createSalon } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/* Amenities are the one list the app offers: the seed uses it, and stored variants are rewritten as it spells them. */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

describe(`amenities as listed (${DB_KIND})`, () => {
  it('the demo seed lists only amenities of the list', () => {
    for (const s of SALONS) for (const a of s.amenities) expect(AMENITIES, s.name).toContain(a);
    expect(amenitiesInput.safeParse({ amenities: ['Helipad'] }).success).toBe(false);
  });

  it('the migration rewrites stored variants as the list spells them, once each, in order; unknown text stays', async () => {
    const salon = await createSalon(rt, { published: true });
    const other = await createSalon(rt, { published: true });
    const set = (id: string, amenities: string[]) => rt.deps.db.updateTable('merchants').set({ amenities }).where('id', '=', id).execute();
    await set(salon.id, [' free wifi', 'Parking', 'WiFi', 'Helipad', 'kids friendly']);
    await set(other.id, ['Card Payment']);
    await up(rt.deps.db);
    const read = async (id: string) =>
      (await rt.deps.db.selectFrom('merchants').select('amenities').where('id', '=', id).executeTakeFirstOrThrow()).amenities;
    expect(await read(salon.id)).toEqual(['Free WiFi', 'Parking', 'Helipad', 'Child Friendly']);
    expect(await read(other.id)).toEqual(['Card Payment']);
    // The search's copy follows (its trigger), so the filter finds the salon.
    const copy = await rt.deps.db.selectFrom('salon_search').select('amenities').where('id', '=', salon.id).executeTakeFirstOrThrow();
    expect(copy.amenities).toEqual(['Free WiFi', 'Parking', 'Helipad', 'Child Friendly']);
  });
});
