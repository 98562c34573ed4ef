import type { z } from 'zod';
import type {
  adjustStockInput,
  createProductInput,
  ProductWire,
  productsInput,
  stockMovementsInput,
  updateProductInput,
} from '../../../shared/schemas/checkout.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import * as repo from '../../db/repositories/checkout.js';
import type { Actor, AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

/* A salon's retail products and their stock: every change of stock is a movement row (docs/checkout-and-stock.md). */

export function toProductWire(p: repo.ProductRow): ProductWire {
  return {
    _id: p.id,
    name: p.name,
    hsn: p.hsn,
    price: Number(p.price),
    gstRate: Number(p.gst_rate),
    stock: p.stock,
    lowStockAt: p.low_stock_at,
    lowStock: p.active && p.stock <= p.low_stock_at,
    active: p.active,
  };
}

/** A second product of the same name in one salon (the unique index) is a 409 naming the field. */
function sameName(err: unknown): never {
  if ((err as { code?: string })?.code === '23505') throw conflict('name: the salon already has a product of this name');
  throw err;
}

export async function listProducts(deps: AppDeps, actor: Actor, input: z.output<typeof productsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const { rows, total } = await repo.pageProducts(deps.db, merchantId, {
    lowStockOnly: input.lowStockOnly,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return { products: rows.map(toProductWire), paging: pagingOf(input.page, input.limit, total) };
}

/** A new product; its opening stock is the first movement of its ledger. */
export async function createProduct(deps: AppDeps, actor: Actor, input: z.output<typeof createProductInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const product = await deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await repo.insertProduct(trx, {
        merchant_id: merchantId,
        name: input.name,
        hsn: input.hsn,
        price: input.price,
        gst_rate: input.gstRate,
        low_stock_at: input.lowStockAt,
        stock: input.openingStock,
      });
      if (input.openingStock > 0)
        await repo.insertStockMovements(trx, [
          {
            merchant_id: merchantId,
            product_id: row.id,
            kind: 'adjustment',
            change: input.openingStock,
            stock_after: input.openingStock,
            reason: 'Opening stock',
            actor_id: actor.id,
          },
        ]);
      return row;
    })
    .catch(sameName);
  return { product: toProductWire(product) };
}

/** Name, HSN, price, GST rate, low-stock level, on sale or not. Stock changes only through adjustStock and sales. */
export async function updateProduct(deps: AppDeps, actor: Actor, input: z.output<typeof updateProductInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const row = await repo
    .updateProduct(deps.db, merchantId, input.productId, {
      name: input.name,
      hsn: input.hsn,
      price: input.price,
      gst_rate: input.gstRate,
      low_stock_at: input.lowStockAt,
      active: input.active,
    })
    .catch(sameName);
  if (!row) throw notFound('Product');
  return { product: toProductWire(row) };
}

/**
 * A counted change of stock (a delivery, breakage, a stock-take) with its reason. A decrease is
 * the same conditional update as a sale, so it can never take the stock below zero.
 */
export async function adjustStock(deps: AppDeps, actor: Actor, input: z.output<typeof adjustStockInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const product = await deps.db.transaction().execute(async (trx) => {
    const existing = await repo.findProduct(trx, merchantId, input.productId);
    if (!existing) throw notFound('Product');
    const taken = await repo.takeStock(trx, merchantId, input.productId, -input.change);
    if (!taken) {
      const now = await repo.findProduct(trx, merchantId, input.productId);
      throw conflict(`change: only ${now?.stock ?? 0} of ${existing.name} in stock; it cannot go below zero`);
    }
    await repo.insertStockMovements(trx, [
      {
        merchant_id: merchantId,
        product_id: input.productId,
        kind: 'adjustment',
        change: input.change,
        stock_after: taken.stock,
        reason: input.reason,
        actor_id: actor.id,
      },
    ]);
    return (await repo.findProduct(trx, merchantId, input.productId))!;
  });
  return { product: toProductWire(product) };
}

export async function stockMovements(deps: AppDeps, actor: Actor, input: z.output<typeof stockMovementsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const product = await repo.findProduct(deps.db, merchantId, input.productId);
  if (!product) throw notFound('Product');
  const { rows, total } = await repo.listStockMovements(deps.db, product.id, {
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return {
    product: toProductWire(product),
    paging: pagingOf(input.page, input.limit, total),
    movements: rows.map((m) => ({
      _id: String(m.id),
      kind: m.kind,
      change: m.change,
      stockAfter: m.stock_after,
      reason: m.reason,
      receiptId: m.checkout_id,
      receiptNumber: m.receipt_number,
      createdAt: iso(m.created_at),
    })),
  };
}
