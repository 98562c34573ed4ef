import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshMerchantStats } from '../../src/server/db/repositories/merchantStats.js';
import { createSalon, createService, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* A salon's "From ₹" price, price filter and price sort follow what a customer pays: discounts applied. */

let rt: TestRuntime;
let salon: SalonFixture;
let offer: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Zafran Lounge' });
  await createService(rt, salon.id, { name: 'Zafran Blow Dry', price: 349 });
  offer = await createService(rt, salon.id, { name: 'Zafran Cut', price: 349, discountType: 'percentage', discountValue: 20, discountActive: true });
  await createService(rt, salon.id, { name: 'Zafran Spa', price: 100, discountType: 'flat', discountValue: 50, discountActive: false });
  await refreshMerchantStats(rt.deps.db, salon.id);
});
afterAll(async () => {
  await rt.close();
});

const card = async (query: Record<string, unknown> = {}) =>
  (await rt.caller().merchants.search({ service: 'zafran', ...query } as never)).data.merchants.find((m) => m._id === salon.id);

describe('lowest price', () => {
  it('is the cheapest price a customer pays, its active discount applied (an inactive one is not)', async () => {
    expect((await card())?.lowestPrice).toBe(100);
    await rt.deps.db.updateTable('services').set({ active: false }).where('name', '=', 'Zafran Spa').execute();
    await refreshMerchantStats(rt.deps.db, salon.id);
    expect((await card())?.lowestPrice).toBe(279.2);
    expect((await rt.caller().merchants.getMerchantById({ id: salon.id } as never)).merchant.lowestPrice).toBe(279.2);
  });

  it('is what the price filter reads', async () => {
    expect(await card({ prices: '0-300' })).toBeDefined();
    expect(await card({ prices: '300-1000' })).toBeUndefined();
    // The offer ends: back to ₹349.
    await rt.deps.db.updateTable('services').set({ discount_active: false }).where('id', '=', offer).execute();
    await refreshMerchantStats(rt.deps.db, salon.id);
    expect((await card())?.lowestPrice).toBe(349);
  });
});
