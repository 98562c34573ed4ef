import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BookingStatus, Role } from '../../shared/constants.js';
import type { AuthExtrasTables } from './schema/authExtras.js';
import type { BillingTables } from './schema/billing.js';
import type { CalendarTables } from './schema/calendar.js';
import type { ContentTables } from './schema/content.js';
import type { CrmTables } from './schema/crm.js';
import type { JobsTables, PgBossTables } from './schema/jobs.js';
import type { MoneyTables } from './schema/money.js';
import type { SearchTables } from './schema/search.js';
import type { UploadsTables } from './schema/uploads.js';
import type { WalletTables } from './schema/wallet.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type JsonDefault<T> = ColumnType<T, string | undefined, string>;

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

export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

export interface AccountsTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  role: Role;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone: string | null;
  avatar_url: string | null;
  is_blocked: Generated<boolean>;
  blocked_reason: string | null;
  token_version: Generated<number>;
  notification_prefs: JsonDefault<Record<string, boolean>>;
  last_login_at: Date | null;
  /** When a one-time code sent to the e-mail address / mobile number was entered. */
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  created_at: CreatedAt & Generated<Date>;
  updated_at: Generated<Date>;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  succeeded: boolean;
  created_at: Generated<Date>;
}

export interface OneTimeCodesTable {
  id: Generated<string>;
  account_id: string | null;
  destination: string;
  purpose: 'password_reset' | 'login' | 'registration' | 'phone_verification';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  /** A registration code's pending account (see services/auth/otp.ts). */
  payload: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
}

export interface CategoriesTable {
  id: Generated<string>;
  name: string;
  shop_category: string;
  image: string | null;
  icon: string | null;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
}

