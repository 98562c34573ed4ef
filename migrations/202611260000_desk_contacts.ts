import { type Kysely, sql } from 'kysely';

/*
 * A desk booking (merchants/createSlot) is the salon's own record of a contact until the person it
 * names confirms it: it carries what the salon typed (name, mobile, e-mail) and no account. The
 * person confirms or declines from a link e-mailed to the typed address (its token is stored hashed)
 * or, signed in with that verified address, in the app; confirming links the booking to their
 * account. Until then no account is touched, notified or shown to the salon.
 *
 * Shapes of a row: a customer's booking (user_id), a desk contact's booking (contact_email, and
 * user_id once confirmed), or blocked time (block_id, neither).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table bookings
      add column contact_name text check (length(contact_name) <= 200),
      add column contact_email text check (contact_email = lower(contact_email)),
      add column contact_phone text check (contact_phone ~ '^[6-9][0-9]{9}$'),
      add column confirmation text check (confirmation in ('pending', 'accepted', 'declined')),
      add column confirmation_token_hash text,
      add column confirmation_sent_at timestamptz,
      add column confirmation_answered_at timestamptz`.execute(db);
  await sql`alter table bookings drop constraint bookings_block_shape`.execute(db);
  await sql`
    alter table bookings add constraint bookings_party_shape check (
      (status = 'blocked') = (block_id is not null)
      and (block_id is null or (user_id is null and contact_email is null))
      and (block_id is not null or user_id is not null or contact_email is not null)
      and ((contact_email is null) = (confirmation is null))
    )`.execute(db);
  await sql`create unique index bookings_confirmation_token_key on bookings (confirmation_token_hash) where confirmation_token_hash is not null`.execute(
    db,
  );
  await sql`create index bookings_contact_pending_idx on bookings (contact_email) where confirmation = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from bookings where user_id is null and contact_email is not null`.execute(db);
  await sql`alter table bookings drop constraint bookings_party_shape`.execute(db);
  await sql`alter table bookings add constraint bookings_block_shape
    check ((status = 'blocked') = (block_id is not null) and (user_id is null) = (block_id is not null))`.execute(db);
  await sql`drop index if exists bookings_contact_pending_idx`.execute(db);
  await sql`drop index if exists bookings_confirmation_token_key`.execute(db);
  await sql`
    alter table bookings
      drop column contact_name, drop column contact_email, drop column contact_phone, drop column confirmation,
      drop column confirmation_token_hash, drop column confirmation_sent_at, drop column confirmation_answered_at`.execute(db);
}
