import type { Insertable } from 'kysely';
import type { z } from 'zod';
import {
  type BillLineIn,
  computeBill,
  PAYMENT_LABELS,
  receiptNumber,
  SALON_SERVICES_GST_RATE,
  SALON_SERVICES_SAC,
  toPaise,
} from '../../../shared/checkout.js';
import { financialYear } from '../../../shared/gst.js';
import { formatINR, round2 } from '../../../shared/money.js';
import { memberPricePaise, membershipCovers } from '../../../shared/packages.js';
import { bookingCommission, merchantMoveRefusal, servicePrice } from '../../../shared/policy.js';
import type { CheckoutOptions, checkoutInput, checkoutOptionsInput } from '../../../shared/schemas/checkout.js';
import type { Executor } from '../../db/executor.js';
import { findAccountById } from '../../db/repositories/accounts.js';
import { findBookingRow, updateBookingIfStatus } from '../../db/repositories/bookings.js';
import * as repo from '../../db/repositories/checkout.js';
import * as packagesRepo from '../../db/repositories/packages.js';
import { walletBalance } from '../../db/repositories/wallet.js';
import type { Booking, CheckoutLinesTable, StockMovementsTable } from '../../db/types.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { publishDeskChange } from '../../live/deskEvents.js';
import { afterMove } from '../bookings/merchant.js';
import { type Holding, holdingWires, issueHolding, redeem, usableHolding } from '../packages/holdings.js';
import { offerWires } from '../packages/offers.js';
import { shopOf } from '../scope.js';
import { appendWallet } from '../wallet/ledger.js';
import { toProductWire } from './products.js';
import { loadReceipt } from './receipt.js';

/*
 * The visit checkout (point of sale): a checked-in booking or a walk-in is billed (services,
 * products, a discount with its reason, tips per professional), paid in parts, and given a
 * receipt, all in one transaction (docs/checkout-and-stock.md). A booking completes here, so its
 * commission and the customer's points follow what its services were charged.
 */

type Input = z.output<typeof checkoutInput>;

/** Who the bill is for: the booking's customer (their account, or what the desk typed), or the walk-in. */
async function customerOf(db: Executor, booking: Booking | undefined, input: Input) {
  if (!booking) return { userId: null, name: input.walkIn!.name, phone: input.walkIn!.phone ?? null, email: input.walkIn!.email ?? null };
  const account = booking.user_id ? await findAccountById(db, booking.user_id) : undefined;
  if (account)
    return { userId: account.id, name: `${account.first_name} ${account.last_name}`.trim(), phone: account.phone, email: account.email };
  return { userId: null, name: booking.contact_name ?? 'Walk-in customer', phone: booking.contact_phone, email: booking.contact_email };
}

/** Why this booking cannot be checked out now, or null. */
function bookingRefusal(booking: Booking, now: Date): string | null {
  if (booking.status === 'completed') return 'bookingId: this booking has already been checked out';
  if (booking.status === 'upcoming') return 'bookingId: check the customer in first; only a checked-in booking is checked out';
  if (!merchantMoveRefusal(booking.status, 'completed', new Date(booking.starts_at), now)) return null;
  return booking.status === 'confirmed'
    ? 'bookingId: a booking cannot be checked out before its start time'
    : `bookingId: a booking that is ${booking.status === 'no_show' ? 'a no-show' : booking.status} cannot be checked out`;
}

interface Line extends BillLineIn {
  kind: 'service' | 'product' | 'package' | 'membership' | 'voucher';
  name: string;
  code: string;
  serviceId: string | null;
  productId: string | null;
  staffId: string | null;
  categoryId?: string | null;
  /** A holding this line sold (set once issued) or whose session covered it. */
  holdingId?: string | null;
  /** Covered by a package session: its price before (the ledger's value of the session). */
  coveredPaise?: number;
  /** A package, membership or voucher sold: its offer. */
  offerId?: string;
}

/** Quantities per product, sorted by id so two checkouts take their row locks in one order (no deadlock). */
function perProduct(items: { productId: string; quantity: number }[]): [string, number][] {
  const m = new Map<string, number>();
  for (const i of items) m.set(i.productId, (m.get(i.productId) ?? 0) + i.quantity);
  return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
}

