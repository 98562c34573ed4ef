import { type Kysely, sql } from 'kysely';

/*
 * Credit notes never take off more than the invoice they reduce, by construction: after a credit
 * note is written, the invoice's row is locked and the credit notes against it are summed again
 * (each statement of the function sees what committed before it), so two transactions crediting the
 * same invoice at once (an upgrade's proration and an admin's cancellation) cannot both pass on a
 * balance read before the other committed. The services lock the invoice first and refuse with a
 * clear message; this is the last word if one ever does not.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function credit_notes_within_invoice() returns trigger language plpgsql as $$
    declare
      invoice_base numeric;
      credited numeric;
    begin
      select base_amount into invoice_base from invoices where id = new.invoice_id for update;
      select coalesce(sum(base_amount), 0) into credited from credit_notes where invoice_id = new.invoice_id;
      if credited > invoice_base then
        raise exception 'credit notes against invoice % would exceed its taxable value', new.invoice_id
          using errcode = 'check_violation', constraint = 'credit_notes_within_invoice';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger credit_notes_within_invoice after insert or update of base_amount, invoice_id on credit_notes
      for each row execute function credit_notes_within_invoice()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger credit_notes_within_invoice on credit_notes`.execute(db);
  await sql`drop function credit_notes_within_invoice()`.execute(db);
}
