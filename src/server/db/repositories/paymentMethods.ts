import type { Insertable } from 'kysely';
import type { Executor } from '../executor.js';
import type { BillingPaymentMethodsTable } from '../types.js';

/* The card or UPI AutoPay mandate a salon's plan renewals are charged to (docs/billing.md "Payment method"). */

export function findPaymentMethod(db: Executor, merchantId: string) {
  return db.selectFrom('billing_payment_methods').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
}

/** Replaces the salon's method: the newest one saved is the one renewals charge. */
export function savePaymentMethod(db: Executor, values: Insertable<BillingPaymentMethodsTable>) {
  const row = { ...values, updated_at: new Date() };
  return db
    .insertInto('billing_payment_methods')
    .values(row)
    .onConflict((oc) =>
      oc.column('merchant_id').doUpdateSet({
        gateway: row.gateway,
        kind: row.kind,
        token: row.token,
        customer_ref: row.customer_ref ?? null,
        card_last4: row.card_last4 ?? null,
        card_brand: row.card_brand ?? null,
        card_exp_month: row.card_exp_month ?? null,
        card_exp_year: row.card_exp_year ?? null,
        upi_vpa: row.upi_vpa ?? null,
        updated_at: row.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The plan payment attempt of a gateway order, whichever salon's (the webhook names only the order). */
export function findPlanAttemptByOrder(db: Executor, orderId: string) {
  return db.selectFrom('payment_attempts').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** A failure the gateway reported for an open plan order, kept while the order stays payable. */
export async function notePlanAttemptError(db: Executor, orderId: string, error: string): Promise<void> {
  await db.updateTable('payment_attempts').set({ error }).where('order_id', '=', orderId).where('status', '=', 'pending').execute();
}
