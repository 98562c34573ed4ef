import { type Kysely, sql } from 'kysely';

/*
 * A phone number signs in (WhatsApp code) only once it is verified: a code sent to it was entered
 * by the account. Until now a sign-in by code to any number on an account counted as proof, even a
 * number the attacker typed into a registration or a salon typed into a desk booking.
 *
 * Existing marks: the only proof on record is a WhatsApp registration, whose used code (purpose
 * 'registration', sent to the number) created the account within the minute. Every other mark came
 * from a WhatsApp sign-in to a number nobody had proven, so it is dropped: those numbers are
 * unverified now and their owners verify them again from their profile. A number proven by two
 * accounts (possible only through those sign-ins) stays verified on neither.
 *
 * A verified number belongs to one account: a partial unique index. A code can also verify a
 * signed-in account's own number (purpose 'phone_verification').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update accounts set phone_verified_at = null where phone is null and phone_verified_at is not null`.execute(db);
  await sql`
    update accounts a set phone_verified_at = null
    where a.phone_verified_at is not null
      and not exists (
        select 1 from one_time_codes c
        where c.purpose = 'registration' and c.destination = a.phone and c.used_at is not null
          and c.used_at between a.created_at - interval '1 minute' and a.created_at + interval '1 minute'
      )`.execute(db);
  await sql`
    update accounts set phone_verified_at = null
    where phone in (select phone from accounts where phone_verified_at is not null group by phone having count(*) > 1)`.execute(db);
  await sql`create unique index accounts_verified_phone_key on accounts (phone) where phone_verified_at is not null`.execute(db);
  await sql`alter table accounts add constraint accounts_phone_verified_has_phone check (phone_verified_at is null or phone is not null)`.execute(
    db,
  );

  await sql`alter table one_time_codes drop constraint one_time_codes_purpose_check`.execute(db);
  await sql`
    alter table one_time_codes add constraint one_time_codes_purpose_check
      check (purpose in ('password_reset', 'login', 'registration', 'phone_verification'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from one_time_codes where purpose = 'phone_verification'`.execute(db);
  await sql`alter table one_time_codes drop constraint one_time_codes_purpose_check`.execute(db);
  await sql`alter table one_time_codes add constraint one_time_codes_purpose_check check (purpose in ('password_reset', 'login', 'registration'))`.execute(
    db,
  );
  await sql`alter table accounts drop constraint if exists accounts_phone_verified_has_phone`.execute(db);
  await sql`drop index if exists accounts_verified_phone_key`.execute(db);
}
