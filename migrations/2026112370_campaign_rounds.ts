import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A resend reuses the campaign: its stats and status follow the messages of the latest round.
  await sql`alter table campaigns add column started_at timestamptz`.execute(db);
  await sql`update campaigns set started_at = created_at`.execute(db);
  await sql`alter table campaigns alter column started_at set not null, alter column started_at set default now()`.execute(db);
  // Manual bookings are matched to customer accounts by phone when the e-mail does not match.
  await sql`create index accounts_phone_idx on accounts (phone) where phone is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists accounts_phone_idx`.execute(db);
  await sql`alter table campaigns drop column if exists started_at`.execute(db);
}
