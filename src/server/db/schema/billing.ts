import type { ColumnType, Generated } from 'kysely';
import type { PlanId, TierId } from '../../../shared/constants.js';

type Money = ColumnType<number, number | string, number | string>;
type Day = ColumnType<string, string, string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A tier below the top plan: what a salon can schedule a move down to (schedulePlanChangeInput). */
type LowerTier = Exclude<TierId, 'enterprise'>;

export interface SubscriptionsTable {
  merchant_id: string;
  plan: PlanId;
  status: Generated<'active' | 'cancelled' | 'expired'>;
  current_period_start: Day;
  current_period_end: Day;
  card_last4: string | null;
  card_exp_month: ColumnType<number | null, number | null | undefined, number | null>;
  card_exp_year: ColumnType<number | null, number | null | undefined, number | null>;
  /** The gateway's saved-card token that renewals charge; null when the gateway keeps none. */
  payment_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** The plan the salon moves to at current_period_end ('free': the plan ends then). */
  scheduled_plan: ColumnType<LowerTier | null, LowerTier | null | undefined, LowerTier | null>;
  updated_at: Generated<Date>;
}

export interface InvoiceCountersTable {
  financial_year: string;
  last_number: number;
}

export interface InvoicesTable {
  id: Generated<string>;
  number: string;
  merchant_id: string;
  plan: string;
  description: string;
  period_start: Day;
  period_end: Day;
  base_amount: Money;
  cgst: Money;
  sgst: Money;
  igst: Money;
  total: Money;
  place_of_supply: string;
  gateway: string;
  payment_reference: string;
  status: Generated<'paid' | 'pending' | 'failed'>;
  issued_at: Generated<Date>;
  payment_attempt_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** As issued: the platform's GSTIN and state, the salon's GSTIN and name (null on invoices from before GSTINs). */
  supplier_gstin: Nullable<string>;
  supplier_state: Nullable<string>;
  recipient_gstin: Nullable<string>;
  recipient_name: Nullable<string>;
  sac: Generated<string>;
}

export interface CreditNotesTable {
  id: Generated<string>;
  number: string;
  invoice_id: string;
  merchant_id: string;
  reason: 'proration' | 'refund' | 'cancellation';
  description: string;
  base_amount: Money;
  cgst: Money;
  sgst: Money;
  igst: Money;
  total: Money;
  place_of_supply: string;
  supplier_gstin: string;
  supplier_state: string;
  recipient_gstin: string | null;
  recipient_name: string;
  sac: string;
  payment_attempt_id: Nullable<string>;
  issued_at: Generated<Date>;
  /** The refund of a cancellation's amount, as the gateway reported it ('none': nothing to refund through GlowBook). */
  refund_status: Generated<'none' | 'queued' | 'refunded' | 'failed'>;
  refund_reference: Nullable<string>;
  refund_error: Nullable<string>;
}

export type PaymentAttemptStatus =
  | 'pending'
  | 'charged'
  | 'succeeded'
  | 'failed'
  | 'superseded'
  | 'refunding'
  | 'refunded'
  | 'refund_failed';

export interface PaymentAttemptsTable {
  id: Generated<string>;
  merchant_id: string;
  amount: Money;
  gateway: string;
  reference: string | null;
  /**
   * pending (recorded, gateway asked) → charged (money taken) → succeeded (plan and invoice in place);
   * or failed; or superseded (its Checkout order was replaced by another before it was paid). Money
   * taken for an attempt that is no longer current is never applied: refunding → refunded, or
   * refund_failed (an admin refunds it by hand).
   */
  status: PaymentAttemptStatus;
  /** The gateway's refund of a late payment (status refunded). */
  refund_reference: Nullable<string>;
  error: string | null;
  created_at: Generated<Date>;
  idempotency_key: Nullable<string>;
  purpose: Generated<'change' | 'renewal' | 'upgrade'>;
  /** An upgrade: the plan it leaves, the paid period (period_start to period_end) and the day the new plan starts in it. */
  from_plan: Nullable<PlanId>;
  period_end: Nullable<string>;
  prorate_from: Nullable<string>;
  plan: Nullable<PlanId>;
  period_start: Nullable<string>;
  /** The gateway's order (Razorpay), paid in its checkout window. */
  order_id: Nullable<string>;
  card_last4: Nullable<string>;
  card_exp_month: Nullable<number>;
  card_exp_year: Nullable<number>;
  payment_token: Nullable<string>;
  updated_at: Generated<Date>;
}

/** Table types for subscriptions, invoices and payments; merged into Database in ../types.ts. */
export interface BillingTables {
  subscriptions: SubscriptionsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  credit_note_counters: InvoiceCountersTable;
  credit_notes: CreditNotesTable;
  payment_attempts: PaymentAttemptsTable;
}
