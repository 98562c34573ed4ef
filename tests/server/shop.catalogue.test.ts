import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { CATEGORY_HAS_SERVICES } from '../../src/server/services/shop/categories.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let admin: Actor;
let salon: SalonFixture;
let other: SalonFixture;
let hair: string;
let nails: string;
let massage: string;

async function catalogue(name: string, shopCategory: 'salon' | 'spa') {
  const r = await rt.caller(admin).categories.createCategory({ name, shopCategory });
  return r.category._id;
}

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await makeAccount(rt, 'admin');
  salon = await createSalon(rt, { name: 'Lotus Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
  hair = await catalogue('Hair', 'salon');
  nails = await catalogue('Nails', 'salon');
  massage = await catalogue('Massage', 'spa');
  await rt.caller(salon.owner).categories.selectCategoriesByMarchent({ merchantId: salon.id, selectedCategories: [hair, nails] });
  await rt.caller(other.owner).categories.selectCategoriesByMarchent({ selectedCategories: [hair] });
});
afterAll(async () => {
  await rt.close();
});

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Haircut',
  category: hair,
  description: 'Wash, cut and blow-dry',
  duration: 45,
  price: 499.5,
  discountType: 'percentage' as const,
  discountValue: 10,
  isDiscountActive: true,
  active: true,
  ...over,
});

