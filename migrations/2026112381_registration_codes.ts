import { type Kysely, sql } from 'kysely';

/*
 * Registration by one-time code: the code row carries the pending registration (names, e-mail,
 * phone, password hash) until the code is entered; the account then records which of its
 * addresses were proven.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table one_time_codes add column payload jsonb`.execute(db);
  await sql`alter table accounts add column email_verified_at timestamptz`.execute(db);
  await sql`alter table accounts add column phone_verified_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table accounts drop column if exists phone_verified_at`.execute(db);
  await sql`alter table accounts drop column if exists email_verified_at`.execute(db);
  await sql`alter table one_time_codes drop column if exists payload`.execute(db);
}