export async function checkoutVisit(deps: AppDeps, actor: Actor, input: Input) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const { checkoutId, bookingDate } = await deps.db
    .transaction()
    .execute((trx) => recordCheckout(trx, { merchantId, actorId: actor.id, now: deps.now() }, input));
  if (bookingDate) publishDeskChange(deps.db, merchantId, [bookingDate]);
  return { receipt: await loadReceipt(deps.db, merchantId, checkoutId) };
}

/**
 * The checkout itself, in the caller's transaction (the desk's request, or the demo data): the
 * bill from the salon's own prices, the booking completed, stock taken, the receipt numbered, the
 * payments and the wallet debit written. Answers the receipt's id and the booking's day, if any.
 */
export async function recordCheckout(
  trx: Executor,
  by: { merchantId: string; actorId: string; now: Date },
  input: Input,
): Promise<{ checkoutId: string; bookingDate: string | null }> {
  const { merchantId, now } = by;
  const salon = await repo.findSalonForReceipt(trx, merchantId);
  let booking: Booking | undefined;
  if (input.bookingId) {
    booking = await findBookingRow(trx, input.bookingId);
    if (!booking || booking.merchant_id !== merchantId) throw notFound('Booking');
    const refusal = bookingRefusal(booking, now);
    // A second checkout of a booking is a conflict (409); any other refusal is the request's (400).
    if (refusal) throw booking.status === 'completed' ? conflict(refusal) : badRequest(refusal, 'bookingId');
  }

  // Everything the bill names must be this salon's: services, products, professionals.
  const staffIds = [...new Set([...input.services.map((s) => s.staffId), ...input.tips.map((t) => t.staffId)])];
  const staff = await repo.findSalonStaff(trx, merchantId, staffIds);
  if (staff.length !== staffIds.length) throw notFound('Staff member');
  const services = await repo.findSalonServices(trx, merchantId, [...new Set(input.services.map((s) => s.serviceId))]);
  const serviceById = new Map(services.map((s) => [s.id, s]));
  if (input.services.some((s) => !serviceById.has(s.serviceId))) throw notFound('Service');
  const soldAndUsed = perProduct([...input.products, ...input.usedInService]);
  const products = await repo.findProducts(
    trx,
    merchantId,
    soldAndUsed.map(([id]) => id),
  );
  const productById = new Map(products.map((p) => [p.id, p]));
  if (soldAndUsed.some(([id]) => !productById.has(id))) throw notFound('Product');
  const inactive = input.products.map((p) => productById.get(p.productId)!).find((p) => !p.active);
  if (inactive) throw badRequest(`products: ${inactive.name} is not on sale`, 'products');

  const lines: Line[] = [];
  if (booking) {
    for (const s of await repo.bookingServiceLines(trx, booking.id))
      lines.push({
        kind: 'service',
        name: s.service_name,
        code: SALON_SERVICES_SAC,
        serviceId: s.service_id,
        productId: null,
        staffId: booking.staff_id,
        unitPrice: Number(s.price),
        quantity: 1,
        gstRate: SALON_SERVICES_GST_RATE,
        categoryId: s.category_id,
      });
  }
  for (const s of input.services) {
    const svc = serviceById.get(s.serviceId)!;
    lines.push({
      kind: 'service',
      name: svc.name,
      code: SALON_SERVICES_SAC,
      serviceId: svc.id,
      productId: null,
      staffId: s.staffId,
      unitPrice: servicePrice({
        price: Number(svc.price),
        discountType: svc.discount_type as 'flat' | 'percentage' | null,
        discountValue: Number(svc.discount_value),
        discountActive: svc.discount_active,
      }),
      quantity: 1,
      gstRate: SALON_SERVICES_GST_RATE,
      categoryId: svc.category_id,
    });
  }
  for (const p of input.products) {
    const product = productById.get(p.productId)!;
    lines.push({
      kind: 'product',
      name: product.name,
      code: product.hsn,
      serviceId: null,
      productId: product.id,
      staffId: null,
      unitPrice: Number(product.price),
      quantity: p.quantity,
      gstRate: Number(product.gst_rate),
    });
  }
  // Packages, memberships and vouchers sold on this bill: salon services paid ahead (GST as services),
  // except a voucher, which is not a supply until it is spent on one (so no GST on selling it).
  const offers = await packagesRepo.findOffers(trx, merchantId, [...new Set(input.sell.map((x) => x.offerId))]);
  const offerById = new Map(offers.map((o) => [o.id, o]));
  for (const x of input.sell) {
    const offer = offerById.get(x.offerId);
    if (!offer) throw notFound('Offer');
    if (!offer.active) throw badRequest(`sell: ${offer.name} is not on sale`, 'sell');
    lines.push({
      kind: offer.kind,
      offerId: offer.id,
      name: offer.name,
      code: SALON_SERVICES_SAC,
      serviceId: null,
      productId: null,
      staffId: null,
      unitPrice: offer.price_paise / 100,
      quantity: 1,
      gstRate: offer.kind === 'voucher' ? 0 : SALON_SERVICES_GST_RATE,
    });
  }
  if (!lines.length) throw badRequest('services: add a service or a product to the bill', 'services');
  // Products sold in a visit done by one professional count as that professional's sales (staff pay).
  const professionals = new Set(lines.filter((l) => l.kind === 'service').map((l) => l.staffId));
  if (professionals.size === 1) for (const l of lines) if (l.kind === 'product') l.staffId = [...professionals][0];

  // The customer's own package sessions cover service lines (their price, already paid, comes off);
  // their membership prices the others. Another salon's holding is unknown (404), another
  // customer's is refused (403), an expired one is a 400.
  const customer = await customerOf(trx, booking, input);
  const held = new Map<string, Holding>();
  const holdingOf = async (id: string, field: string) => {
    if (!held.has(id)) held.set(id, await usableHolding(trx, id, { merchantId, accountId: customer.userId }, now, field));
    return held.get(id)!;
  };
  const sessionsTaken = new Map<string, { sessions: number; valuePaise: number; serviceId: string }>();
  for (const r of input.redeem) {
    const h = await holdingOf(r.holdingId, 'redeem');
    if (h.kind === 'voucher' || h.sessions_total === 0)
      throw badRequest(`redeem: ${h.name} has no sessions; a voucher is a payment part`, 'redeem');
    if (!h.service_ids.includes(r.serviceId)) throw badRequest(`redeem: ${h.name} does not cover this service`, 'redeem');
    const line = lines.find((l) => l.kind === 'service' && l.serviceId === r.serviceId && l.coveredPaise === undefined);
    if (!line) throw badRequest('redeem: that service is not on this bill (or is already covered by a session)', 'redeem');
    line.coveredPaise = toPaise(line.unitPrice);
    line.unitPrice = 0;
    line.holdingId = h.id;
    line.name = `${line.name} (session of ${h.name})`.slice(0, 200);
    const t = sessionsTaken.get(h.id) ?? { sessions: 0, valuePaise: 0, serviceId: r.serviceId };
    sessionsTaken.set(h.id, { sessions: t.sessions + 1, valuePaise: t.valuePaise + line.coveredPaise, serviceId: t.serviceId });
  }
  if (input.membershipId) {
    const m = await holdingOf(input.membershipId, 'membershipId');
    if (m.kind !== 'membership' || m.discount_percent <= 0) throw badRequest(`membershipId: ${m.name} gives no discount`, 'membershipId');
    for (const l of lines)
      if (l.kind === 'service' && l.coveredPaise === undefined && membershipCovers(m.category_ids, l.categoryId ?? null)) {
        l.unitPrice = memberPricePaise(toPaise(l.unitPrice), m.discount_percent) / 100;
        l.name = `${l.name} (member −${m.discount_percent}%)`.slice(0, 200);
      }
  }

  // A booking's own discount (its coupon) was promised when it was booked: it stays on the bill.
  const bookedDiscount = booking ? Number(booking.discount_amount) : 0;
  const deskDiscount = input.discount?.amount ?? 0;
  const grossPaise = lines.reduce((a, l) => a + toPaise(l.unitPrice) * l.quantity, 0);
  if (toPaise(bookedDiscount + deskDiscount) > grossPaise)
    throw badRequest(`discount.amount: more than the bill (${formatINR(grossPaise / 100)})`, 'discount.amount');
  const tipsTotal = round2(input.tips.reduce((a, t) => a + t.amount, 0));
  const gstRegistered = !!salon.gstin;
  const bill = computeBill(lines, round2(bookedDiscount + deskDiscount), tipsTotal, gstRegistered);

  // What was prepaid online counts as paid; the parts the desk takes must make up the rest exactly.
  const prepaid = booking ? Number(booking.amount_paid) : 0;
  const taken = round2(input.payments.reduce((a, p) => a + p.amount, 0));
  if (prepaid > bill.amountDue)
    throw badRequest(
      `discount.amount: the customer prepaid ${formatINR(prepaid)} online; the bill cannot come to less (${formatINR(bill.amountDue)})`,
      'discount.amount',
    );
  if (toPaise(taken) !== toPaise(bill.amountDue - prepaid))
    throw badRequest(
      `payments: the parts add up to ${formatINR(taken, { paise: true })} but ${formatINR(bill.amountDue - prepaid, { paise: true })} is due${prepaid ? ` (after ${formatINR(prepaid)} prepaid)` : ''}`,
      'payments',
    );

  const walletPaid = round2(input.payments.filter((p) => p.method === 'wallet').reduce((a, p) => a + p.amount, 0));
  if (walletPaid > 0 && !customer.userId)
    throw badRequest('payments: only a customer with a GlowBook account (a booking made in the app) can pay from a wallet', 'payments');

  // The booking completes first: its row lock makes a second checkout of it wait, then find it completed.
  let updated: Booking | undefined;
  if (booking) {
    const servicePaise = bill.lines.reduce((a, l, i) => a + (lines[i].kind === 'service' ? toPaise(l.total) : 0), 0);
    const serviceGross = bill.lines.reduce((a, l, i) => a + (lines[i].kind === 'service' ? toPaise(l.gross) : 0), 0);
    const charged = servicePaise / 100;
    const split = bookingCommission(charged);
    updated = await updateBookingIfStatus(trx, booking.id, ['confirmed'], {
      status: 'completed',
      payment_received: true,
      completed_at: now,
      // The booking's money is what its services were charged at checkout (docs/checkout-and-stock.md).
      subtotal: serviceGross / 100,
      discount_amount: (serviceGross - servicePaise) / 100,
      total_price: charged,
      commission: split.commission,
      merchant_earning: split.merchantEarning,
    });
    if (!updated) throw conflict('bookingId: this booking has just been checked out or changed; please reload it');
  }

  // Stock: each product once, in id order, only while enough is on the shelf.
  const sold = new Map(perProduct(input.products));
  const used = new Map(perProduct(input.usedInService));
  const after = new Map<string, number>();
  for (const [productId, quantity] of soldAndUsed) {
    const row = await repo.takeStock(trx, merchantId, productId, quantity);
    if (!row) {
      const p = productById.get(productId)!;
      const left = (await repo.findProduct(trx, merchantId, productId))?.stock ?? 0;
      throw conflict(`products: only ${left} of ${p.name} left in stock (${quantity} needed)`);
    }
    after.set(productId, row.stock);
  }

  // Salon vouchers are the bearer's: the desk found them by their code.
  const vouchers = new Map<string, number>();
  const voucherCodes = new Map<string, string | null>();
  for (const p of input.payments)
    if (p.method === 'voucher') {
      const v = await usableHolding(trx, p.holdingId!, { merchantId, accountId: customer.userId, bearer: true }, now, 'payments');
      if (v.kind !== 'voucher') throw badRequest(`payments: ${v.name} is not a voucher`, 'payments');
      voucherCodes.set(v.id, v.code);
      vouchers.set(v.id, (vouchers.get(v.id) ?? 0) + toPaise(p.amount));
    }
  // Each holding is spent once per checkout (a unique ledger row), in id order so two checkouts
  // never deadlock; one conditional UPDATE each, so the last session or rupee goes to one of them.
  const takes = [
    ...[...sessionsTaken].map(([holdingId, t]) => ({
      holdingId,
      sessions: t.sessions,
      paise: 0,
      valuePaise: t.valuePaise,
      serviceId: t.serviceId,
    })),
    ...[...vouchers].map(([holdingId, paise]) => ({ holdingId, sessions: 0, paise, valuePaise: paise, serviceId: null })),
  ].sort((a, b) => (a.holdingId < b.holdingId ? -1 : 1));
  const kind = gstRegistered ? 'tax_invoice' : 'bill_of_supply';
  const fy = financialYear(now);
  // Last of the locks it takes: the salon's counter row serialises its checkouts only for the inserts below.
  const sequence = await repo.nextReceiptSequence(trx, merchantId, kind, fy);
  const address = [salon.address, [salon.city, salon.postal_code].filter(Boolean).join(' ')].filter((s) => s?.trim()).join(', ');
  const reasons = [bookedDiscount > 0 ? 'Booking offer' : null, input.discount?.reason ?? null].filter(Boolean).join('; ');
  const checkout = await repo.insertCheckout(trx, {
    merchant_id: merchantId,
    booking_id: booking?.id ?? null,
    user_id: customer.userId,
    customer_name: customer.name.slice(0, 100) || 'Customer',
    customer_phone: customer.phone,
    customer_email: customer.email,
    document_kind: kind,
    financial_year: fy,
    sequence,
    receipt_number: receiptNumber(kind, fy, sequence),
    supplier_name: salon.shop_name,
    supplier_gstin: salon.gstin,
    supplier_state: salon.state,
    supplier_address: address,
    place_of_supply: salon.state,
    gross: bill.gross,
    discount: bill.discount,
    discount_reason: bill.discount > 0 ? reasons : null,
    taxable: bill.taxable,
    cgst: bill.cgst,
    sgst: bill.sgst,
    total: bill.total,
    tips: bill.tips,
    amount_due: bill.amountDue,
    created_by: by.actorId,
    created_at: now,
  });
  for (const t of takes) await redeem(trx, { ...t, checkoutId: checkout.id }, now, t.paise ? 'payments' : 'redeem');
  for (const l of lines)
    if (l.kind === 'package' || l.kind === 'membership' || l.kind === 'voucher') {
      const offer = offerById.get(l.offerId!)!;
      l.holdingId = (await issueHolding(trx, offer, { accountId: customer.userId, soldVia: 'checkout', checkoutId: checkout.id, now })).id;
    }
  const lineRows: Insertable<CheckoutLinesTable>[] = lines.map((l, i) => ({
    checkout_id: checkout.id,
    position: i,
    kind: l.kind,
    service_id: l.serviceId,
    product_id: l.productId,
    staff_id: l.staffId,
    name: l.name,
    code: l.code,
    quantity: l.quantity,
    unit_price: l.unitPrice,
    gross: bill.lines[i].gross,
    discount: bill.lines[i].discount,
    gst_rate: gstRegistered ? l.gstRate : 0,
    taxable: bill.lines[i].taxable,
    cgst: bill.lines[i].cgst,
    sgst: bill.lines[i].sgst,
    holding_id: l.holdingId ?? null,
  }));
  await repo.insertCheckoutParts(trx, {
    lines: lineRows,
    tips: input.tips.map((t) => ({ checkout_id: checkout.id, staff_id: t.staffId, amount: t.amount })),
    payments: [
      ...(prepaid > 0 ? [{ checkout_id: checkout.id, method: 'prepaid' as const, amount: prepaid, reference: null }] : []),
      ...input.payments.map((p) => ({
        checkout_id: checkout.id,
        method: p.method,
        amount: p.amount,
        reference: p.method === 'voucher' ? (p.reference ?? voucherCodes.get(p.holdingId!) ?? null) : (p.reference ?? null),
      })),
    ],
  });
  const movements: Insertable<StockMovementsTable>[] = [];
  for (const [productId] of soldAndUsed) {
    // Sold first, then used: each row's stock-after runs on from the one before it.
    let stock = after.get(productId)! + (sold.get(productId) ?? 0) + (used.get(productId) ?? 0);
    for (const [k, q] of [
      ['sale', sold.get(productId)],
      ['used_in_service', used.get(productId)],
    ] as const) {
      if (!q) continue;
      stock -= q;
      movements.push({
        merchant_id: merchantId,
        product_id: productId,
        kind: k,
        change: -q,
        stock_after: stock,
        reason: null,
        checkout_id: checkout.id,
        actor_id: by.actorId,
        created_at: now,
      });
    }
  }
  await repo.insertStockMovements(trx, movements);

  if (walletPaid > 0)
    await appendWallet(
      trx,
      {
        accountId: customer.userId!,
        amount: -walletPaid,
        kind: 'visit_payment',
        bookingId: booking?.id ?? null,
        description: `${PAYMENT_LABELS.wallet} payment at ${salon.shop_name} (${checkout.receipt_number})`,
      },
      'payments',
    );
  // Commission ledger, the salon's figures, points on what was charged, the customer's notice.
  if (updated) await afterMove(trx, updated, merchantId);
  return { checkoutId: checkout.id, bookingDate: updated?.booking_date ?? null };
}

