import type { ColumnType, Generated, Insertable, InsertType, Selectable, SelectType, Updateable, UpdateType } from 'kysely';
import type { MessageCategory } from '../../shared/consent.js';
import type {
  BookingStatus,
  CampaignChannel,
  GenderServed,
  MessageChannel,
  OutboxChannel,
  PlaceKind,
  PlanId,
  PushAudience,
  Role,
  TierId,
} from '../../shared/constants.js';
import type { HoldingKind } from '../../shared/packages.js';
import type { PaymentPolicyKind } from '../../shared/paymentPolicy.js';
import type { BookingChannel } from '../../shared/policy.js';
import type { BookingPaymentStatus, BookingRefundReason, BookingRefundStatus } from '../../shared/schemas/payments.js';
import type { StaffRole } from '../../shared/staffRoles.js';
import type { WaitlistEntryStatus, WaitlistOfferStatus } from '../../shared/waitlist.js';
import type { DB, JsonValue } from './schema.generated.js';

/*
 * The database's tables and columns come from the migrations: ./schema.generated.ts is written by
 * `npm run db:types` (kysely-codegen on a freshly migrated database). Here only the columns whose
 * values are narrower than their SQL type (CHECK-constrained statuses, JSON shapes, columns the
 * application must not write) are narrowed, and `Narrowed` refuses a narrowing of a table or column
 * that does not exist, or one whose select, insert or update type the generated column does not accept.
 */

/** Written as JSON text, read as `T` (jsonb columns with a default). */
type JsonDefault<T> = ColumnType<T, string | undefined, string>;
/** Written as JSON text or null, read as `T | null`. */
type JsonNullable<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** Read only: triggers or generated columns write it. */
type ReadOnly<T> = ColumnType<SelectType<T>, never, never>;
/** Every column of a table read only. */
type ReadOnlyTable<T> = { [C in keyof T]: ReadOnly<T[C]> };

/** A column's narrowing is sound when the generated column accepts what it reads, inserts and updates. */
type SelectOk<G, N> = [NonNullable<SelectType<G>>] extends [JsonValue]
  ? // A JSON shape: PostgreSQL knows only that it is JSON; a nullable column must stay so.
    null extends SelectType<N>
    ? null extends SelectType<G>
      ? true
      : false
    : true
  : [SelectType<N>] extends [SelectType<G>]
    ? true
    : false;
/** A nullable column may be left out of an insert (Kysely's Insertable makes it optional). */
type InsertOk<G, N> = [InsertType<N>] extends [InsertType<G> | (null extends InsertType<G> ? undefined : never)] ? true : false;
type UpdateOk<G, N> = [UpdateType<N>] extends [UpdateType<G>] ? true : false;
type Sound<G, N> = [SelectOk<G, N>, InsertOk<G, N>, UpdateOk<G, N>] extends [true, true, true] ? N : never;

/** What narrowings of DB may name: existing tables and columns, each with a sound type (else `never`, a type error). */
type Narrowings<O> = {
  [T in keyof O]: T extends keyof DB ? { [C in keyof O[T]]: C extends keyof DB[T] ? Sound<DB[T][C], O[T][C]> : never } : never;
};

/** DB with the named columns narrowed; every other table and column exactly as generated. */
export type Narrowed<O extends Narrowings<O>> = {
  [T in keyof DB]: T extends keyof O ? { [C in keyof DB[T]]: C extends keyof O[T] ? O[T][C] : DB[T][C] } : DB[T];
};

export interface OpeningHoursDay {
  name: string;
  enabled: boolean;
  openTime: string;
  closeTime: string;
}

export interface WorkingHoursDay {
  day: string;
  enabled: boolean;
  start: string;
  end: string;
}

export interface PricingChartItem {
  name: string;
  price: number;
  note?: string;
}

export interface PricingChart {
  title: string;
  items: PricingChartItem[];
}

export type DeskConfirmation = 'pending' | 'accepted' | 'declined';

