import { type Kysely, sql } from 'kysely';

/*
 * Issue 41 item 5: the people of a salon who sign in besides its owner, and what the salon pays its
 * professionals.
 *
 * A member (`salon_members`) is a receptionist or a professional of one salon, invited by the owner
 * by e-mail (and WhatsApp when a number is given) with a one-time link whose SHA-256 alone is kept.
 * Accepting it sets the member's password; revoking the member bumps its token version, which ends
 * every session it holds. A professional's login is linked to its staff row of the same salon
 * (composite foreign key), and one live login per staff row and per e-mail (partial unique indexes).
 *
 * Pay (`staff_pay_settings`, `staff_category_rates`): per professional, a commission rate on
 * services (per category, else the default), one on product sales, and a monthly base; all
 * percentages between 0 and 100.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table staff add constraint staff_id_merchant_key unique (id, merchant_id)`.execute(db);

  await sql`
    create table salon_members (
      id uuid primary key default gen_random_uuid(),
      merchant_id uuid not null references merchants(id) on delete cascade,
      role text not null check (role in ('receptionist', 'professional')),
      staff_id uuid,
      name text not null check (length(name) between 1 and 100),
      email text not null check (email = lower(email) and length(email) between 3 and 254),
      phone text,
      password_hash text,
      invite_hash text,
      invite_expires_at timestamptz,
      status text not null default 'invited' check (status in ('invited', 'active', 'revoked')),
      token_version integer not null default 0,
      invited_by uuid references accounts(id) on delete set null,
      created_at timestamptz not null default now(),
      accepted_at timestamptz,
      revoked_at timestamptz,
      constraint salon_members_staff foreign key (staff_id, merchant_id) references staff (id, merchant_id) on delete cascade,
      constraint salon_members_professional check ((role = 'professional') = (staff_id is not null)),
      constraint salon_members_active check (status <> 'active' or password_hash is not null),
      constraint salon_members_invite check (status <> 'invited' or (invite_hash is not null and invite_expires_at is not null))
    )`.execute(db);
  await sql`create unique index salon_members_email_key on salon_members (email) where status <> 'revoked'`.execute(db);
  await sql`create unique index salon_members_staff_key on salon_members (staff_id) where status <> 'revoked'`.execute(db);
  await sql`create unique index salon_members_invite_key on salon_members (invite_hash) where invite_hash is not null`.execute(db);
  await sql`create index salon_members_merchant_idx on salon_members (merchant_id, created_at)`.execute(db);

  await sql`
    create table staff_pay_settings (
      staff_id uuid primary key,
      merchant_id uuid not null,
      service_rate numeric(5,2) not null default 0 check (service_rate between 0 and 100),
      product_rate numeric(5,2) not null default 0 check (product_rate between 0 and 100),
      base_monthly numeric(12,2) not null default 0 check (base_monthly >= 0 and base_monthly <= 10000000),
      updated_at timestamptz not null default now(),
      constraint staff_pay_settings_staff foreign key (staff_id, merchant_id) references staff (id, merchant_id) on delete cascade
    )`.execute(db);
  await sql`
    create table staff_category_rates (
      staff_id uuid not null,
      merchant_id uuid not null,
      category_id uuid not null references categories(id) on delete cascade,
      rate numeric(5,2) not null check (rate between 0 and 100),
      primary key (staff_id, category_id),
      constraint staff_category_rates_staff foreign key (staff_id, merchant_id) references staff (id, merchant_id) on delete cascade
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table staff_category_rates`.execute(db);
  await sql`drop table staff_pay_settings`.execute(db);
  await sql`drop table salon_members`.execute(db);
  await sql`alter table staff drop constraint staff_id_merchant_key`.execute(db);
}
