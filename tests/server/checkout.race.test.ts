import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createSalon, createService, createStaff, insertBookingRow } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * On PostgreSQL these checkouts really run at once (a pool of connections): stock, receipt numbers
 * and a booking's one checkout must hold there, not only on PGlite's one connection.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
});
afterAll(async () => {
  await rt.close();
});

async function shop(stock: number) {
  const salon = await createSalon(rt);
  const staffId = await createStaff(rt, salon.id);
  const serviceId = await createService(rt, salon.id, { name: 'Trim', price: 300 });
  const { product } = await rt
    .caller(salon.owner)
    .merchants.createProduct({ name: 'Serum', hsn: '3305', price: 450, gstRate: 18, lowStockAt: 1, openingStock: stock });
  return { salon, staffId, serviceId, productId: product._id };
}

const settle = <T>(n: number, f: (i: number) => Promise<T>) => Promise.allSettled(Array.from({ length: n }, (_, i) => f(i)));
const refused = (rs: PromiseSettledResult<unknown>[]) => rs.filter((r): r is PromiseRejectedResult => r.status === 'rejected');

describe(`checkout under concurrency (${DB_KIND})`, () => {
  it('8 walk-ins buy the last unit at once: exactly one sale, 7 × 409, stock 0 and one movement', async () => {
    const s = await shop(1);
    const results = await settle(8, (i) =>
      rt.caller(s.salon.owner).merchants.checkoutVisit({
        walkIn: { name: `Buyer ${i}` },
        products: [{ productId: s.productId, quantity: 1 }],
        payments: [{ method: 'cash', amount: 450 }],
      }),
    );
    const lost = refused(results);
    expect(results.length - lost.length).toBe(1);
    for (const r of lost)
      expect(r.reason).toMatchObject({ code: 'CONFLICT', message: 'products: only 0 of Serum left in stock (1 needed)' });
    const product = await rt.deps.db.selectFrom('products').select('stock').where('id', '=', s.productId).executeTakeFirstOrThrow();
    expect(product.stock).toBe(0);
    const sales = await rt.deps.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', s.productId)
      .where('kind', '=', 'sale')
      .execute();
    expect(sales.map((m) => m.stock_after)).toEqual([0]);
  });

  it('12 checkouts at once, a third rolled back after taking a number: the series stays gap-free', async () => {
    const s = await shop(0);
    await sql`create function refuse_doomed_checkouts() returns trigger language plpgsql as $$
      begin if new.customer_name like 'Doomed%' then raise exception 'disk full'; end if; return new; end $$`.execute(rt.deps.db);
    await sql`create trigger refuse_doomed after insert on checkouts for each row execute function refuse_doomed_checkouts()`.execute(
      rt.deps.db,
    );
    try {
      const results = await settle(12, (i) =>
        rt.caller(s.salon.owner).merchants.checkoutVisit({
          walkIn: { name: i % 3 === 0 ? `Doomed ${i}` : `Client ${i}` },
          services: [{ serviceId: s.serviceId, staffId: s.staffId }],
          payments: [{ method: 'upi', amount: 300 }],
        }),
      );
      expect(refused(results)).toHaveLength(4);
    } finally {
      await sql`drop trigger refuse_doomed on checkouts`.execute(rt.deps.db);
      await sql`drop function refuse_doomed_checkouts()`.execute(rt.deps.db);
    }
    const rows = await rt.deps.db
      .selectFrom('checkouts')
      .select(['sequence', 'receipt_number'])
      .where('merchant_id', '=', s.salon.id)
      .orderBy('sequence')
      .execute();
    expect(rows.map((r) => r.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(rows.map((r) => r.receipt_number)).size).toBe(8);
  });

  it('one booking checked out 6 times at once: one receipt, one commission row, stock taken once', async () => {
    const s = await shop(10);
    const customer = await createCustomer(rt);
    const bookingId = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: s.salon.id,
      staffId: s.staffId,
      startsAt: new Date(Date.now() - 15 * 60_000),
      status: 'confirmed',
    });
    const results = await settle(6, () =>
      rt.caller(s.salon.owner).merchants.checkoutVisit({
        bookingId,
        products: [{ productId: s.productId, quantity: 2 }],
        payments: [{ method: 'cash', amount: 1400 }],
      }),
    );
    const lost = refused(results);
    expect(results.length - lost.length).toBe(1);
    for (const r of lost) expect(r.reason).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/^bookingId: /) });
    const [checkouts, ledger, product] = await Promise.all([
      rt.deps.db.selectFrom('checkouts').select('id').where('booking_id', '=', bookingId).execute(),
      rt.deps.db.selectFrom('commission_ledger').select('id').where('booking_id', '=', bookingId).execute(),
      rt.deps.db.selectFrom('products').select('stock').where('id', '=', s.productId).executeTakeFirstOrThrow(),
    ]);
    expect(checkouts).toHaveLength(1);
    expect(ledger).toHaveLength(1);
    expect(product.stock).toBe(8);
  });
});
