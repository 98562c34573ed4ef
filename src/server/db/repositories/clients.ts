import { sql } from 'kysely';
import type { Executor } from '../executor.js';

/**
 * A salon's private client records (migration 202612021400). A client key is an account id or
 * 'walk-in:<e-mail>'; every function here takes the salon and reads or writes only its rows.
 */

const WALK_IN = 'walk-in:';
const isWalkIn = (key: string) => key.startsWith(WALK_IN);
const emailOf = (key: string) => key.slice(WALK_IN.length);

/** The key a booking row's customer has: its account, else the desk contact's e-mail. */
const BOOKING_CLIENT_KEY = sql<string>`coalesce(b.user_id::text, 'walk-in:' || b.contact_email)`;

export interface ClientIdentity {
  name: string;
  email: string | null;
  phone: string | null;
  source: 'account' | 'walk-in';
}

/**
 * Who a key names, if that person is a client of this salon: an account that booked it, or an
 * e-mail the salon itself typed for a desk booking or a counter visit. Undefined otherwise, so a
 * salon cannot open a record about someone who never came to it.
 */
export async function findClient(db: Executor, merchantId: string, key: string): Promise<ClientIdentity | undefined> {
  if (!isWalkIn(key)) {
    const row = await db
      .selectFrom('accounts as a')
      .select(['a.first_name', 'a.last_name', 'a.email', 'a.phone'])
      .where('a.id', '=', key)
      .where((eb) =>
        eb.exists(eb.selectFrom('bookings as b').select('b.id').whereRef('b.user_id', '=', 'a.id').where('b.merchant_id', '=', merchantId)),
      )
      .executeTakeFirst();
    if (!row) return undefined;
    return { name: `${row.first_name} ${row.last_name}`.trim() || row.email, email: row.email, phone: row.phone, source: 'account' };
  }
  const email = emailOf(key);
  const { rows } = await sql<{ name: string; phone: string | null; at: Date }>`
    select contact_name as name, contact_phone as phone, created_at as at from bookings
      where merchant_id = ${merchantId} and contact_email = ${email}
    union all
    select name, mobile, created_at from manual_bookings where merchant_id = ${merchantId} and lower(email) = ${email}
    order by at desc limit 1`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return { name: row.name || email, email, phone: row.phone, source: 'walk-in' };
}

