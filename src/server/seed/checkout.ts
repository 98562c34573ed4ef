import { servicePrice } from '../../shared/policy.js';
import type { Db } from '../db/index.js';
import { insertProduct, insertStockMovements } from '../db/repositories/checkout.js';
import { recordCheckout } from '../services/checkout/visit.js';

const DAY = 86_400_000;

/** The demo salon's shelf: hair, skin and nail care at GST-inclusive prices; the serum is running low. */
const PRODUCTS = [
  { name: 'Argan Repair Shampoo 250 ml', hsn: '3305', price: 650, gst_rate: 18, stock: 14, low_stock_at: 4 },
  { name: 'Keratin Smooth Conditioner 200 ml', hsn: '3305', price: 720, gst_rate: 18, stock: 9, low_stock_at: 4 },
  { name: 'Anti-frizz Hair Serum 100 ml', hsn: '3305', price: 890, gst_rate: 18, stock: 2, low_stock_at: 3 },
  { name: 'Vitamin C Face Serum 30 ml', hsn: '3304', price: 1150, gst_rate: 18, stock: 7, low_stock_at: 2 },
  { name: 'Cuticle Oil 15 ml', hsn: '3304', price: 350, gst_rate: 18, stock: 20, low_stock_at: 5 },
  { name: 'Wide-tooth Comb', hsn: '9615', price: 180, gst_rate: 12, stock: 25, low_stock_at: 5 },
];

/**
 * Products and stock for the salon merchant@demo.in owns, and a walk-in checkout two days ago
 * written through the checkout itself (bill, stock, numbered receipt, split payment), so the
 * Products, Checkout and Receipt screens show real rows.
 */
export async function seedCheckout(db: Db, now: Date = new Date()): Promise<void> {
  const owner = await db.selectFrom('accounts').select('id').where('email', '=', 'merchant@demo.in').executeTakeFirst();
  if (!owner) return;
  const [staff, service] = await Promise.all([
    db
      .selectFrom('staff')
      .select('id')
      .where('merchant_id', '=', owner.id)
      .where('archived_at', 'is', null)
      .orderBy('name')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('services')
      .select(['id', 'price', 'discount_type', 'discount_value', 'discount_active'])
      .where('merchant_id', '=', owner.id)
      .where('active', '=', true)
      .orderBy('price')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const opened = new Date(now.getTime() - 30 * DAY);
  await db.transaction().execute(async (trx) => {
    const products = [];
    for (const p of PRODUCTS) {
      // The shampoo's opening count was one more: the walk-in below bought one.
      const opening = p.stock + (p === PRODUCTS[0] && staff && service ? 1 : 0);
      const row = await insertProduct(trx, { merchant_id: owner.id, ...p, stock: opening, created_at: opened });
      products.push(row);
      await insertStockMovements(trx, [
        {
          merchant_id: owner.id,
          product_id: row.id,
          kind: 'adjustment',
          change: opening,
          stock_after: opening,
          reason: 'Opening stock',
          actor_id: owner.id,
          created_at: opened,
        },
      ]);
    }
    if (!staff || !service) return;
    const servicePaid = servicePrice({
      price: Number(service.price),
      discountType: service.discount_type as 'flat' | 'percentage' | null,
      discountValue: Number(service.discount_value),
      discountActive: service.discount_active,
    });
    const due = servicePaid + PRODUCTS[0].price + 100;
    await recordCheckout(
      trx,
      { merchantId: owner.id, actorId: owner.id, now: new Date(now.getTime() - 2 * DAY) },
      {
        walkIn: { name: 'Ritu Deshpande', phone: '9822012345' },
        services: [{ serviceId: service.id, staffId: staff.id }],
        products: [{ productId: products[0].id, quantity: 1 }],
        usedInService: [],
        sell: [],
        redeem: [],
        tips: [{ staffId: staff.id, amount: 100 }],
        // UPI for all but ₹200, which was paid in cash.
        payments: [
          { method: 'upi', amount: due - 200, reference: 'UPI/DEMO/4471' },
          { method: 'cash', amount: 200 },
        ],
      },
    );
  });
}
