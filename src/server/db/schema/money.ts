import type { ColumnType, Generated } from 'kysely';
import type { MessageCategory } from '../../../shared/consent.js';

type Money = ColumnType<number, number | string, number | string>;

/** Commission a salon paid the platform for one month (migration 202611260008_booking_money_rules). */
export interface CommissionPaymentsTable {
  id: Generated<string>;
  merchant_id: string;
  /** The first day of the month paid for. */
  month: string;
  amount: Money;
  reference: string;
  recorded_by: string | null;
  created_at: Generated<Date>;
}

/** One-to-one messages a salon sent on one India day: the daily limit's counter. */
export interface MerchantMessageCountsTable {
  merchant_id: string;
  day: string;
  sent: number;
}

export interface MoneyTables {
  commission_payments: CommissionPaymentsTable;
  merchant_message_counts: MerchantMessageCountsTable;
}

export type { MessageCategory };

declare module '../types.js' {
  interface BookingsTable {
    /** When the salon marked the customer as not having come. */
    no_show_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  }
  interface SupportMessagesTable {
    /** The booking a ticket is about (a no-show dispute). */
    booking_id: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface OutboxMessagesTable {
    /** Promotional messages need the customer's opt-in and keep out of quiet hours (SMS, WhatsApp). */
    category: ColumnType<MessageCategory, MessageCategory | undefined, MessageCategory>;
  }
}