describe('Manage Categories', () => {
  it('lists the catalogue of the given shop types (public), all of them when none are given', async () => {
    const r = await rt.caller().categories.getSpecificCategoryToSelect({ shopCategory: ['salon'] });
    expect(r.data.map((c) => c.name)).toEqual(['Hair', 'Nails']);
    expect(r.data[0]).toMatchObject({ _id: hair, shopCategory: ['salon'] });
    const spa = await rt.caller().categories.getSpecificCategoryToSelect({ shopCategory: ['Spa'] });
    expect(spa.data.map((c) => c._id)).toEqual([massage]);
    const all = await rt.caller().categories.getSpecificCategoryToSelect({ shopCategory: [] });
    expect(all.data).toHaveLength(3);
    await expect(rt.caller().categories.getSpecificCategoryToSelect({ shopCategory: ['barber'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^shopCategory\.0: /),
    });
  });

  it('adds categories once and answers the selected list with services', async () => {
    const r = await rt
      .caller(salon.owner)
      .categories.selectCategoriesByMarchent({ merchantId: salon.id, selectedCategories: [hair, massage] });
    expect(r.message).toBe('Selected categories added successfully.');
    expect(r.selectedCategories.map((c) => c.name).sort()).toEqual(['Hair', 'Massage', 'Nails']);
    expect(r.selectedCategories.every((c) => Array.isArray(c.services) && c.count === c.services.length)).toBe(true);
    await rt.caller(salon.owner).categories.deleteMerchantSelectedCategories({ merchantId: salon.id, selectedCategories: [massage] });
  });

  it('refuses an empty selection and unknown categories', async () => {
    await expect(rt.caller(salon.owner).categories.selectCategoriesByMarchent({ selectedCategories: [] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'selectedCategories: No new categories selected.',
    });
    await expect(
      rt.caller(salon.owner).categories.selectCategoriesByMarchent({ selectedCategories: ['00000000-0000-4000-8000-000000000000'] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^selectedCategories: /) });
  });

  it("is scoped: another merchant's id is 403; an admin names the shop", async () => {
    await expect(rt.caller(other.owner).categories.getMerchantSelectedCategories({ merchantId: salon.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      rt.caller(other.owner).categories.selectCategoriesByMarchent({ merchantId: salon.id, selectedCategories: [nails] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      rt.caller(other.owner).categories.deleteMerchantSelectedCategories({ merchantId: salon.id, selectedCategories: [nails] }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const customer = await createCustomer(rt);
    await expect(rt.caller(customer).categories.getMerchantSelectedCategories({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(admin).categories.getMerchantSelectedCategories({})).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'merchantId: choose the salon',
    });
    const forAdmin = await rt.caller(admin).categories.getMerchantSelectedCategories({ merchantId: salon.id });
    expect(forAdmin.selectedCategories.map((c) => c.name).sort()).toEqual(['Hair', 'Nails']);
  });

  it('refuses deleting a category that still has services, then deletes it once empty', async () => {
    const { service } = await rt
      .caller(salon.owner)
      .services.createService({ merchantId: salon.id, service: form({ name: 'Manicure', category: nails }) });
    await expect(
      rt.caller(salon.owner).categories.deleteMerchantSelectedCategories({ merchantId: salon.id, selectedCategories: [nails] }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: CATEGORY_HAS_SERVICES });
    await rt.caller(salon.owner).services.deleteService({ merchantId: salon.id, serviceId: service._id });
    const r = await rt
      .caller(salon.owner)
      .categories.deleteMerchantSelectedCategories({ merchantId: salon.id, selectedCategories: [nails] });
    expect(r.message).toBe('Category deleted successfully.');
    await expect(
      rt.caller(salon.owner).categories.deleteMerchantSelectedCategories({ merchantId: salon.id, selectedCategories: [nails] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await rt.caller(salon.owner).categories.selectCategoriesByMarchent({ selectedCategories: [nails] });
  });
});

describe('services', () => {
  it('creates a service (201 meta) with its wire shape, counted in its category, and updates min_price', async () => {
    const { service } = await rt
      .caller(salon.owner)
      .services.createService({ merchantId: salon.id, selectedCategoryId: hair, service: form() });
    expect(service).toMatchObject({
      name: 'Haircut',
      category: hair,
      selectedCategoryId: hair,
      categoryName: 'Hair',
      duration: 45,
      price: 499.5,
      discountType: 'percentage',
      discountValue: 10,
      isDiscountActive: true,
      finalPrice: 449.55,
      active: true,
      merchantId: salon.id,
    });
    const cats = await rt.caller(salon.owner).categories.getMerchantSelectedCategories({ merchantId: salon.id });
    const hairCat = cats.selectedCategories.find((c) => c._id === hair)!;
    expect(hairCat.count).toBe(1);
    expect(hairCat.services[0]._id).toBe(service._id);
    const m = await rt.deps.db.selectFrom('merchants').select('min_price').where('id', '=', salon.id).executeTakeFirstOrThrow();
    // The lowest price a customer pays: the service's price with its discount.
    expect(Number(m.min_price)).toBe(449.55);
  });

  const rules: [string, Record<string, unknown>, RegExp][] = [
    ['name required', { name: '  ' }, /^service\.name: Service name is required\.$/],
    ['description required', { description: '' }, /^service\.description: Description is required\.$/],
    ['duration integer', { duration: 30.5 }, /^service\.duration: /],
    ['duration ≥ 5', { duration: 4 }, /^service\.duration: /],
    ['duration ≤ 720', { duration: 721 }, /^service\.duration: /],
    ['price above 0', { price: 0 }, /^service\.price: Price must be above 0\.$/],
    ['price ≤ 2 decimals', { price: 10.999 }, /^service\.price: Price can have at most 2 decimals\.$/],
    [
      'percentage ≤ 100',
      { discountType: 'percentage', discountValue: 101 },
      /^service\.discountValue: Discount percentage cannot exceed 100%\.$/,
    ],
    [
      'flat ≤ price',
      { discountType: 'flat', discountValue: 600, price: 500 },
      /^service\.discountValue: Flat discount cannot exceed price\.$/,
    ],
    ['discount needs a type', { discountType: undefined, discountValue: 50 }, /^service\.discountType: /],
  ];
  for (const [rule, over, message] of rules) {
    it(`refuses a service breaking "${rule}" with a 400 naming the field`, async () => {
      await expect(
        rt.caller(salon.owner).services.createService({ merchantId: salon.id, service: form({ name: `Bad ${rule}`, ...over }) as never }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(message) });
    });
  }

  it('accepts the edge values of every rule', async () => {
    const edges: Record<string, unknown>[] = [
      { name: 'Edge 100%', discountType: 'percentage', discountValue: 100, duration: 5 },
      { name: 'Edge flat', discountType: 'flat', discountValue: 500, price: 500, duration: 720 },
      { name: 'Edge paise', price: '10.99', discountType: undefined, discountValue: 0, duration: '30' },
    ];
    for (const over of edges) {
      const { service } = await rt.caller(salon.owner).services.createService({ merchantId: salon.id, service: form(over) as never });
      expect(service.name).toBe(over.name);
    }
    const all = await rt.caller(salon.owner).services.getAllServices({ merchantId: salon.id });
    expect(all.services.find((s) => s.name === 'Edge flat')!.finalPrice).toBe(0);
    expect(all.services.find((s) => s.name === 'Edge paise')).toMatchObject({ price: 10.99, discountType: null, duration: 30 });
  });

  it('requires a category the shop selected, and a unique name', async () => {
    await expect(
      rt.caller(salon.owner).services.createService({ merchantId: salon.id, service: form({ name: 'X', category: undefined }) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'service.category: Category is required.' });
    await expect(
      rt.caller(salon.owner).services.createService({ merchantId: salon.id, service: form({ name: 'Spa thing', category: massage }) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^service\.category: /) });
    await expect(
      rt.caller(salon.owner).services.createService({ merchantId: salon.id, service: form({ name: 'haircut' }) }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^service\.name: /) });
  });

  it('updates a service and moves it between the shop categories', async () => {
    const { service } = await rt.caller(salon.owner).services.createService({ merchantId: salon.id, service: form({ name: 'Blow-dry' }) });
    const r = await rt.caller(salon.owner).services.updateService({
      merchantId: salon.id,
      selectedCategoryId: hair,
      serviceId: service._id,
      service: form({ _id: service._id, name: 'Blow-dry Deluxe', category: nails, price: 800, discountType: 'flat', discountValue: 100 }),
    });
    expect(r.service).toMatchObject({ name: 'Blow-dry Deluxe', category: nails, price: 800, finalPrice: 700 });
    await expect(
      rt.caller(salon.owner).services.updateService({
        merchantId: salon.id,
        serviceId: service._id,
        service: form({ name: 'Blow-dry Deluxe', discountType: 'flat', discountValue: 900, price: 800 }),
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'service.discountValue: Flat discount cannot exceed price.' });
    await expect(
      rt.caller(salon.owner).services.updateService({ merchantId: salon.id, service: form({ name: 'No id' }) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^serviceId: /) });
  });

  it("answers 404 for another salon's service and 403 for another merchantId", async () => {
    const mine = await rt.caller(other.owner).services.createService({ service: form({ name: 'Theirs' }) });
    const id = mine.service._id;
    await expect(
      rt.caller(salon.owner).services.updateService({ merchantId: salon.id, serviceId: id, service: form({ name: 'Stolen' }) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(salon.owner).services.deleteService({ merchantId: salon.id, serviceId: id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(rt.caller(salon.owner).services.deleteService({ merchantId: other.id, serviceId: id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller(salon.owner).services.getAllServices({ merchantId: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      rt.caller(salon.owner).services.createService({ merchantId: other.id, service: form({ name: 'Into theirs' }) }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await rt.caller(other.owner).services.getAllServices({})).services.map((s) => s.name)).toEqual(['Theirs']);
    expect((await rt.caller(admin).services.getAllServices({ merchantId: other.id })).services).toHaveLength(1);
  });

  it('shows a service publicly only when active in a published salon', async () => {
    const hidden = await createSalon(rt, { published: false });
    await rt.caller(hidden.owner).categories.selectCategoriesByMarchent({ selectedCategories: [hair] });
    const { service } = await rt.caller(hidden.owner).services.createService({ service: form() });
    await expect(rt.caller().services.getServiceById({ id: service._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await rt.caller(hidden.owner).services.getServiceById({ id: service._id })).service._id).toBe(service._id);
    const pub = await rt.caller(salon.owner).services.createService({ service: form({ name: 'Public cut' }) });
    expect((await rt.caller().services.getServiceById({ id: pub.service._id })).service.name).toBe('Public cut');
  });

  it('deletes a service for good while its bookings keep their copy', async () => {
    const { service } = await rt.caller(salon.owner).services.createService({ service: form({ name: 'Soon gone', price: 300 }) });
    const customer = await createCustomer(rt);
    const stylist = await createStaff(rt, salon.id);
    const bookingId = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId: stylist,
      startsAt: new Date(Date.now() + 86_400_000),
    });
    await rt.deps.db
      .updateTable('booking_services')
      .set({ service_id: service._id, service_name: 'Soon gone' })
      .where('booking_id', '=', bookingId)
      .execute();
    const r = await rt
      .caller(salon.owner)
      .services.deleteService({ merchantId: salon.id, selectedCategoryId: hair, serviceId: service._id });
    expect(r.message).toBe('Service deleted successfully.');
    const line = await rt.deps.db.selectFrom('booking_services').selectAll().where('booking_id', '=', bookingId).executeTakeFirstOrThrow();
    expect(line).toMatchObject({ service_id: null, service_name: 'Soon gone' });
    await expect(rt.caller(salon.owner).services.deleteService({ serviceId: service._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('merchants/services, amenities and pricing charts', () => {
  it('bulk-updates price, duration and on/off, refreshing min_price, all or nothing', async () => {
    const shop = await createSalon(rt);
    await rt.caller(shop.owner).categories.selectCategoriesByMarchent({ selectedCategories: [hair] });
    const a = (
      await rt
        .caller(shop.owner)
        .services.createService({ service: form({ name: 'A', price: 200, discountType: 'flat', discountValue: 50 }) })
    ).service;
    const b = (await rt.caller(shop.owner).services.createService({ service: form({ name: 'B', price: 900 }) })).service;
    const r = await rt.caller(shop.owner).merchants.updateMerchantServices({
      services: [
        { _id: a._id, active: false },
        { _id: b._id, price: 750, duration: 60 },
      ],
    });
    expect(r.services.map((s) => [s.name, s.active, s.price, s.duration])).toEqual([
      ['A', false, 200, 45],
      ['B', true, 750, 60],
    ]);
    const m = await rt.deps.db.selectFrom('merchants').select('min_price').where('id', '=', shop.id).executeTakeFirstOrThrow();
    expect(Number(m.min_price)).toBe(675); // ₹750 less the form's 10% discount
    await expect(
      rt.caller(shop.owner).merchants.updateMerchantServices({
        services: [
          { _id: b._id, price: 10 },
          { _id: a._id, price: 40 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'services.1.price: Flat discount cannot exceed price.' });
    expect((await rt.caller(shop.owner).merchants.getMerchantServices({})).services.find((s) => s._id === b._id)!.price).toBe(750);
    await expect(
      rt.caller(salon.owner).merchants.updateMerchantServices({ services: [{ _id: a._id, active: true }] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(salon.owner).merchants.getMerchantServices({ merchantId: shop.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('keeps amenities from the list of 8, normalising their spelling', async () => {
    const r = await rt.caller(salon.owner).merchants.updateAmenities({ amenities: ['free wifi', 'Parking', 'Parking'] });
    expect(r.amenities).toEqual(['Free WiFi', 'Parking']);
    expect((await rt.caller(salon.owner).merchants.getAmenities({})).amenities).toEqual(['Free WiFi', 'Parking']);
    await expect(rt.caller(salon.owner).merchants.updateAmenities({ amenities: ['Swimming Pool'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^amenities\.0: Choose amenities from/),
    });
    await expect(rt.caller(other.owner).merchants.getAmenities({ merchantId: salon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('stores pricing charts and validates their prices', async () => {
    const charts = [
      {
        title: 'Bridal',
        items: [
          { name: 'Full bridal', price: 15000 },
          { name: 'Trial', price: 2500.5, note: 'Adjusted on the day' },
        ],
      },
    ];
    expect((await rt.caller(salon.owner).merchants.updatePricingCharts({ pricingCharts: charts })).pricingCharts).toEqual(charts);
    expect((await rt.caller(salon.owner).merchants.getPricingCharts({})).pricingCharts).toEqual(charts);
    await expect(
      rt.caller(salon.owner).merchants.updatePricingCharts({ pricingCharts: [{ title: 'X', items: [{ name: 'Y', price: -1 }] }] }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'pricingCharts.0.items.0.price: Price cannot be negative.' });
    await expect(rt.caller(other.owner).merchants.getPricingCharts({ merchantId: salon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('admin catalogue', () => {
  it('creates, reads, updates and deletes catalogue categories; merchants cannot', async () => {
    const created = await rt.caller(admin).categories.createCategory({ name: 'Waxing', shopCategory: ['beautyParlour'], icon: 'droplet' });
    expect(created.category).toMatchObject({ name: 'Waxing', shopCategory: ['beautyParlour'], icon: 'droplet', image: null });
    const id = created.category._id;
    expect((await rt.caller().categories.getCategoryById({ id })).category.name).toBe('Waxing');
    const updated = await rt.caller(admin).categories.updateCategory({ id, name: 'Body Waxing', image: '/images/wax.svg' });
    expect(updated.category).toMatchObject({ name: 'Body Waxing', image: '/images/wax.svg' });
    await expect(rt.caller(salon.owner).categories.createCategory({ name: 'Nope', shopCategory: 'salon' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller(salon.owner).categories.deleteCategory({ id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(admin).categories.createCategory({ name: 'Body Waxing', shopCategory: 'beautyParlour' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect((await rt.caller(admin).categories.deleteCategory({ id })).message).toBe('Category deleted successfully.');
    await expect(rt.caller().categories.getCategoryById({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses deleting a catalogue category salons list services under', async () => {
    await expect(rt.caller(admin).categories.deleteCategory({ id: hair })).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});
