import { type Kysely, sql } from 'kysely';

/*
 * Plans that mean something and GST-compliant tax documents.
 * - A downgrade (or leaving for Free) waits for the end of the paid period: subscriptions.scheduled_plan.
 * - An upgrade charges the prorated difference now: a payment attempt of purpose 'upgrade' records
 *   the plan it leaves and the period end it prorates to.
 * - The salon's optional GSTIN; each invoice keeps the GSTINs, SAC and states it was issued with.
 * - Credit notes (proration credits, refunds, cancelled invoices) in their own gap-free series per
 *   financial year, each against the invoice it reduces.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table merchants add column gstin text check (gstin ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$')`.execute(db);

  await sql`alter table subscriptions add column scheduled_plan text check (scheduled_plan in ('free', 'basic', 'professional'))`.execute(
    db,
  );

  await sql`alter table payment_attempts drop constraint payment_attempts_purpose_check`.execute(db);
  await sql`
    alter table payment_attempts
      add constraint payment_attempts_purpose_check check (purpose in ('change', 'renewal', 'upgrade')),
      add column from_plan text check (from_plan is null or from_plan in ('basic', 'professional', 'enterprise')),
      add column period_end date,
      add column prorate_from date,
      add constraint payment_attempts_upgrade_check check (purpose <> 'upgrade' or (from_plan is not null and period_start is not null and period_end is not null and prorate_from is not null))`.execute(
    db,
  );

  await sql`
    alter table invoices
      add column supplier_gstin text,
      add column supplier_state text,
      add column recipient_gstin text,
      add column recipient_name text,
      add column sac text not null default '998599'`.execute(db);

  await sql`create table credit_note_counters (financial_year text primary key, last_number integer not null check (last_number >= 0))`.execute(
    db,
  );
  await sql`
    create table credit_notes (
      id uuid primary key default gen_random_uuid(),
      number text not null unique,
      invoice_id uuid not null references invoices(id),
      merchant_id uuid not null references merchants(id) on delete cascade,
      reason text not null check (reason in ('proration', 'refund', 'cancellation')),
      description text not null,
      base_amount numeric(12,2) not null check (base_amount > 0),
      cgst numeric(12,2) not null default 0 check (cgst >= 0),
      sgst numeric(12,2) not null default 0 check (sgst >= 0),
      igst numeric(12,2) not null default 0 check (igst >= 0),
      total numeric(12,2) not null check (total = base_amount + cgst + sgst + igst),
      place_of_supply text not null,
      supplier_gstin text not null,
      supplier_state text not null,
      recipient_gstin text,
      recipient_name text not null,
      sac text not null,
      payment_attempt_id uuid unique references payment_attempts(id) on delete set null,
      issued_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index credit_notes_merchant_idx on credit_notes (merchant_id, issued_at desc)`.execute(db);
  await sql`create index credit_notes_invoice_idx on credit_notes (invoice_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists credit_notes`.execute(db);
  await sql`drop table if exists credit_note_counters`.execute(db);
  await sql`alter table invoices drop column if exists sac, drop column if exists recipient_name, drop column if exists recipient_gstin, drop column if exists supplier_state, drop column if exists supplier_gstin`.execute(
    db,
  );
  await sql`delete from payment_attempts where purpose = 'upgrade'`.execute(db);
  await sql`alter table payment_attempts drop constraint payment_attempts_upgrade_check, drop column prorate_from, drop column period_end, drop column from_plan, drop constraint payment_attempts_purpose_check`.execute(
    db,
  );
  await sql`alter table payment_attempts add constraint payment_attempts_purpose_check check (purpose in ('change', 'renewal'))`.execute(
    db,
  );
  await sql`alter table subscriptions drop column if exists scheduled_plan`.execute(db);
  await sql`alter table merchants drop column if exists gstin`.execute(db);
}
