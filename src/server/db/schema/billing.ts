import type { ColumnType, Generated } from 'kysely';

type Money = ColumnType<number, number | string, number | string>;
type Day = ColumnType<string, string, string>;

export interface SubscriptionsTable {
  merchant_id: string;
  plan: 'basic' | 'professional' | 'enterprise';
  status: Generated<'active' | 'cancelled'>;
  current_period_start: Day;
  current_period_end: Day;
  card_last4: string | null;
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
}

export interface PaymentAttemptsTable {
  id: Generated<string>;
  merchant_id: string;
  amount: Money;
  gateway: string;
  reference: string | null;
  status: 'succeeded' | 'failed';
  error: string | null;
  created_at: Generated<Date>;
}

/** Table types for subscriptions, invoices and payments; merged into Database in ../types.ts. */
export interface BillingTables {
  subscriptions: SubscriptionsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  payment_attempts: PaymentAttemptsTable;
}