export type PaymentAttemptStatus =
  | 'pending'
  | 'charged'
  | 'succeeded'
  | 'failed'
  | 'superseded'
  | 'refunding'
  | 'refunded'
  | 'refund_failed';

type PaidPlan = PlanId;
/** A tier below the top plan: what a salon can schedule a move down to (schedulePlanChangeInput). */
type LowerTier = Exclude<TierId, 'enterprise'>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

type AppTables = Narrowed<{
  accounts: {
    role: Role;
    notification_prefs: JsonDefault<Record<string, boolean>>;
    created_at: ColumnType<Date, Date | string | undefined, never>;
  };
  one_time_codes: {
    purpose: 'password_reset' | 'login' | 'registration' | 'phone_verification';
    /** A registration code's pending account (see services/auth/otp.ts). */
    payload: JsonNullable<Record<string, unknown>>;
  };
  merchants: {
    opening_hours: JsonDefault<OpeningHoursDay[]>;
    publish_status: Generated<'draft' | 'pending' | 'approved' | 'rejected' | 'unpublished'>;
    gender_served: Generated<GenderServed>;
    notification_settings: JsonDefault<unknown[]>;
    pricing_charts: JsonDefault<PricingChart[]>;
    /** ll_to_earth(latitude, longitude), for radius tests and distances (a generated column). */
    discovery_point: ReadOnly<DB['merchants']['discovery_point']>;
    /** opening_hours as 7 int4ranges of minutes, Monday first ('empty' when closed); read by search SQL. */
    discovery_week: ReadOnly<DB['merchants']['discovery_week']>;
    payment_policy: Generated<PaymentPolicyKind>;
  };
  services: {
    discount_type: 'flat' | 'percentage' | null;
    /** null: the salon's policy. */
    payment_policy: PaymentPolicyKind | null;
  };
  staff: {
    role: Generated<'Manager' | 'Stylist' | 'Receptionist' | 'Other'>;
    status: Generated<'Active' | 'Inactive' | 'On Leave'>;
    working_hours: JsonDefault<WorkingHoursDay[]>;
    /** working_hours as 7 int4ranges of minutes, Monday first; null when the member works the salon's hours. */
    discovery_week: ReadOnly<DB['staff']['discovery_week']>;
  };
  coupons: {
    discount_type: 'flat' | 'percentage';
    /** Written as numbers (the seed computes with the rows it inserts). */
    discount_value: number;
    min_amount: Generated<number>;
    max_discount: number | null;
  };
  /**
   * A row of bookings is a customer's booking, or an occurrence of blocked time (status 'blocked',
   * block_id set, no customer: migration 202611252210). Readers of bookings leave blocks out by
   * status or by their join to the customer; blocks are written and read through
   * repositories/calendar.ts only, and findBookingRow never returns one.
   */
  bookings: {
    status: Generated<BookingStatus | 'blocked'>;
    /** The staff_blocks row of a blocked-time occurrence; null on bookings. */
    block_id: ColumnType<string | null, string | null | undefined, never>;
    cancelled_by: Role | null;
    confirmation: Nullable<DeskConfirmation>;
    payment_method: Generated<'pay_at_salon' | 'wallet' | 'online'>;
    /** Set when the booking is made (services/channels/links.ts), never changed after. */
    channel: ColumnType<BookingChannel, BookingChannel | undefined, never>;
  };
  booking_payments: {
    status: Generated<BookingPaymentStatus>;
  };
  billing_payment_methods: {
    kind: 'card' | 'upi';
  };
  booking_refunds: {
    reason: BookingRefundReason;
    status: Generated<BookingRefundStatus>;
  };
  manual_bookings: {
    status: Generated<'confirmed' | 'completed' | 'cancelled'>;
  };
  client_profiles: {
    patch_test: Generated<'none' | 'passed' | 'failed'>;
  };
  client_photos: {
    kind: 'before' | 'after';
  };
  notifications: {
    type: 'booking' | 'system' | 'alert';
  };
  support_messages: {
    kind: 'contact' | 'ticket';
    category: 'account' | 'billing' | 'technical' | 'other' | null;
    priority: 'low' | 'medium' | 'high' | null;
    status: Generated<'open' | 'pending' | 'closed'>;
  };
  outbox_messages: {
    channel: OutboxChannel;
    status: Generated<'queued' | 'sending' | 'sent' | 'failed'>;
    meta: JsonDefault<Record<string, unknown>>;
    /** Promotional messages need the customer's opt-in and keep out of quiet hours (SMS, WhatsApp). */
    category: Generated<MessageCategory>;
  };
  audit_log: {
    details: JsonDefault<Record<string, unknown>>;
  };
  featured_locations: {
    kind: PlaceKind;
  };
  subscriptions: {
    plan: PaidPlan;
    status: Generated<'active' | 'cancelled' | 'expired'>;
    /** The plan the salon moves to at current_period_end ('free': the plan ends then). */
    scheduled_plan: Nullable<LowerTier>;
  };
  invoices: {
    status: Generated<'paid' | 'pending' | 'failed'>;
  };
  credit_notes: {
    reason: 'proration' | 'refund' | 'cancellation';
    /** The refund of a cancellation's amount, as the gateway reported it ('none': nothing to refund through GlowBook). */
    refund_status: Generated<'none' | 'queued' | 'refunded' | 'failed'>;
  };
  payment_attempts: {
    /**
     * pending (recorded, gateway asked) → charged (money taken) → succeeded (plan and invoice in place);
     * or failed; or superseded (its Checkout order was replaced by another before it was paid). Money
     * taken for an attempt that is no longer current is never applied: refunding → refunded, or
     * refund_failed (an admin refunds it by hand).
     */
    status: PaymentAttemptStatus;
    purpose: Generated<'change' | 'renewal' | 'upgrade'>;
    from_plan: Nullable<PaidPlan>;
    plan: Nullable<PaidPlan>;
  };
  staff_blocks: {
    kind: 'break' | 'leave' | 'training' | 'other';
    created_at: ReadOnly<DB['staff_blocks']['created_at']>;
  };
  blogs: {
    status: Generated<'draft' | 'published'>;
  };
  message_templates: {
    type: MessageChannel;
  };
  campaigns: {
    channel: CampaignChannel;
    segment: 'all' | 'active' | 'inactive';
    status: Generated<'sending' | 'sent' | 'failed'>;
  };
  social_connections: {
    network: 'facebook' | 'instagram' | 'twitter';
  };
  push_broadcasts: {
    audience: PushAudience;
  };
  wallet_ledger: {
    kind: 'refund' | 'booking_payment' | 'gift_card_redeemed' | 'gift_card_purchase' | 'adjustment' | 'visit_payment' | 'salon_purchase';
  };
  checkouts: {
    document_kind: 'tax_invoice' | 'bill_of_supply';
  };
  checkout_lines: {
    kind: 'service' | 'product' | HoldingKind;
  };
  checkout_payments: {
    method: 'cash' | 'upi' | 'card' | 'wallet' | 'prepaid' | 'voucher';
  };
  salon_offers: {
    kind: HoldingKind;
  };
  holdings: {
    kind: HoldingKind;
    sold_via: 'checkout' | 'online';
  };
  holding_ledger: {
    kind: 'issue' | 'redeem' | 'restore' | 'expire';
  };
  receipt_counters: {
    document_kind: 'tax_invoice' | 'bill_of_supply';
  };
  stock_movements: {
    kind: 'sale' | 'used_in_service' | 'adjustment';
  };
  loyalty_ledger: {
    kind: 'booking_completed' | 'reward_redeemed' | 'adjustment';
  };
  gift_cards: {
    payment_method: 'wallet' | 'test_card' | 'razorpay';
    status: Generated<'active' | 'redeemed'>;
  };
  gift_card_orders: {
    status: Generated<'pending' | 'paid'>;
  };
  waitlist_entries: {
    status: Generated<WaitlistEntryStatus>;
  };
  salon_members: {
    role: StaffRole;
    status: Generated<'invited' | 'active' | 'revoked'>;
  };
  waitlist_offers: {
    status: Generated<WaitlistOfferStatus>;
  };
}>;

