import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReceiptPdf } from '../../src/server/services/checkout/receiptPdf.js';
import { appendWallet } from '../../src/server/services/wallet/ledger.js';
import { computeBill } from '../../src/shared/checkout.js';
import { demoGstin } from '../../src/shared/gstin.js';
import { createCustomer, createSalon, createService, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { pdfText } from '../helpers/pdfText.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function salonWith(opts: { gst?: boolean } = {}) {
  const salon = await createSalon(rt);
  if (opts.gst)
    await rt.deps.db
      .updateTable('merchants')
      .set({ gstin: demoGstin('Maharashtra') })
      .where('id', '=', salon.id)
      .execute();
  const staffId = await createStaff(rt, salon.id, { name: 'Asha' });
  const serviceId = await createService(rt, salon.id, { name: 'Blow dry', price: 600 });
  const { product } = await rt
    .caller(salon.owner)
    .merchants.createProduct({ name: 'Argan oil', hsn: '3305', price: 590, gstRate: 18, lowStockAt: 2, openingStock: 5 });
  return { salon, staffId, serviceId, productId: product._id };
}

async function checkedIn(salon: SalonFixture, staffId: string, opts: { prepaid?: boolean; price?: number } = {}) {
  const customer = await createCustomer(rt);
  const bookingId = await insertBookingRow(rt, {
    userId: customer.id,
    merchantId: salon.id,
    staffId,
    startsAt: minutesAgo(20),
    status: 'confirmed',
    price: opts.price ?? 500,
    prepaid: opts.prepaid,
  });
  return { customer, bookingId };
}

