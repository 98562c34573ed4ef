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
  offer = await createService(rt, salon.id, {
    name: 'Zafran Cut',
    price: 349,
    discountType: 'percentage',
    discountValue: 20,
    discountActive: true,
  });
  await createService(rt, salon.id, { name: 'Zafran Spa', price: 100, discountType: 'flat', discountValue: 50, discountActive: false });
  await refreshMerchantStats(rt.deps.db, salon.id);
});
afterAll(async () => {
  await rt.close();
});

const card = async (query: Record<string, unknown> = {}) =>
  (await rt.caller().merchants.search({ service: 'zafran', ...query })).data.merchants.find((m) => m._id === salon.id);

describe('lowest price', () => {
  it('is the cheapest price a customer pays, its active discount applied (an inactive one is not)', async () => {
    expect((await card())?.lowestPrice).toBe(100);
    await rt.deps.db.updateTable('services').set({ active: false }).where('name', '=', 'Zafran Spa').execute();
    await refreshMerchantStats(rt.deps.db, salon.id);
    expect((await card())?.lowestPrice).toBe(279.2);
    expect((await rt.caller().merchants.getMerchantById({ id: salon.id })).merchant.lowestPrice).toBe(279.2);
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

describe('the services a result card lists (issue 30 item 2)', () => {
  it('carry what the customer pays beside the list price, and the searched service comes first', async () => {
    const other = await createSalon(rt, { name: 'Neem Studio' });
    await createService(rt, other.id, { name: 'Neem Threading', price: 60 });
    const facial = await createService(rt, other.id, {
      name: 'Neem Gold Facial',
      price: 1200,
      discountType: 'percentage',
      discountValue: 25,
      discountActive: true,
    });
    await createService(rt, other.id, { name: 'Neem Manicure', price: 400, discountType: 'flat', discountValue: 50, discountActive: true });
    await refreshMerchantStats(rt.deps.db, other.id);
    const find = async (service: string) =>
      (await rt.caller().merchants.search({ service })).data.merchants.find((m) => m._id === other.id)!;

    const all = await find('neem');
    expect(all.services.map((s) => [s.name, s.price, s.finalPrice])).toEqual([
      ['Neem Threading', 60, 60],
      ['Neem Manicure', 400, 350],
      ['Neem Gold Facial', 1200, 900],
    ]);
    const facials = await find('facial');
    expect(facials.services[0]).toMatchObject({ _id: facial, name: 'Neem Gold Facial', price: 1200, finalPrice: 900, matched: true });
    expect(facials.services.slice(1).every((s) => !s.matched)).toBe(true);
  });
});

describe("a search result's headline price (issue 43 item 4)", () => {
  it("is the cheapest matching service's price, never another service's; the salon's cheapest without a service filter", async () => {
    const salon = await createSalon(rt, { name: 'Kesar Grooming Lounge' });
    // The salon's cheapest: a men's haircut, ₹349 less 20% = ₹279.20.
    await createService(rt, salon.id, {
      name: "Men's Haircut",
      price: 349,
      category: 'Haircut & Styling',
      discountType: 'percentage',
      discountValue: 20,
      discountActive: true,
    });
    await createService(rt, salon.id, { name: 'Fruit Facial', price: 899, category: 'Facial' });
    await createService(rt, salon.id, {
      name: 'Gold Facial',
      price: 1500,
      category: 'Facial',
      discountType: 'flat',
      discountValue: 200,
      discountActive: true,
    });
    await createService(rt, salon.id, { name: 'Cleanup', price: 650, category: 'Facial' });
    await refreshMerchantStats(rt.deps.db, salon.id);
    const headline = async (query: Record<string, unknown>) =>
      (await rt.caller().merchants.search(query)).data.merchants.find((m) => m._id === salon.id)?.lowestPrice;

    expect(await headline({ service: 'Facial' })).toBe(650); // the Cleanup, in the Facial category
    expect(await headline({ service: 'Gold Facial' })).toBe(1300);
    expect(await headline({ service: 'fruit' })).toBe(899);
    expect(await headline({ service: 'haircut' })).toBe(279.2);
    expect(await headline({ categories: ['Facial'] })).toBe(650);
    expect(await headline({ service: 'gold', categories: ['Facial'] })).toBe(1300);
    // The text names the salon, not a service: the salon's lowest price.
    expect(await headline({ service: 'Kesar' })).toBe(279.2);
    expect(await headline({})).toBe(279.2);
  });
});