export function findProfile(db: Executor, merchantId: string, key: string) {
  return db
    .selectFrom('client_profiles')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('client_key', '=', key)
    .executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export function upsertProfile(
  db: Executor,
  v: {
    merchantId: string;
    key: string;
    allergies: string;
    patchTest: 'none' | 'passed' | 'failed';
    patchTestOn: string | null;
    tags: string[];
    by: string;
  },
) {
  const values = {
    allergies: v.allergies,
    patch_test: v.patchTest,
    patch_test_on: v.patchTestOn,
    tags: v.tags,
    updated_by: v.by,
    updated_at: new Date(),
  };
  return db
    .insertInto('client_profiles')
    .values({ merchant_id: v.merchantId, client_key: v.key, ...values })
    .onConflict((oc) => oc.columns(['merchant_id', 'client_key']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Every version of every note about the client, newest first. */
export function listNoteVersions(db: Executor, merchantId: string, key: string) {
  return db
    .selectFrom('client_notes')
    .select(['id', 'body', 'author_name', 'revises', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('client_key', '=', key)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export type NoteVersionRow = Awaited<ReturnType<typeof listNoteVersions>>[number];

/** A version of one of the salon's notes about this client, and whether a newer version revises it. */
export function findNoteVersion(db: Executor, merchantId: string, key: string, id: string) {
  return db
    .selectFrom('client_notes as n')
    .select(['n.id', sql<boolean>`exists (select 1 from client_notes r where r.revises = n.id)`.as('revised')])
    .where('n.id', '=', id)
    .where('n.merchant_id', '=', merchantId)
    .where('n.client_key', '=', key)
    .executeTakeFirst();
}

/**
 * Writes a note or a new version of one. A version already revised (by a racing edit) is refused
 * by the unique index on `revises`: undefined then, and nothing is written.
 */
export async function insertNote(
  db: Executor,
  v: { merchantId: string; key: string; body: string; authorId: string; authorName: string; revises: string | null },
) {
  return db
    .insertInto('client_notes')
    .values({
      merchant_id: v.merchantId,
      client_key: v.key,
      body: v.body,
      author_id: v.authorId,
      author_name: v.authorName,
      revises: v.revises,
    })
    .onConflict((oc) => oc.column('revises').doNothing())
    .returning(['id', 'body', 'author_name', 'revises', 'created_at'])
    .executeTakeFirst();
}

export async function countPhotos(db: Executor, merchantId: string, key: string): Promise<number> {
  const r = await db
    .selectFrom('client_photos')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('client_key', '=', key)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

const PHOTO_META = ['id', 'kind', 'caption', 'width', 'height', 'created_at'] as const;

export function listPhotos(db: Executor, merchantId: string, key: string) {
  return db
    .selectFrom('client_photos')
    .select([...PHOTO_META])
    .where('merchant_id', '=', merchantId)
    .where('client_key', '=', key)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export type PhotoRow = Awaited<ReturnType<typeof listPhotos>>[number];

export function insertPhoto(
  db: Executor,
  v: {
    merchantId: string;
    key: string;
    kind: 'before' | 'after';
    caption: string;
    bytes: Buffer;
    width: number;
    height: number;
    by: string;
  },
) {
  return db
    .insertInto('client_photos')
    .values({
      merchant_id: v.merchantId,
      client_key: v.key,
      kind: v.kind,
      caption: v.caption,
      bytes: v.bytes,
      width: v.width,
      height: v.height,
      created_by: v.by,
    })
    .returning([...PHOTO_META])
    .executeTakeFirstOrThrow();
}

/** One of the salon's photos with its bytes; undefined for another salon's id. */
export function findPhotoBytes(db: Executor, merchantId: string, id: string) {
  return db
    .selectFrom('client_photos')
    .select(['id', 'bytes'])
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export async function deletePhoto(db: Executor, merchantId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('client_photos').where('id', '=', id).where('merchant_id', '=', merchantId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export interface VisitRow {
  id: string;
  kind: 'booking' | 'counter';
  date: string;
  time: string | null;
  status: string;
  services: { name: string; price: string }[];
  professional: string | null;
  total: string | null;
  paid: string;
  payment_method: string | null;
  starts_at: Date;
}

/**
 * The client's visits to the salon, newest first: its bookings (services with their prices, the
 * professional, the total after discounts, what was taken) and, for a walk-in, the counter
 * visits the salon recorded (no services or price are kept for those).
 */
export async function listVisits(db: Executor, merchantId: string, key: string): Promise<VisitRow[]> {
  const walkIn = isWalkIn(key) ? emailOf(key) : null;
  const { rows } = await sql<VisitRow>`
    select b.id, 'booking' as kind, b.booking_date::text as date, b.booking_time as time, b.status,
      coalesce((select json_agg(json_build_object('name', s.service_name, 'price', s.price::text) order by s.position)
        from booking_services s where s.booking_id = b.id), '[]'::json) as services,
      st.name as professional, b.total_price::text as total,
      (case when b.payment_received then greatest(b.total_price, b.amount_paid) else b.amount_paid end)::text as paid,
      b.payment_method, b.starts_at
    from bookings b left join staff st on st.id = b.staff_id
    where b.merchant_id = ${merchantId} and b.status <> 'blocked' and ${BOOKING_CLIENT_KEY} = ${key}
    union all
    select m.id, 'counter', (m.visited_at at time zone mer.time_zone)::date::text, null, m.status, '[]'::json, null, null, '0', null, m.visited_at
    from manual_bookings m join merchants mer on mer.id = m.merchant_id
    where m.merchant_id = ${merchantId} and ${walkIn}::text is not null and lower(m.email) = ${walkIn}
    order by starts_at desc
    limit 200`.execute(db);
  return rows;
}

/** The client key, flags and tags of the salon's bookings among `bookingIds` (blocked time has no client). */
export async function flagsForBookings(db: Executor, merchantId: string, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  const { rows } = await sql<Partial<ProfileRow> & { booking_id: string; key: string }>`
    select b.id as booking_id, ${BOOKING_CLIENT_KEY} as key, p.allergies, p.patch_test, p.patch_test_on, p.tags
    from bookings b
    left join client_profiles p on p.merchant_id = b.merchant_id and p.client_key = ${BOOKING_CLIENT_KEY}
    where b.merchant_id = ${merchantId} and b.id = any(${bookingIds}::uuid[]) and b.status <> 'blocked'`.execute(db);
  return rows;
}

/** Everything every salon keeps about these keys (DPDP export), photos with their bytes. */
export async function recordsOf(db: Executor, keys: string[]) {
  const [profiles, notes, photos] = await Promise.all([
    db
      .selectFrom('client_profiles as p')
      .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
      .select(['p.merchant_id', 'm.shop_name', 'p.client_key', 'p.allergies', 'p.patch_test', 'p.patch_test_on', 'p.tags', 'p.updated_at'])
      .where('p.client_key', 'in', keys)
      .execute(),
    db
      .selectFrom('client_notes as n')
      .innerJoin('merchants as m', 'm.id', 'n.merchant_id')
      .select(['n.id', 'n.merchant_id', 'm.shop_name', 'n.client_key', 'n.body', 'n.author_name', 'n.revises', 'n.created_at'])
      .where('n.client_key', 'in', keys)
      .orderBy('n.created_at')
      .execute(),
    db
      .selectFrom('client_photos as f')
      .innerJoin('merchants as m', 'm.id', 'f.merchant_id')
      .select(['f.id', 'f.merchant_id', 'm.shop_name', 'f.client_key', 'f.kind', 'f.caption', 'f.bytes', 'f.created_at'])
      .where('f.client_key', 'in', keys)
      .orderBy('f.created_at')
      .execute(),
  ]);
  return { profiles, notes, photos };
}

/** Deletes every salon's records about these keys (DPDP erasure); how many rows of each went. */
export async function eraseRecordsOf(db: Executor, keys: string[]) {
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  const notes = count(await db.deleteFrom('client_notes').where('client_key', 'in', keys).executeTakeFirstOrThrow());
  const photos = count(await db.deleteFrom('client_photos').where('client_key', 'in', keys).executeTakeFirstOrThrow());
  const profiles = count(await db.deleteFrom('client_profiles').where('client_key', 'in', keys).executeTakeFirstOrThrow());
  return { notes, photos, profiles };
}

export function accountEmail(db: Executor, accountId: string) {
  return db.selectFrom('accounts').select(['id', 'email']).where('id', '=', accountId).executeTakeFirst();
}

export function accountByEmail(db: Executor, email: string) {
  return db.selectFrom('accounts').select(['id', 'email']).where('email', '=', email).where('role', '=', 'customer').executeTakeFirst();
}
