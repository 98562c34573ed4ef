import { type Kysely, sql } from 'kysely';

/*
 * Issue 30 items 3 and 4.
 *
 * delivered_at: when a provider's receipt (Twilio's status callback) said the message reached the
 * handset. A sent message without it was accepted by the provider, no more. Receipts name the
 * provider's message id (meta.providerId), so SMS and WhatsApp rows are indexed by it; e-mail rows
 * (the bulk of the table) are left out of the index.
 *
 * social_connections.url: the salon's own page on the network, entered by the owner and linked from
 * the salon page. The old `connected` flag recorded a click on "Connect" and nothing else: rows
 * without a URL are removed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table outbox_messages add column delivered_at timestamptz`.execute(db);
  await sql`
    create index outbox_messages_provider_id_idx on outbox_messages ((meta ->> 'providerId'))
    where channel in ('sms', 'whatsapp') and meta ? 'providerId'`.execute(db);
  await sql`alter table social_connections add column url text check (url is null or url ~ '^https://')`.execute(db);
  await sql`delete from social_connections`.execute(db);
  await sql`alter table social_connections alter column url set not null`.execute(db);
  await sql`alter table social_connections drop column connected`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table social_connections add column connected boolean not null default true`.execute(db);
  await sql`alter table social_connections drop column url`.execute(db);
  await sql`drop index if exists outbox_messages_provider_id_idx`.execute(db);
  await sql`alter table outbox_messages drop column if exists delivered_at`.execute(db);
}
