import type { z } from 'zod';
import { round2 } from '../../../shared/money.js';
import type { PayStatement, payStatementInput, StaffPayWire, StatementLine, setStaffPayInput } from '../../../shared/schemas/staffPay.js';
import * as repo from '../../db/repositories/staffPay.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { shopOf } from '../scope.js';
import { ownStaffId } from './members.js';

const n = (v: string | number | null | undefined) => Number(v ?? 0);

/** Every professional's pay settings, and the salon's service categories. */
export async function listStaffPay(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await shopOf(deps.db, actor, merchantId);
  const [staff, categories] = await Promise.all([repo.listStaffPay(deps.db, shop), repo.salonCategories(deps.db, shop)]);
  const rates = await repo.categoryRates(
    deps.db,
    shop,
    staff.map((s) => s.id),
  );
  return {
    staff: staff.map(
      (s): StaffPayWire => ({
        staffId: s.id,
        staffName: s.name,
        serviceRate: n(s.service_rate),
        productRate: n(s.product_rate),
        baseMonthly: n(s.base_monthly),
        categoryRates: rates
          .filter((r) => r.staff_id === s.id)
          .map((r) => ({ categoryId: r.category_id, categoryName: r.name, rate: n(r.rate) })),
      }),
    ),
    categories: categories.map((c) => ({ _id: c.id, name: c.name })),
  };
}

/** Replaces a professional's rates in one transaction, under the staff row's lock. */
export async function setStaffPay(deps: AppDeps, actor: Actor, input: z.output<typeof setStaffPayInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.lockStaff(trx, merchantId, input.staffId))) throw notFound('Staff member');
    const ids = input.categoryRates.map((r) => r.categoryId);
    const known = new Set((await repo.categoriesExist(trx, ids)).map((c) => c.id));
    const missing = input.categoryRates.findIndex((r) => !known.has(r.categoryId));
    if (missing >= 0) throw badRequest(`categoryRates.${missing}.categoryId: no such category`, `categoryRates.${missing}.categoryId`);
    await repo.savePay(
      trx,
      {
        merchant_id: merchantId,
        staff_id: input.staffId,
        service_rate: input.serviceRate,
        product_rate: input.productRate,
        base_monthly: input.baseMonthly,
      },
      input.categoryRates.map((r) => ({ category_id: r.categoryId, rate: r.rate })),
    );
  });
  const { staff } = await listStaffPay(deps, actor, merchantId);
  return { pay: staff.find((s) => s.staffId === input.staffId)! };
}

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The monthly base for a period: each calendar month's base in proportion to the days of it the
 * period covers (a whole month is the whole base).
 */
export function baseForPeriod(baseMonthly: number, from: string, to: string): number {
  if (!baseMonthly) return 0;
  let total = 0;
  let [y, m] = from.split('-').map(Number);
  for (;;) {
    const dim = daysInMonth(y, m);
    const mm = String(m).padStart(2, '0');
    const first = `${y}-${mm}-01`;
    const last = `${y}-${mm}-${String(dim).padStart(2, '0')}`;
    const start = from > first ? from : first;
    const end = to < last ? to : last;
    if (start <= end) total += (baseMonthly * ((Date.parse(end) - Date.parse(start)) / 86_400_000 + 1)) / dim;
    if (last >= to) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return round2(total);
}

/**
 * A professional's pay statement for a period of Indian dates: each service done and product sold
 * (from completed checkouts: the line's taxable value, what was actually charged without GST) with
 * its commission at today's rate (the service's category rate, else the service rate; the product
 * rate), the tips they were given, and the base for the period. The owner reads anyone's; a
 * professional only their own (ownStaffId).
 */
export async function payStatement(deps: AppDeps, actor: Actor, input: z.output<typeof payStatementInput>): Promise<PayStatement> {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const staffId = ownStaffId(actor, input.staffId)!;
  const { staff } = await listStaffPay(deps, actor, merchantId);
  const pay = staff.find((s) => s.staffId === staffId);
  if (!pay) throw notFound('Staff member');
  const [rows, tipRows, shop] = await Promise.all([
    repo.statementLines(deps.db, merchantId, staffId, input.from, input.to),
    repo.statementTips(deps.db, merchantId, staffId, input.from, input.to),
    repo.shopName(deps.db, merchantId),
  ]);
  const byCategory = new Map(pay.categoryRates.map((r) => [r.categoryId, r.rate]));
  const lines: StatementLine[] = rows.map((r) => {
    const charged = n(r.taxable);
    const rate = r.kind === 'product' ? pay.productRate : ((r.category_id ? byCategory.get(r.category_id) : undefined) ?? pay.serviceRate);
    return {
      kind: r.kind as 'service' | 'product',
      date: r.day,
      receiptNumber: r.receipt_number,
      checkoutId: r.checkout_id,
      name: r.name,
      category: r.category_name ?? null,
      quantity: r.quantity,
      charged,
      rate,
      commission: round2((charged * rate) / 100),
    };
  });
  const tips = tipRows.map((t) => ({ date: t.day, receiptNumber: t.receipt_number, checkoutId: t.checkout_id, amount: n(t.amount) }));
  const sum = (xs: number[]) => round2(xs.reduce((a, b) => a + b, 0));
  const services = lines.filter((l) => l.kind === 'service');
  const products = lines.filter((l) => l.kind === 'product');
  const totals = {
    services: sum(services.map((l) => l.charged)),
    serviceCommission: sum(services.map((l) => l.commission)),
    products: sum(products.map((l) => l.charged)),
    productCommission: sum(products.map((l) => l.commission)),
    tips: sum(tips.map((t) => t.amount)),
    base: baseForPeriod(pay.baseMonthly, input.from, input.to),
    total: 0,
  };
  totals.total = round2(totals.serviceCommission + totals.productCommission + totals.tips + totals.base);
  return {
    staffId,
    staffName: pay.staffName,
    shopName: shop?.shop_name ?? '',
    from: input.from,
    to: input.to,
    lines,
    tips,
    totals,
  };
}
