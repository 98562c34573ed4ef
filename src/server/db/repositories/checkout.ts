import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../executor.js';
import type { CheckoutLinesTable, CheckoutsTable, ProductsTable, StockMovementsTable } from '../types.js';

/* Products, their stock ledger, and visit checkouts with their receipt numbers (services/checkout). */

export type ProductRow = Selectable<ProductsTable>;
export type CheckoutRow = Selectable<CheckoutsTable>;

export function insertProduct(db: Executor, values: Insertable<ProductsTable>) {
  return db.insertInto('products').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes a product of this salon; undefined when it is not the salon's. */
export function updateProduct(db: Executor, merchantId: string, productId: string, values: Updateable<ProductsTable>) {
  return db
    .updateTable('products')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', productId)
    .where('merchant_id', '=', merchantId)
    .returningAll()
    .executeTakeFirst();
}

export function findProduct(db: Executor, merchantId: string, productId: string) {
  return db.selectFrom('products').selectAll().where('id', '=', productId).where('merchant_id', '=', merchantId).executeTakeFirst();
}

/** The salon's products by name; `lowStockOnly`: active ones at or under their low-stock level, emptiest first. */
export function listProducts(db: Executor, merchantId: string, opts: { lowStockOnly?: boolean; activeOnly?: boolean } = {}) {
  let q = db.selectFrom('products').selectAll().where('merchant_id', '=', merchantId);
  if (opts.activeOnly || opts.lowStockOnly) q = q.where('active', '=', true);
  if (opts.lowStockOnly) return q.whereRef('stock', '<=', 'low_stock_at').orderBy('stock').orderBy('name').execute();
  return q.orderBy(sql`lower(name)`).execute();
}

export function findProducts(db: Executor, merchantId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where('merchant_id', '=', merchantId).where('id', 'in', ids).execute();
}

/**
 * Takes `quantity` off a product's stock only while that many are there: one statement, so the
 * row lock orders concurrent sales and the second sale of the last unit changes nothing (answers
 * undefined). Adding stock (a negative quantity) always applies.
 */
export function takeStock(db: Executor, merchantId: string, productId: string, quantity: number) {
  return db
    .updateTable('products')
    .set({ stock: sql<number>`stock - ${quantity}`, updated_at: sql<Date>`now()` })
    .where('id', '=', productId)
    .where('merchant_id', '=', merchantId)
    .where('stock', '>=', quantity)
    .returning(['id', 'name', 'stock'])
    .executeTakeFirst();
}

export async function insertStockMovements(db: Executor, rows: Insertable<StockMovementsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('stock_movements').values(rows).execute();
}

/** The salon's products for its list, a page at a time (low stock first when only those are asked for). */
export async function pageProducts(db: Executor, merchantId: string, opts: { lowStockOnly?: boolean; limit: number; offset: number }) {
  let q = db.selectFrom('products').where('merchant_id', '=', merchantId);
  if (opts.lowStockOnly) q = q.where('active', '=', true).whereRef('stock', '<=', 'low_stock_at');
  const ordered = opts.lowStockOnly ? q.selectAll().orderBy('stock').orderBy('name') : q.selectAll().orderBy(sql`lower(name)`);
  const [rows, count] = await Promise.all([
    ordered.orderBy('id').limit(opts.limit).offset(opts.offset).execute(),
    q.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function listStockMovements(db: Executor, productId: string, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('stock_movements as m')
      .leftJoin('checkouts as c', 'c.id', 'm.checkout_id')
      .select(['m.id', 'm.kind', 'm.change', 'm.stock_after', 'm.reason', 'm.checkout_id', 'm.created_at', 'c.receipt_number'])
      .where('m.product_id', '=', productId)
      .orderBy('m.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('stock_movements')
      .where('product_id', '=', productId)
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The salon's active services with their list prices, for lines added at the desk. */
export function findSalonServices(db: Executor, merchantId: string, ids?: string[]) {
  let q = db
    .selectFrom('services')
    .select(['id', 'name', 'price', 'discount_type', 'discount_value', 'discount_active', 'category_id'])
    .where('merchant_id', '=', merchantId)
    .where('active', '=', true);
  if (ids) {
    if (!ids.length) return Promise.resolve([]);
    q = q.where('id', 'in', ids);
  }
  return q.orderBy('name').execute();
}

/** The salon's current team (not archived). */
export function findSalonStaff(db: Executor, merchantId: string, ids?: string[]) {
  let q = db.selectFrom('staff').select(['id', 'name']).where('merchant_id', '=', merchantId).where('archived_at', 'is', null);
  if (ids) {
    if (!ids.length) return Promise.resolve([]);
    q = q.where('id', 'in', ids);
  }
  return q.orderBy('name').execute();
}

export function staffNames(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('staff').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** What a receipt prints of its salon. */
export function findSalonForReceipt(db: Executor, merchantId: string) {
  return db
    .selectFrom('merchants')
    .select(['id', 'shop_name', 'gstin', 'address', 'city', 'postal_code', 'state', 'phone', 'email'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
}

/** The booking's services as booked (its lines on the bill). */
export function bookingServiceLines(db: Executor, bookingId: string) {
  return db
    .selectFrom('booking_services as bs')
    .leftJoin('services as s', 's.id', 'bs.service_id')
    .select(['bs.service_id', 'bs.service_name', 'bs.price', 's.category_id'])
    .where('bs.booking_id', '=', bookingId)
    .orderBy('bs.position')
    .execute();
}

/**
 * The next receipt number of the salon's series for the financial year, from the counter row the
 * statement locks until the caller's transaction ends: numbers come out in order, and a checkout
 * that rolls back takes its number back with it (gap-free, never reused).
 */
export async function nextReceiptSequence(
  db: Executor,
  merchantId: string,
  kind: 'tax_invoice' | 'bill_of_supply',
  financialYear: string,
): Promise<number> {
  const { rows } = await sql<{ last_number: number }>`
    insert into receipt_counters as c (merchant_id, document_kind, financial_year, last_number)
    values (${merchantId}, ${kind}, ${financialYear}, 1)
    on conflict (merchant_id, document_kind, financial_year) do update set last_number = c.last_number + 1
    returning last_number`.execute(db);
  return rows[0].last_number;
}

export function insertCheckout(db: Executor, values: Insertable<CheckoutsTable>) {
  return db.insertInto('checkouts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertCheckoutParts(
  db: Executor,
  parts: {
    lines: Insertable<CheckoutLinesTable>[];
    tips: { checkout_id: string; staff_id: string; amount: number }[];
    payments: {
      checkout_id: string;
      method: 'cash' | 'upi' | 'card' | 'wallet' | 'prepaid' | 'voucher';
      amount: number;
      reference: string | null;
    }[];
  },
): Promise<void> {
  if (parts.lines.length) await db.insertInto('checkout_lines').values(parts.lines).execute();
  if (parts.tips.length) await db.insertInto('checkout_tips').values(parts.tips).execute();
  if (parts.payments.length) await db.insertInto('checkout_payments').values(parts.payments).execute();
}

export function findCheckout(db: Executor, merchantId: string, id: string) {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId).executeTakeFirst();
}

export function findCheckoutOfBooking(db: Executor, bookingId: string) {
  return db.selectFrom('checkouts').select(['id', 'receipt_number']).where('booking_id', '=', bookingId).executeTakeFirst();
}

export async function checkoutParts(db: Executor, checkoutId: string) {
  const [lines, tips, payments] = await Promise.all([
    db
      .selectFrom('checkout_lines as l')
      .leftJoin('staff as s', 's.id', 'l.staff_id')
      .selectAll('l')
      .select('s.name as staff_name')
      .where('l.checkout_id', '=', checkoutId)
      .orderBy('l.position')
      .execute(),
    db
      .selectFrom('checkout_tips as t')
      .innerJoin('staff as s', 's.id', 't.staff_id')
      .select(['t.staff_id', 't.amount', 's.name'])
      .where('t.checkout_id', '=', checkoutId)
      .orderBy('s.name')
      .execute(),
    db.selectFrom('checkout_payments').selectAll().where('checkout_id', '=', checkoutId).orderBy('id').execute(),
  ]);
  return { lines, tips, payments };
}

export async function listCheckouts(db: Executor, merchantId: string, page: { limit: number; offset: number }) {
  const mine = db.selectFrom('checkouts').where('merchant_id', '=', merchantId);
  const [rows, count] = await Promise.all([
    mine.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    mine.select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findCheckoutById(db: Executor, id: string) {
  return db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}
