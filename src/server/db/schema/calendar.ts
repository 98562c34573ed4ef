import type { ColumnType, Generated } from 'kysely';

/** staff_blocks (migration 202611252210_calendar_blocks): blocked time as the merchant asked for it. */
export interface StaffBlocksTable {
  id: Generated<string>;
  merchant_id: string;
  staff_id: string;
  kind: 'break' | 'leave' | 'training' | 'other';
  reason: Generated<string>;
  /** Salon-local date of the (first) occurrence. */
  first_date: string;
  /** Salon-local wall-clock minutes, [start, end). */
  start_minute: number;
  end_minute: number;
  repeat_weekly: Generated<boolean>;
  until_date: string | null;
  /** A weekly block's occurrences exist up to this date (the daily top-up job moves it on). */
  materialised_until: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface CalendarTables {
  staff_blocks: StaffBlocksTable;
}
