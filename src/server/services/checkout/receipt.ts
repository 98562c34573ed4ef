import type { z } from 'zod';
import { PAYMENT_LABELS } from '../../../shared/checkout.js';
import { DAILY_MESSAGE_LIMIT, indiaDay } from '../../../shared/consent.js';
import { longDate } from '../../../shared/dates.js';
import { formatINR } from '../../../shared/money.js';
import type { ReceiptWire, receiptInput, receiptsInput, sendReceiptInput } from '../../../shared/schemas/checkout.js';
import { pagingOf } from '../../../shared/schemas/paging.js';
import type { Executor } from '../../db/executor.js';
import * as repo from '../../db/repositories/checkout.js';
import { takeMessageAllowance } from '../../db/repositories/crm.js';
import * as packagesRepo from '../../db/repositories/packages.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { queueMessage } from '../../messaging/index.js';
import { toE164 } from '../auth/otp.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

/* A checkout's receipt: as the wire carries it, the salon's list, and sent to the customer. */

const n = (v: number | string) => Number(v);

type Parts = Awaited<ReturnType<typeof repo.checkoutParts>> & {
  sold: Awaited<ReturnType<typeof packagesRepo.holdingsOfCheckout>>;
  redeemed: Awaited<ReturnType<typeof packagesRepo.redemptionsOfCheckout>>;
};

async function partsOf(db: Executor, checkoutId: string): Promise<Parts> {
  const [parts, sold, redeemed] = await Promise.all([
    repo.checkoutParts(db, checkoutId),
    packagesRepo.holdingsOfCheckout(db, checkoutId),
    packagesRepo.redemptionsOfCheckout(db, checkoutId),
  ]);
  return { ...parts, sold, redeemed };
}

function toWire(c: repo.CheckoutRow, parts: Parts): ReceiptWire {
  return {
    _id: c.id,
    receiptNumber: c.receipt_number,
    documentKind: c.document_kind,
    issuedAt: iso(c.created_at),
    bookingId: c.booking_id,
    customer: { name: c.customer_name, phone: c.customer_phone, email: c.customer_email },
    supplier: { name: c.supplier_name, gstin: c.supplier_gstin, state: c.supplier_state, address: c.supplier_address },
    placeOfSupply: c.place_of_supply,
    lines: parts.lines.map((l) => ({
      kind: l.kind,
      name: l.name,
      code: l.code,
      quantity: l.quantity,
      unitPrice: n(l.unit_price),
      gross: n(l.gross),
      discount: n(l.discount),
      gstRate: n(l.gst_rate),
      taxable: n(l.taxable),
      cgst: n(l.cgst),
      sgst: n(l.sgst),
      total: Math.round((n(l.gross) - n(l.discount)) * 100) / 100,
      staffName: l.staff_name,
    })),
    gross: n(c.gross),
    discount: n(c.discount),
    discountReason: c.discount_reason,
    taxable: n(c.taxable),
    cgst: n(c.cgst),
    sgst: n(c.sgst),
    total: n(c.total),
    tips: parts.tips.map((t) => ({ staffId: t.staff_id, staffName: t.name, amount: n(t.amount) })),
    tipsTotal: n(c.tips),
    amountDue: n(c.amount_due),
    payments: parts.payments.map((p) => ({ method: p.method, amount: n(p.amount), reference: p.reference })),
    holdings: [
      ...parts.sold.map((h) => ({
        holdingId: h.id,
        kind: h.kind,
        name: h.name,
        code: h.code,
        use: 'sold' as const,
        sessions: 0,
        amount: 0,
      })),
      ...parts.redeemed.map((r) => ({
        holdingId: r.holding_id,
        kind: r.holding_kind,
        name: r.name,
        code: r.code,
        use: 'redeemed' as const,
        sessions: -r.sessions_change,
        amount: -r.amount_paise / 100,
      })),
    ],
  };
}

/** The receipt of this salon, or 404 (another salon's receipt is unknown here). */
export async function loadReceipt(db: Executor, merchantId: string, id: string): Promise<ReceiptWire> {
  const c = await repo.findCheckout(db, merchantId, id);
  if (!c) throw notFound('Receipt');
  return toWire(c, await partsOf(db, c.id));
}

export async function getReceipt(deps: AppDeps, actor: Actor, input: z.output<typeof receiptInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return { receipt: await loadReceipt(deps.db, merchantId, input.receiptId) };
}