export interface MerchantsTable {
  id: string;
  shop_name: string;
  shop_owner: string;
  address: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  country: Generated<string>;
  postal_code: string | null;
  latitude: number | null;
  longitude: number | null;
  shop_types: Generated<string[]>;
  description: Generated<string>;
  phone: string | null;
  email: string | null;
  opening_hours: JsonDefault<OpeningHoursDay[]>;
  time_zone: Generated<string>;
  is_published: Generated<boolean>;
  publish_status: Generated<'draft' | 'pending' | 'approved' | 'rejected' | 'unpublished'>;
  publish_note: string | null;
  amenities: Generated<string[]>;
  gender_served: Generated<'unisex' | 'male' | 'female'>;
  is_sponsored: Generated<boolean>;
  promotion_message: string | null;
  rating_avg: Generated<number>;
  review_count: Generated<number>;
  booking_count: Generated<number>;
  min_price: number | null;
  notification_settings: JsonDefault<unknown[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MerchantCategoriesTable {
  merchant_id: string;
  category_id: string;
  created_at: Generated<Date>;
}

export interface ServicesTable {
  id: Generated<string>;
  merchant_id: string;
  category_id: string | null;
  name: string;
  description: Generated<string>;
  duration_min: number;
  price: number;
  discount_type: 'flat' | 'percentage' | null;
  discount_value: Generated<number>;
  discount_active: Generated<boolean>;
  active: Generated<boolean>;
  image: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface StaffTable {
  id: Generated<string>;
  merchant_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: Generated<'Manager' | 'Stylist' | 'Receptionist' | 'Other'>;
  rate: Generated<number>;
  status: Generated<'Active' | 'Inactive' | 'On Leave'>;
  avatar_url: string | null;
  specializations: Generated<string[]>;
  experience_years: Generated<number>;
  working_hours: JsonDefault<WorkingHoursDay[]>;
  days_off: Generated<string[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface CouponsTable {
  id: Generated<string>;
  merchant_id: string | null;
  code: string;
  description: Generated<string>;
  discount_type: 'flat' | 'percentage';
  discount_value: number;
  min_amount: Generated<number>;
  max_discount: number | null;
  valid_from: string | null;
  valid_until: string | null;
  usage_limit: number | null;
  used_count: Generated<number>;
  active: Generated<boolean>;
  /** Rules (migration 2026112382): only services of this category name count; first booking; Sat/Sun; cheapest free. */
  service_category: string | null;
  first_booking_only: Generated<boolean>;
  weekend_only: Generated<boolean>;
  buy_one_get_one: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/**
 * A row of bookings is a customer's booking, or an occurrence of blocked time (status 'blocked',
 * block_id set, no customer: migration 202611252210). Readers of bookings leave blocks out by
 * status or by their join to the customer, so the row type here is a booking's; blocks are written
 * and read through repositories/calendar.ts only, and findBookingRow never returns one.
 */
export interface BookingsTable {
  id: Generated<string>;
  /** The customer's account; null on a desk contact's booking until the person confirms it. */
  user_id: string | null;
  merchant_id: string;
  staff_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  booking_date: string;
  booking_time: string;
  /** A calendar block (time off, a held slot) is a row too, with status 'blocked' (migration 2026112512). */
  status: Generated<BookingStatus | 'blocked'>;
  /** The staff_blocks row of a blocked-time occurrence; null on bookings. */
  block_id: ColumnType<string | null, string | null | undefined, never>;
  subtotal: number;
  discount_amount: Generated<number>;
  total_price: number;
  total_duration: number;
  coupon_id: string | null;
  cancellation_reason: string | null;
  cancelled_by: Role | null;
  cancelled_at: Date | null;
  refund_percent: number | null;
  scanned: Generated<boolean>;
  scanned_at: Date | null;
  payment_received: Generated<boolean>;
  completed_at: Date | null;
  commission: number | null;
  merchant_earning: number | null;
  idempotency_key: string | null;
  /** Fingerprint of the request that made the booking with its Idempotency-Key (services/bookings/create.ts). */
  idempotency_fingerprint: string | null;
  /** A desk booking: what the salon typed (migration desk_contacts); the person confirms or declines it. */
  contact_name: ColumnType<string | null, string | null | undefined, string | null>;
  contact_email: ColumnType<string | null, string | null | undefined, string | null>;
  contact_phone: ColumnType<string | null, string | null | undefined, string | null>;
  confirmation: ColumnType<DeskConfirmation | null, DeskConfirmation | null | undefined, DeskConfirmation | null>;
  confirmation_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  confirmation_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  confirmation_answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type DeskConfirmation = 'pending' | 'accepted' | 'declined';

export interface BookingServicesTable {
  booking_id: string;
  position: number;
  service_id: string | null;
  service_name: string;
  duration_min: number;
  price: number;
}

export interface CommissionLedgerTable {
  id: Generated<string>;
  booking_id: string;
  merchant_id: string;
  gross_amount: number;
  commission: number;
  merchant_earning: number;
  created_at: Generated<Date>;
}

export interface ReviewsTable {
  id: Generated<string>;
  booking_id: string | null;
  user_id: string;
  merchant_id: string;
  rating: number;
  comment: Generated<string>;
  response_text: string | null;
  response_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ManualBookingsTable {
  id: Generated<string>;
  merchant_id: string;
  name: string;
  mobile: string;
  email: string;
  status: Generated<'confirmed' | 'completed' | 'cancelled'>;
  /** When the visit is (migration 202612020360); defaults to the moment it is noted at the counter. */
  visited_at: Generated<Date>;
  created_at: Generated<Date>;
}

export interface ShopImagesTable {
  id: Generated<string>;
  merchant_id: string;
  url: string;
  storage_key: string | null;
  is_cover: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface NotificationsTable {
  id: Generated<string>;
  account_id: string;
  type: 'booking' | 'system' | 'alert';
  title: string;
  message: string;
  link: string | null;
  is_read: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface SupportMessagesTable {
  id: Generated<string>;
  account_id: string | null;
  merchant_id: string | null;
  kind: 'contact' | 'ticket';
  type: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  category: 'account' | 'billing' | 'technical' | 'other' | null;
  priority: 'low' | 'medium' | 'high' | null;
  status: Generated<'open' | 'pending' | 'closed'>;
  reply: string | null;
  replied_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface OutboxMessagesTable {
  id: Generated<string>;
  channel: 'email' | 'sms' | 'whatsapp' | 'push';
  recipient: string;
  subject: string | null;
  body: string;
  status: Generated<'queued' | 'sending' | 'sent' | 'failed'>;
  provider: Generated<string>;
  attempts: Generated<number>;
  last_error: string | null;
  meta: JsonDefault<Record<string, unknown>>;
  created_at: Generated<Date>;
  sent_at: Date | null;
  /** A provider's receipt said it reached the handset (Twilio status callback). */
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface TestimonialsTable {
  id: Generated<string>;
  title: string;
  content: string;
  name: string;
  avatar: string | null;
  rating: number;
  created_at: Generated<Date>;
}

export interface NewsletterSubscribersTable {
  email: string;
  created_at: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: JsonDefault<Record<string, unknown>>;
  created_at: Generated<Date>;
}

export interface Database {
  app_settings: AppSettingsTable;
  accounts: AccountsTable;
  login_attempts: LoginAttemptsTable;
  one_time_codes: OneTimeCodesTable;
  categories: CategoriesTable;
  merchants: MerchantsTable;
  merchant_categories: MerchantCategoriesTable;
  services: ServicesTable;
  staff: StaffTable;
  coupons: CouponsTable;
  bookings: BookingsTable;
  booking_services: BookingServicesTable;
  commission_ledger: CommissionLedgerTable;
  reviews: ReviewsTable;
  manual_bookings: ManualBookingsTable;
  shop_images: ShopImagesTable;
  notifications: NotificationsTable;
  support_messages: SupportMessagesTable;
  outbox_messages: OutboxMessagesTable;
  testimonials: TestimonialsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  audit_log: AuditLogTable;
}

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

// ---- Shop management (migration 2026112230_shop_management); interfaces merge with the ones above.

export interface PricingChartItem {
  name: string;
  price: number;
  note?: string;
}

export interface PricingChart {
  title: string;
  items: PricingChartItem[];
}

export interface MerchantsTable {
  pricing_charts: JsonDefault<PricingChart[]>;
  publish_requested_at: Date | null;
  /** The salon's GST registration, printed on its tax invoices (migration 202611252317_plans_gst). */
  gstin: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface StaffTable {
  /** Set when a staff member with past bookings is deleted: they leave every list but history keeps them. */
  archived_at: Date | null;
}

// ---- Discovery (migration 2026112220_discovery): generated columns, never written by the app.

export interface MerchantsTable {
  /** ll_to_earth(latitude, longitude), for radius tests and distances. */
  discovery_point: ColumnType<string | null, never, never>;
  /** opening_hours as 7 int4ranges of minutes, Monday first ('empty' when closed); read by search SQL. */
  discovery_week: ColumnType<string | null, never, never>;
}

export interface StaffTable {
  /** working_hours as 7 int4ranges of minutes, Monday first; null when the member works the salon's hours. */
  discovery_week: ColumnType<string | null, never, never>;
}

// ---- Admin area (migration 2026112240_admin).

export interface FeaturedLocationsTable {
  id: Generated<string>;
  name: string;
  city: string;
  state: Generated<string>;
  kind: 'city' | 'locality';
  lat: number;
  lng: number;
  sort_order: Generated<number>;
  created_by: string | null;
  created_at: Generated<Date>;
}

export interface EmailTemplatesTable {
  key: string;
  description: Generated<string>;
  subject: string;
  body: string;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

/** Later domains declare their tables in ./schema/<domain>.ts. */
export interface Database
  extends JobsTables,
    PgBossTables,
    CrmTables,
    BillingTables,
    WalletTables,
    ContentTables,
    AuthExtrasTables,
    SearchTables,
    CalendarTables,
    MoneyTables {}

export interface Database {
  featured_locations: FeaturedLocationsTable;
  email_templates: EmailTemplatesTable;
}

export interface Database extends UploadsTables {}