/** The checkout screen's catalogue, team and the booking to bill (with why it cannot be, if so). */
export async function checkoutOptions(deps: AppDeps, actor: Actor, input: z.output<typeof checkoutOptionsInput>): Promise<CheckoutOptions> {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const [salon, services, staff, products, offers] = await Promise.all([
    repo.findSalonForReceipt(deps.db, merchantId),
    repo.findSalonServices(deps.db, merchantId),
    repo.findSalonStaff(deps.db, merchantId),
    repo.listProducts(deps.db, merchantId, { activeOnly: true }),
    packagesRepo.listOffers(deps.db, merchantId, true),
  ]);
  let booking: CheckoutOptions['booking'] = null;
  if (input.bookingId) {
    const row = await findBookingRow(deps.db, input.bookingId);
    if (!row || row.merchant_id !== merchantId) throw notFound('Booking');
    const account = row.user_id ? await findAccountById(deps.db, row.user_id) : undefined;
    const lines = await repo.bookingServiceLines(deps.db, row.id);
    const done = await repo.findCheckoutOfBooking(deps.db, row.id);
    const member = staff.find((s) => s.id === row.staff_id) ?? (await repo.staffNames(deps.db, [row.staff_id]))[0];
    booking = {
      _id: row.id,
      status: row.status,
      customerName: account ? `${account.first_name} ${account.last_name}`.trim() : (row.contact_name ?? 'Walk-in customer'),
      customerPhone: account ? account.phone : row.contact_phone,
      customerEmail: account ? account.email : row.contact_email,
      hasAccount: !!account,
      walletBalance: account ? await walletBalance(deps.db, account.id) : null,
      staffId: row.staff_id,
      staffName: member?.name ?? '',
      bookingDate: row.booking_date,
      bookingTime: row.booking_time,
      services: lines.map((l) => ({ serviceId: l.service_id, name: l.service_name, price: Number(l.price), categoryId: l.category_id })),
      holdings: account
        ? (await holdingWires(deps.db, await packagesRepo.listAccountHoldings(deps.db, account.id, merchantId), deps.now())).filter(
            (h) => h.state === 'active',
          )
        : [],
      bookedDiscount: Number(row.discount_amount),
      prepaid: Number(row.amount_paid),
      receiptId: done?.id ?? null,
      refusal: bookingRefusal(row, deps.now()),
    };
  }
  return {
    gstRegistered: !!salon.gstin,
    services: services.map((s) => ({
      _id: s.id,
      name: s.name,
      price: servicePrice({
        price: Number(s.price),
        discountType: s.discount_type as 'flat' | 'percentage' | null,
        discountValue: Number(s.discount_value),
        discountActive: s.discount_active,
      }),
      categoryId: s.category_id,
    })),
    offers: await offerWires(deps.db, offers),
    staff: staff.map((s) => ({ _id: s.id, name: s.name })),
    products: products.map(toProductWire),
    booking,
  };
}