/** The receipt for the PDF download: its salon's owner or an admin. */
export async function receiptForActor(deps: AppDeps, actor: Actor, id: string): Promise<ReceiptWire> {
  if (actor.role !== 'merchant' && actor.role !== 'admin') throw notFound('Receipt');
  const c = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findCheckoutById(deps.db, id) : undefined;
  if (!c || (actor.role !== 'admin' && c.merchant_id !== actor.id)) throw notFound('Receipt');
  return toWire(c, await partsOf(deps.db, c.id));
}

export async function listReceipts(deps: AppDeps, actor: Actor, input: z.output<typeof receiptsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const { rows, total } = await repo.listCheckouts(deps.db, merchantId, { limit: input.limit, offset: (input.page - 1) * input.limit });
  return {
    paging: pagingOf(input.page, input.limit, total),
    receipts: rows.map((c) => ({
      _id: c.id,
      receiptNumber: c.receipt_number,
      documentKind: c.document_kind,
      issuedAt: iso(c.created_at),
      bookingId: c.booking_id,
      customer: { name: c.customer_name, phone: c.customer_phone, email: c.customer_email },
      total: n(c.total),
      amountDue: n(c.amount_due),
    })),
  };
}

/** The receipt as a message: the bill line by line, the tax, tips and how it was paid. */
export function receiptText(r: ReceiptWire): string {
  const title = r.documentKind === 'tax_invoice' ? 'Tax invoice' : 'Bill of supply';
  const lines = r.lines.map((l) => `${l.quantity > 1 ? `${l.quantity} × ` : ''}${l.name}: ${formatINR(l.gross, { paise: true })}`);
  const tax =
    r.documentKind === 'tax_invoice'
      ? [
          `Taxable value ${formatINR(r.taxable, { paise: true })}, CGST ${formatINR(r.cgst, { paise: true })}, SGST ${formatINR(r.sgst, { paise: true })}`,
        ]
      : [];
  return [
    `${r.supplier.name}: ${title} ${r.receiptNumber} of ${longDate(r.issuedAt)}`,
    ...(r.supplier.gstin ? [`GSTIN ${r.supplier.gstin}`] : []),
    '',
    ...lines,
    ...(r.discount > 0 ? [`Discount (${r.discountReason}): -${formatINR(r.discount, { paise: true })}`] : []),
    ...tax,
    `Total ${formatINR(r.total, { paise: true })}`,
    ...r.tips.map((t) => `Tip for ${t.staffName}: ${formatINR(t.amount, { paise: true })}`),
    `Paid: ${r.payments.map((p) => `${PAYMENT_LABELS[p.method]} ${formatINR(p.amount, { paise: true })}`).join(', ')}`,
    '',
    'Thank you for your visit.',
  ].join('\n');
}

/**
 * Sends the receipt by e-mail and/or WhatsApp through the outbox (transactional: it is about the
 * visit). To the receipt's own contact, or the address or number the desk types for a walk-in
 * who left none; each send counts against the salon's daily message limit.
 */
export async function sendReceipt(deps: AppDeps, actor: Actor, input: z.output<typeof sendReceiptInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const receipt = await loadReceipt(deps.db, merchantId, input.receiptId);
  const targets: { channel: 'email' | 'whatsapp'; to: string }[] = [];
  for (const channel of new Set(input.channels)) {
    if (channel === 'email') {
      const to = receipt.customer.email ?? input.email;
      if (!to) throw badRequest('email: the customer left no e-mail address; type one', 'email');
      targets.push({ channel, to });
    } else {
      const phone = receipt.customer.phone ?? input.phone;
      if (!phone) throw badRequest('phone: the customer left no mobile number; type one', 'phone');
      targets.push({ channel, to: toE164(phone) });
    }
  }
  const body = receiptText(receipt);
  const title = `${receipt.documentKind === 'tax_invoice' ? 'Tax invoice' : 'Bill'} ${receipt.receiptNumber} from ${receipt.supplier.name}`;
  await deps.db.transaction().execute(async (trx) => {
    const counted = await takeMessageAllowance(trx, merchantId, indiaDay(deps.now()), targets.length, DAILY_MESSAGE_LIMIT);
    if (counted === null)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Daily limit reached: a salon can send ${DAILY_MESSAGE_LIMIT} messages to customers per day (India time).`,
      );
    for (const t of targets)
      await queueMessage(trx, {
        channel: t.channel,
        to: t.to,
        subject: t.channel === 'email' ? title : null,
        body,
        merchantId,
        meta: { purpose: 'receipt', merchantId, receiptId: receipt._id },
      });
  });
  return { message: `Receipt ${receipt.receiptNumber} sent`, sent: targets };
}
