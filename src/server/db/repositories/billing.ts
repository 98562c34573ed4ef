import { type Insertable, sql, type Updateable } from 'kysely';
import type { Executor } from '../executor.js';
import type { CreditNotesTable, InvoicesTable, PaymentAttemptsTable, SubscriptionsTable } from '../types.js';

/** An invoice, locked until the caller's transaction ends (credit notes against it wait). */
export function lockInvoice(db: Executor, id: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The taxable value credit notes have already taken off an invoice. */
export async function creditedBase(db: Executor, invoiceId: string): Promise<number> {
  const r = await db
    .selectFrom('credit_notes')
    .select(sql<number>`coalesce(sum(base_amount), 0)::float8`.as('n'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A credit note with what its refund needs (the payment it refunds), locked for the refund's transaction. */
export function lockCreditNoteForRefund(db: Executor, id: string) {
  return db
    .selectFrom('credit_notes as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .select([
      'c.id',
      'c.number',
      'c.merchant_id',
      'c.total',
      'c.refund_status',
      'i.number as invoice_number',
      'i.payment_reference',
      'i.gateway',
    ])
    .where('c.id', '=', id)
    .forUpdate(['c'])
    .executeTakeFirst();
}

/** Records the refund's state, only while it is still queued (a late retry never overwrites the outcome). */
export function settleRefund(
  db: Executor,
  id: string,
  values: Pick<Updateable<CreditNotesTable>, 'refund_status' | 'refund_reference' | 'refund_error'>,
) {
  return db
    .updateTable('credit_notes')
    .set(values)
    .where('id', '=', id)
    .where('refund_status', '=', 'queued')
    .returning(['id', 'merchant_id', 'number', 'total'])
    .executeTakeFirst();
}

/** A salon's subscription as plan rules read it (entitlements.ts). */
export function findSubscriptionPlan(db: Executor, merchantId: string) {
  return db
    .selectFrom('subscriptions')
    .select(['plan', 'status', 'scheduled_plan', 'current_period_end'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** Staff members on the team: every current (not deleted) member who is not Inactive. */
export async function countStaffOnTeam(db: Executor, merchantId: string, exceptStaffId?: string): Promise<number> {
  let q = db
    .selectFrom('staff')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('merchant_id', '=', merchantId)
    .where('archived_at', 'is', null)
    .where('status', '<>', 'Inactive');
  if (exceptStaffId) q = q.where('id', '<>', exceptStaffId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/* Subscriptions */

/** A salon's subscription; `lock` holds its row until the caller's transaction ends (renewals and plan changes wait). */
export function findSubscription(db: Executor, merchantId: string, opts: { lock?: boolean } = {}) {
  const q = db.selectFrom('subscriptions').selectAll().where('merchant_id', '=', merchantId);
  return (opts.lock ? q.forUpdate() : q).executeTakeFirst();
}

/** The day a salon's current period ends, if it has a subscription. */
export function findSubscriptionPeriodEnd(db: Executor, merchantId: string) {
  return db.selectFrom('subscriptions').select('current_period_end').where('merchant_id', '=', merchantId).executeTakeFirst();
}

/** Creates the salon's subscription, or (it has one) sets `onConflict` on it. */
export async function upsertSubscription(
  db: Executor,
  values: Insertable<SubscriptionsTable>,
  onConflict: Updateable<SubscriptionsTable>,
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values(values)
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...onConflict, updated_at: new Date() }))
    .execute();
}

export async function updateSubscription(db: Executor, merchantId: string, values: Updateable<SubscriptionsTable>): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ ...values, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .execute();
}

/** Drops an active subscription's scheduled change; undefined when there was none. */
export function dropScheduledChange(db: Executor, merchantId: string) {
  return db
    .updateTable('subscriptions')
    .set({ scheduled_plan: null, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'active')
    .where('scheduled_plan', 'is not', null)
    .returning(['plan', 'current_period_end'])
    .executeTakeFirst();
}

/** Ends an active subscription (expired or cancelled) and its scheduled change; undefined when none was active. */
export function endActiveSubscription(db: Executor, merchantId: string, status: 'expired' | 'cancelled') {
  return db
    .updateTable('subscriptions')
    .set({ status, scheduled_plan: null, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();
}

/* The salon as billing sees it */

/** What invoices and billing e-mails need of a salon: its name, address, state, GSTIN and addresses. */
export function findSalonBilling(db: Executor, merchantId: string) {
  return db
    .selectFrom('merchants as m')
    .innerJoin('accounts as a', 'a.id', 'm.id')
    .select(['m.state', 'm.shop_name', 'm.address', 'm.city', 'm.postal_code', 'm.email', 'm.gstin', 'm.phone', 'a.email as account_email'])
    .where('m.id', '=', merchantId)
    .executeTakeFirstOrThrow();
}

/** A salon's state, its row locked until the caller's transaction ends (a GSTIN is checked against it). */
export function lockSalonState(db: Executor, merchantId: string) {
  return db.selectFrom('merchants').select('state').where('id', '=', merchantId).forUpdate().executeTakeFirstOrThrow();
}

export async function setSalonGstin(db: Executor, merchantId: string, gstin: string | null): Promise<void> {
  await db.updateTable('merchants').set({ gstin, updated_at: new Date() }).where('id', '=', merchantId).execute();
}

/** Takes a salon's sponsored listing (and its promotion message) away, if it has one. */
export async function dropSponsoredListing(db: Executor, merchantId: string): Promise<void> {
  await db
    .updateTable('merchants')
    .set({ is_sponsored: false, promotion_message: null, updated_at: new Date() })
    .where('id', '=', merchantId)
    .where('is_sponsored', '=', true)
    .execute();
}

/* Invoices and credit notes */

/**
 * The next number of the financial year in a series, from the counter row the statement locks:
 * the lock is held until the caller's transaction ends, so numbers come out in order, and a
 * transaction that rolls back takes its number back with it (no gaps, never reused).
 */
export async function nextDocumentNumber(db: Executor, series: 'invoice' | 'credit_note', financialYear: string): Promise<number> {
  const counter = series === 'invoice' ? sql.table('invoice_counters') : sql.table('credit_note_counters');
  const { rows } = await sql<{ last_number: number }>`
    insert into ${counter} as c (financial_year, last_number) values (${financialYear}, 1)
    on conflict (financial_year) do update set last_number = c.last_number + 1
    returning last_number`.execute(db);
  return rows[0].last_number;
}

export function insertInvoice(db: Executor, values: Insertable<InvoicesTable>) {
  return db.insertInto('invoices').values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertCreditNote(db: Executor, values: Insertable<CreditNotesTable>) {
  return db.insertInto('credit_notes').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findInvoice(db: Executor, id: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The invoice a payment attempt was fulfilled with (one per attempt). */
export function findInvoiceOfAttempt(db: Executor, attemptId: string) {
  return db.selectFrom('invoices').selectAll().where('payment_attempt_id', '=', attemptId).executeTakeFirstOrThrow();
}

/** The latest paid invoice for a plan's period ending on `periodEnd`. */
export function findPaidPeriodInvoice(db: Executor, merchantId: string, plan: string, periodEnd: string) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('plan', '=', plan)
    .where('period_end', '=', periodEnd)
    .where('status', '=', 'paid')
    .orderBy('issued_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function listInvoices(db: Executor, merchantId: string, limit: number) {
  return db.selectFrom('invoices').selectAll().where('merchant_id', '=', merchantId).orderBy('issued_at', 'desc').limit(limit).execute();
}

/** A salon's credit notes, newest first, each with the number of the invoice it is against. */
export function listCreditNotes(db: Executor, merchantId: string, limit: number) {
  return db
    .selectFrom('credit_notes as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .selectAll('c')
    .select('i.number as invoice_number')
    .where('c.merchant_id', '=', merchantId)
    .orderBy('c.issued_at', 'desc')
    .limit(limit)
    .execute();
}

/** A credit note with the invoice it is against (number and date), as printed. */
export function findCreditNoteWithInvoice(db: Executor, id: string) {
  return db
    .selectFrom('credit_notes as c')
    .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
    .selectAll('c')
    .select(['i.number as invoice_number', 'i.issued_at as invoice_issued_at'])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** The latest invoices of all salons, each with its salon's name, its cancellation (if any) and what credit notes took off it. */
export async function listAdminInvoices(db: Executor, page: { limit: number; offset: number }) {
  const query = db
    .selectFrom('invoices as i')
    .innerJoin('merchants as m', 'm.id', 'i.merchant_id')
    .leftJoin('credit_notes as x', (j) => j.onRef('x.invoice_id', '=', 'i.id').on('x.reason', '=', 'cancellation'))
    .selectAll('i')
    .select([
      'm.shop_name',
      'x.number as cancel_number',
      'x.total as cancel_total',
      'x.refund_status as cancel_refund_status',
      'x.refund_reference as cancel_refund_reference',
      'x.refund_error as cancel_refund_error',
      sql<number>`(select coalesce(sum(c.base_amount), 0)::float8 from credit_notes c where c.invoice_id = i.id)`.as('credited'),
    ])
    .orderBy('i.issued_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const [rows, count] = await Promise.all([
    query,
    db
      .selectFrom('invoices')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Count and sums (taxable value, GST, total) of all paid invoices. */
export function paidInvoiceTotals(db: Executor) {
  return db
    .selectFrom('invoices')
    .where('status', '=', 'paid')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(base_amount), 0)::float8`.as('base'),
      sql<number>`coalesce(sum(cgst + sgst + igst), 0)::float8`.as('gst'),
      sql<number>`coalesce(sum(total), 0)::float8`.as('total'),
    ])
    .executeTakeFirstOrThrow();
}

/** Count and sums (taxable value, GST, total) of all credit notes. */
export function creditNoteTotals(db: Executor) {
  return db
    .selectFrom('credit_notes')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(base_amount), 0)::float8`.as('base'),
      sql<number>`coalesce(sum(cgst + sgst + igst), 0)::float8`.as('gst'),
      sql<number>`coalesce(sum(total), 0)::float8`.as('total'),
    ])
    .executeTakeFirstOrThrow();
}

/* Payment attempts */

/** What the admin's Payments screen counts: failed payments, and late ones the gateway could not refund (refunds due by hand). */
export async function countPaymentAttemptsForAdmin(db: Executor): Promise<{ failed: number; refundsDue: number }> {
  const r = await db
    .selectFrom('payment_attempts')
    .select([
      sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
      sql<number>`count(*) filter (where status = 'refund_failed')::int`.as('refundsDue'),
    ])
    .where('status', 'in', ['failed', 'refund_failed'])
    .executeTakeFirstOrThrow();
  return { failed: Number(r.failed), refundsDue: Number(r.refundsDue) };
}

/**
 * Records a payment attempt unless the salon already has one with this idempotency key: the new
 * row, or undefined when the key was taken (findPaymentAttemptByKey reads that one).
 */
export function insertPaymentAttempt(db: Executor, values: Insertable<PaymentAttemptsTable> & { idempotency_key: string }) {
  return db
    .insertInto('payment_attempts')
    .values(values)
    .onConflict((oc) => oc.columns(['merchant_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * A plan payment of the salon still in flight: recorded and not yet settled (pending: the gateway
 * is being asked or its Checkout order is open; charged: its plan and invoice are not in place yet).
 * Renewals run whole in their job's transaction, so they are never seen half-way.
 */
export function findOpenPlanPayment(db: Executor, merchantId: string) {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', ['pending', 'charged'])
    .where('purpose', 'in', ['change', 'upgrade'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findPaymentAttemptByKey(db: Executor, merchantId: string, key: string) {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findPaymentAttemptByOrder(db: Executor, merchantId: string, orderId: string) {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export function findPaymentAttempt(db: Executor, id: string) {
  return db.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A payment attempt, locked until the caller's transaction ends (one fulfilment at a time). */
export function lockPaymentAttempt(db: Executor, id: string) {
  return db.selectFrom('payment_attempts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setPaymentAttemptOrder(db: Executor, id: string, orderId: string): Promise<void> {
  await db.updateTable('payment_attempts').set({ order_id: orderId, updated_at: new Date() }).where('id', '=', id).execute();
}

/**
 * Records that the gateway took the money: from here on the attempt must end with its plan and
 * invoice. Only a pending attempt becomes charged: money that arrives for one already failed or
 * superseded is not applied at its stale price but refunded (markPaymentAttemptRefunding).
 */
export async function markPaymentAttemptCharged(
  db: Executor,
  id: string,
  r: { reference: string; last4: string | null; expMonth: number | null; expYear: number | null; token: string | null },
): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({
      status: 'charged',
      reference: r.reference,
      card_last4: r.last4,
      card_exp_month: r.expMonth,
      card_exp_year: r.expYear,
      payment_token: r.token,
      error: null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A pending attempt failed (an attempt already charged stays charged). */
export async function markPaymentAttemptFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ status: 'failed', error, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A pending Checkout order the owner left for another plan: closed, so it no longer blocks a payment. */
export async function markPaymentAttemptSuperseded(db: Executor, id: string, error: string): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ status: 'superseded', error, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * Money taken for an attempt that is no longer the current one (superseded, failed, or priced from a
 * plan that has changed since): recorded with the payment's reference and why, to be refunded in full.
 */
export async function markPaymentAttemptRefunding(
  db: Executor,
  id: string,
  r: { reference: string; last4: string | null },
  why: string,
): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set({ status: 'refunding', reference: r.reference, card_last4: r.last4, error: why, updated_at: new Date() })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed', 'superseded'])
    .execute();
}

/** What became of a late payment's refund: the gateway's refund, or a refund an admin makes by hand. */
export async function settlePaymentAttemptRefund(
  db: Executor,
  id: string,
  outcome: { status: 'refunded'; refundReference: string } | { status: 'refund_failed'; error: string },
): Promise<void> {
  await db
    .updateTable('payment_attempts')
    .set(
      outcome.status === 'refunded'
        ? { status: 'refunded', refund_reference: outcome.refundReference, updated_at: new Date() }
        : { status: 'refund_failed', error: outcome.error, updated_at: new Date() },
    )
    .where('id', '=', id)
    .where('status', '=', 'refunding')
    .execute();
}

/** Whether another payment of the salon took money after this one began (its price assumed the plan before it). */
export async function laterPaymentTaken(db: Executor, merchantId: string, attemptId: string, since: Date): Promise<boolean> {
  const r = await db
    .selectFrom('payment_attempts')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('id', '<>', attemptId)
    .where('status', 'in', ['charged', 'succeeded'])
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return Boolean(r);
}

/**
 * The salon's plan payments the owner should see besides its invoices: in progress, failed, and late
 * payments refunded (or being refunded). Succeeded ones are its invoices; superseded orders were
 * never paid and are not in progress, so neither is listed.
 */
export function listPlanPayments(db: Executor, merchantId: string, limit: number) {
  return db
    .selectFrom('payment_attempts')
    .select(['id', 'created_at', 'updated_at', 'plan', 'purpose', 'amount', 'status', 'error', 'refund_reference'])
    .where('merchant_id', '=', merchantId)
    .where('status', 'not in', ['succeeded', 'superseded'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function markPaymentAttemptSucceeded(db: Executor, id: string): Promise<void> {
  await db.updateTable('payment_attempts').set({ status: 'succeeded', updated_at: new Date() }).where('id', '=', id).execute();
}