/**
 * salon_search (migration 2026112360_salon_search) and its dictionary search_terms: triggers write
 * them; the application only reads them. The view `jobs` (migration 202611261100) shows pg-boss's
 * jobs in the old table's shape for tests and operators to read; pg-boss alone writes its tables.
 */
interface ReadOnlyTables {
  salon_search: ReadOnlyTable<DB['salon_search']>;
  search_terms: ReadOnlyTable<DB['search_terms']>;
  jobs: ReadOnlyTable<JobView>;
}

/** A view's columns are nullable to the generator; these never are (pg-boss's NOT NULL columns). */
type JobView = Omit<DB['jobs'], 'id' | 'kind' | 'payload' | 'status' | 'run_at' | 'attempts' | 'max_attempts' | 'created_at'> & {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'done' | 'failed' | 'cancelled';
  run_at: Date;
  attempts: number;
  max_attempts: number;
  created_at: Date;
};

/** The application's tables (generated, narrowed above). */
export type Database = Omit<AppTables, keyof ReadOnlyTables> & ReadOnlyTables;

export type AppSettingsTable = Database['app_settings'];
export type AccountsTable = Database['accounts'];
export type OneTimeCodesTable = Database['one_time_codes'];
export type CategoriesTable = Database['categories'];
export type MerchantsTable = Database['merchants'];
export type ServicesTable = Database['services'];
export type StaffTable = Database['staff'];
export type CouponsTable = Database['coupons'];
export type BookingsTable = Database['bookings'];
export type BookingServicesTable = Database['booking_services'];
export type CommissionLedgerTable = Database['commission_ledger'];
export type ReviewsTable = Database['reviews'];
export type NotificationsTable = Database['notifications'];
export type SupportMessagesTable = Database['support_messages'];
export type OutboxMessagesTable = Database['outbox_messages'];
export type TestimonialsTable = Database['testimonials'];
export type SubscriptionsTable = Database['subscriptions'];
export type InvoicesTable = Database['invoices'];
export type CreditNotesTable = Database['credit_notes'];
export type PaymentAttemptsTable = Database['payment_attempts'];
export type StaffBlocksTable = Database['staff_blocks'];
export type BlogsTable = Database['blogs'];
export type MessageTemplatesTable = Database['message_templates'];
export type CampaignsTable = Database['campaigns'];
export type SocialConnectionsTable = Database['social_connections'];
export type WalletLedgerTable = Database['wallet_ledger'];
export type LoyaltyLedgerTable = Database['loyalty_ledger'];
export type GiftCardsTable = Database['gift_cards'];
export type GiftCardOrdersTable = Database['gift_card_orders'];
export type ProductsTable = Database['products'];
export type CheckoutsTable = Database['checkouts'];
export type CheckoutLinesTable = Database['checkout_lines'];
export type StockMovementsTable = Database['stock_movements'];
export type SalonOffersTable = Database['salon_offers'];
export type HoldingsTable = Database['holdings'];
export type HoldingLedgerTable = Database['holding_ledger'];
export type BookingPaymentsTable = Database['booking_payments'];
export type BookingRefundsTable = Database['booking_refunds'];
export type SalonPayoutsTable = Database['salon_payouts'];
export type BillingPaymentMethodsTable = Database['billing_payment_methods'];

export type Account = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type Merchant = Selectable<MerchantsTable>;
export type Service = Selectable<ServicesTable>;
export type Staff = Selectable<StaffTable>;
/** A booking row that is a booking, not a calendar block: what queries excluding blocks (NOT_BLOCKED) answer. */
export type Booking = Omit<Selectable<BookingsTable>, 'status'> & { status: BookingStatus };
export type Review = Selectable<ReviewsTable>;
export type Coupon = Selectable<CouponsTable>;
export type WaitlistEntriesTable = Database['waitlist_entries'];
export type WaitlistOffersTable = Database['waitlist_offers'];
export type SalonMember = Selectable<Database['salon_members']>;