describe(`visit checkout (${DB_KIND})`, () => {
  it('bills a checked-in booking with a product, UPI + cash: one tax invoice, stock down, booking completed on what was charged', async () => {
    const { salon, staffId, productId } = await salonWith({ gst: true });
    const { customer, bookingId } = await checkedIn(salon, staffId);
    const { receipt } = await rt.caller(salon.owner).merchants.checkoutVisit({
      bookingId,
      products: [{ productId, quantity: 2 }],
      discount: { amount: 100, reason: 'Regular client' },
      tips: [{ staffId, amount: 50 }],
      payments: [
        { method: 'upi', amount: 1000, reference: 'UPI123' },
        { method: 'cash', amount: 630 },
      ],
    });
    expect(receipt.documentKind).toBe('tax_invoice');
    expect(receipt.receiptNumber).toMatch(/^TI\/\d{2}-\d{2}\/000001$/);
    expect(receipt.supplier.gstin).toBe(demoGstin('Maharashtra'));
    // 500 (service) + 2 × 590 = 1680, less 100 = 1580; the tip makes 1630 paid.
    expect(receipt).toMatchObject({ gross: 1680, discount: 100, total: 1580, tipsTotal: 50, amountDue: 1630 });
    expect(receipt.lines.map((l) => [l.kind, l.code, l.quantity])).toEqual([
      ['service', '9997', 1],
      ['product', '3305', 2],
    ]);
    expect(receipt.taxable + receipt.cgst + receipt.sgst).toBeCloseTo(1580, 2);
    expect(receipt.cgst).toBe(receipt.sgst);

    const product = await rt.deps.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(product.stock).toBe(3);
    const booking = await rt.deps.db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow();
    // The service's share of the discount: 100 × 500/1680 = 29.76 → charged 470.24.
    const serviceLine = receipt.lines[0];
    expect(booking.status).toBe('completed');
    expect(Number(booking.total_price)).toBeCloseTo(serviceLine.total, 2);
    expect(Number(booking.commission)).toBeCloseTo(Math.round(serviceLine.total * 10) / 100, 2);
    const ledger = await rt.deps.db
      .selectFrom('commission_ledger')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(Number(ledger.gross_amount)).toBeCloseTo(serviceLine.total, 2);
    const points = await rt.deps.db.selectFrom('loyalty_ledger').selectAll().where('booking_id', '=', bookingId).execute();
    expect(points.length).toBeLessThanOrEqual(1);
    expect(points.every((p) => p.account_id === customer.id)).toBe(true);

    const moves = await rt.caller(salon.owner).merchants.getStockMovements({ productId });
    expect(moves.movements.map((m) => [m.kind, m.change, m.stockAfter, m.receiptNumber])).toEqual([
      ['sale', -2, 3, receipt.receiptNumber],
      ['adjustment', 5, 5, null],
    ]);

    const pdf = pdfText(await renderReceiptPdf(receipt));
    expect(pdf).toContain('TAX INVOICE');
    expect(pdf).toContain(receipt.receiptNumber);
    expect(pdf).toContain('3305');
    expect(pdf).toContain('9997');
  });

  it('a salon without a GSTIN issues a bill of supply with no tax, its own series', async () => {
    const { salon, staffId, serviceId } = await salonWith();
    const { receipt } = await rt.caller(salon.owner).merchants.checkoutVisit({
      walkIn: { name: 'Meera Walk-in', phone: '9812345678' },
      services: [{ serviceId, staffId }],
      payments: [{ method: 'card', amount: 600 }],
    });
    expect(receipt).toMatchObject({ documentKind: 'bill_of_supply', cgst: 0, sgst: 0, taxable: 600, total: 600, bookingId: null });
    expect(receipt.receiptNumber).toMatch(/^BS\/\d{2}-\d{2}\/000001$/);
    expect(pdfText(await renderReceiptPdf(receipt))).toContain('BILL OF SUPPLY');

    // Sent through the outbox: to the number the walk-in gave, and to an address typed at the desk.
    await expect(rt.caller(salon.owner).merchants.sendReceipt({ receiptId: receipt._id, channels: ['email'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^email: /),
    });
    const sent = await rt
      .caller(salon.owner)
      .merchants.sendReceipt({ receiptId: receipt._id, channels: ['email', 'whatsapp'], email: 'meera@example.in' });
    expect(sent.sent).toEqual([
      { channel: 'email', to: 'meera@example.in' },
      { channel: 'whatsapp', to: '+919812345678' },
    ]);
    const outbox = await rt.deps.db.selectFrom('outbox_messages').select(['channel', 'body']).where('merchant_id', '=', salon.id).execute();
    expect(outbox).toHaveLength(2);
    for (const m of outbox) expect(m.body).toContain(receipt.receiptNumber);
  });

  it('refuses hostile input: another salon’s ids, negative or zero quantities, a split that does not add up, a double checkout', async () => {
    const a = await salonWith();
    const b = await salonWith();
    const { bookingId } = await checkedIn(a.salon, a.staffId);
    const asA = rt.caller(a.salon.owner);
    const pay = [{ method: 'cash' as const, amount: 500 }];
    // Another salon's booking, product, service, professional.
    await expect(
      asA.merchants.checkoutVisit({ bookingId: (await checkedIn(b.salon, b.staffId)).bookingId, payments: pay }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      asA.merchants.checkoutVisit({
        bookingId,
        products: [{ productId: b.productId, quantity: 1 }],
        payments: [{ method: 'cash', amount: 1090 }],
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    await expect(
      asA.merchants.checkoutVisit({
        bookingId,
        services: [{ serviceId: b.serviceId, staffId: a.staffId }],
        payments: [{ method: 'cash', amount: 1100 }],
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      asA.merchants.checkoutVisit({ bookingId, tips: [{ staffId: b.staffId, amount: 10 }], payments: [{ method: 'cash', amount: 510 }] }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // A customer is not a salon; a payload naming another salon is refused before anything is read.
    const customer = await createCustomer(rt);
    await expect(rt.caller(customer).merchants.checkoutVisit({ bookingId, payments: pay })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(customer).merchants.getProducts({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      rt.caller(a.salon.owner).merchants.checkoutVisit({ merchantId: b.salon.id, bookingId, payments: pay }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    // Quantities, amounts and the split.
    await expect(
      asA.merchants.checkoutVisit({ bookingId, products: [{ productId: a.productId, quantity: -1 }], payments: pay }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^products\.0\.quantity: /),
    });
    await expect(
      asA.merchants.checkoutVisit({ bookingId, products: [{ productId: a.productId, quantity: 0 }], payments: pay }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(asA.merchants.checkoutVisit({ bookingId, payments: [{ method: 'cash', amount: -500 }] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^payments\.0\.amount: /),
    });
    await expect(
      asA.merchants.checkoutVisit({
        bookingId,
        payments: [
          { method: 'cash', amount: 200 },
          { method: 'upi', amount: 200 },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^payments: the parts add up to ₹400.00 but ₹500.00 is due/),
    });
    await expect(
      asA.merchants.checkoutVisit({ bookingId, discount: { amount: 50, reason: '' }, payments: [{ method: 'cash', amount: 450 }] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^discount\.reason: /),
    });
    await expect(
      asA.merchants.checkoutVisit({ bookingId, discount: { amount: 900, reason: 'Too much' }, payments: [] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^discount\.amount: more than the bill/),
    });
    await expect(asA.merchants.checkoutVisit({ walkIn: { name: 'X' }, bookingId, payments: pay })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingId: /),
    });
    await expect(
      asA.merchants.checkoutVisit({
        walkIn: { name: 'No account' },
        services: [{ serviceId: a.serviceId, staffId: a.staffId }],
        payments: [{ method: 'wallet', amount: 600 }],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^payments: only a customer with a GlowBook account/) });
    // Nothing above changed the stock or the booking.
    expect((await rt.deps.db.selectFrom('products').select('stock').where('id', '=', a.productId).executeTakeFirstOrThrow()).stock).toBe(5);

    const first = await asA.merchants.checkoutVisit({ bookingId, payments: pay });
    await expect(asA.merchants.checkoutVisit({ bookingId, payments: pay })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'bookingId: this booking has already been checked out',
    });
    // Another salon cannot read, send or download it.
    await expect(rt.caller(b.salon.owner).merchants.getReceipt({ receiptId: first.receipt._id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      rt.caller(b.salon.owner).merchants.sendReceipt({ receiptId: first.receipt._id, channels: ['email'] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a booking that is not checked in, or not started, and selling more than the shelf holds', async () => {
    const { salon, staffId, productId } = await salonWith();
    const customer = await createCustomer(rt);
    const upcoming = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId,
      startsAt: minutesAgo(10),
      status: 'upcoming',
    });
    const later = await insertBookingRow(rt, {
      userId: customer.id,
      merchantId: salon.id,
      staffId,
      startsAt: new Date(Date.now() + 3 * 3600_000),
      status: 'confirmed',
    });
    const pay = [{ method: 'cash' as const, amount: 500 }];
    await expect(rt.caller(salon.owner).merchants.checkoutVisit({ bookingId: upcoming, payments: pay })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingId: check the customer in first/),
    });
    await expect(rt.caller(salon.owner).merchants.checkoutVisit({ bookingId: later, payments: pay })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'bookingId: a booking cannot be checked out before its start time',
    });
    const { bookingId } = await checkedIn(salon, await createStaff(rt, salon.id));
    await expect(
      rt.caller(salon.owner).merchants.checkoutVisit({
        bookingId,
        products: [{ productId, quantity: 4 }],
        usedInService: [{ productId, quantity: 2 }],
        payments: [{ method: 'cash', amount: 500 + 4 * 590 }],
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'products: only 5 of Argan oil left in stock (6 needed)' });
    const booking = await rt.deps.db.selectFrom('bookings').select('status').where('id', '=', bookingId).executeTakeFirstOrThrow();
    expect(booking.status).toBe('confirmed');
  });

  it('a prepaid booking counts its prepayment; the rest may come from the wallet, once', async () => {
    const { salon, staffId, serviceId } = await salonWith();
    const { customer, bookingId } = await checkedIn(salon, staffId, { prepaid: true });
    await rt.deps.db
      .transaction()
      .execute((trx) =>
        appendWallet(trx, { accountId: customer.id, amount: 1000, kind: 'adjustment', description: 'Top-up for the test' }),
      );
    const { receipt } = await rt.caller(salon.owner).merchants.checkoutVisit({
      bookingId,
      services: [{ serviceId, staffId }],
      payments: [{ method: 'wallet', amount: 600 }],
    });
    expect(receipt.payments).toEqual([
      { method: 'prepaid', amount: 500, reference: null },
      { method: 'wallet', amount: 600, reference: null },
    ]);
    const wallet = await rt.deps.db
      .selectFrom('wallet_ledger')
      .selectAll()
      .where('account_id', '=', customer.id)
      .orderBy('id', 'desc')
      .execute();
    expect(wallet[0]).toMatchObject({ kind: 'visit_payment', booking_id: bookingId });
    expect(Number(wallet[0].balance_after)).toBe(400);
    const booking = await rt.deps.db.selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow();
    // Both services were charged: the booking's money is now 1100 and its commission 10% of it.
    expect(Number(booking.total_price)).toBe(1100);
    expect(Number(booking.commission)).toBe(110);
  });

  it('products: validated, private to the salon, adjusted with a reason and never below zero; low-stock list', async () => {
    const { salon, productId } = await salonWith();
    const other = await createSalon(rt);
    const owner = rt.caller(salon.owner);
    await expect(
      owner.merchants.createProduct({ name: 'Bad', hsn: '12', price: 10, gstRate: 18, lowStockAt: 1, openingStock: 0 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^hsn: /),
    });
    await expect(
      owner.merchants.createProduct({ name: 'Bad', hsn: '3305', price: 10, gstRate: 7, lowStockAt: 1, openingStock: 0 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^gstRate: /),
    });
    await expect(
      owner.merchants.createProduct({ name: 'argan OIL', hsn: '3305', price: 10, gstRate: 18, lowStockAt: 1, openingStock: 0 }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(rt.caller(other.owner).merchants.adjustStock({ productId, change: 5, reason: 'Delivery' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(rt.caller(other.owner).merchants.updateProduct({ productId, price: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(owner.merchants.adjustStock({ productId, change: -6, reason: 'Stock-take' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'change: only 5 of Argan oil in stock; it cannot go below zero',
    });
    await expect(owner.merchants.adjustStock({ productId, change: -1, reason: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const { product } = await owner.merchants.adjustStock({ productId, change: -3, reason: 'Broken bottles' });
    expect(product).toMatchObject({ stock: 2, lowStock: true });
    expect((await owner.merchants.getProducts({ lowStockOnly: true })).products.map((p) => p._id)).toEqual([productId]);
    expect((await rt.caller(other.owner).merchants.getProducts({})).products).toEqual([]);
  });

  it('computeBill shares a discount to the paisa and takes GST out of inclusive prices', () => {
    const bill = computeBill(
      [
        { unitPrice: 333.33, quantity: 1, gstRate: 18 },
        { unitPrice: 99.99, quantity: 3, gstRate: 5 },
      ],
      10.01,
      0,
      true,
    );
    expect(bill.lines.reduce((a, l) => a + Math.round(l.discount * 100), 0)).toBe(1001);
    for (const l of bill.lines) expect(Math.round((l.taxable + l.cgst + l.sgst) * 100)).toBe(Math.round(l.total * 100));
    expect(bill.total).toBe(Math.round((333.33 + 299.97 - 10.01) * 100) / 100);
  });
});
