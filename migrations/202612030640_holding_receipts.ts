import { type Kysely, sql } from 'kysely';

/*
 * A package, membership or voucher bought online gets a receipt as an online booking payment does
 * (docs/payments.md: receipts): holdings.receipt_no, taken from the same sequence as the booking
 * payments' (booking_receipt_seq), so GB-R- numbers are one series without a gap or a repeat across
 * both. Given when the sale is paid, which is when the holding is issued (wallet or card charged
 * first). The online sales made before this get theirs here, in the order they were made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table holdings add column receipt_no bigint`.execute(db);
  await sql`alter table holdings add constraint holdings_receipt_no unique (receipt_no)`.execute(db);
  await sql`alter table holdings add constraint holdings_receipt_online check (receipt_no is null or sold_via = 'online')`.execute(db);
  await sql`
    update holdings h set receipt_no = n.no
    from (select id, nextval('booking_receipt_seq') as no from (select id from holdings where sold_via = 'online' order by created_at, id) o) n
    where h.id = n.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table holdings drop column receipt_no`.execute(db);
}
