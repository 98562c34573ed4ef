import { type Kysely, sql } from 'kysely';

/*
 * An admin cancels a paid subscription invoice (issued in error, disputed): a credit note of reason
 * 'cancellation' for what no other credit note has yet reduced, and a refund of it through the
 * gateway that took the payment (services/billing/cancellation.ts). The credit note carries the
 * refund's state as the gateway reported it. One cancellation per invoice, by construction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table credit_notes
      add column refund_status text not null default 'none' check (refund_status in ('none', 'queued', 'refunded', 'failed')),
      add column refund_reference text,
      add column refund_error text`.execute(db);
  await sql`create unique index credit_notes_one_cancellation on credit_notes (invoice_id) where reason = 'cancellation'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index credit_notes_one_cancellation`.execute(db);
  await sql`alter table credit_notes drop column refund_error, drop column refund_reference, drop column refund_status`.execute(db);
}
