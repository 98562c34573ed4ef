import { sql } from 'kysely';
import type { Executor } from './accounts.js';

export interface CustomerRow {
  id: string;
  source: 'account' | 'walk-in';
  name: string;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  total_bookings: number;
  last_visit: Date | null;
  next_appointment: Date | null;
  member_since: Date;
  rating: number | null;
  last_booked: Date;
}

/**
 * A salon's customers: accounts that booked it (bookings count, last visit, next appointment,
 * their average rating of it) and walk-in customers of its manual bookings, matched by e-mail.
 */
export async function salonCustomers(db: Executor, merchantId: string, f: { search?: string; rangeDays?: number; minRating?: number }) {
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const since = f.rangeDays ? new Date(Date.now() - f.rangeDays * 86_400_000) : null;
  const { rows } = await sql<CustomerRow>`
    with booked as (
      select b.user_id,
        count(*)::int as total_bookings,
        max(b.starts_at) filter (where b.starts_at <= now() and b.status <> 'cancelled') as last_visit,
        min(b.starts_at) filter (where b.starts_at > now() and b.status in ('pending', 'upcoming', 'confirmed')) as next_appointment,
        max(b.created_at) as last_booked
      from bookings b where b.merchant_id = ${merchantId}
      group by b.user_id
    ),
    rated as (
      select r.user_id, round(avg(r.rating)::numeric, 1)::float8 as rating
      from reviews r where r.merchant_id = ${merchantId} group by r.user_id
    ),
    accounts_part as (
      select a.id::text as id, 'account' as source, trim(a.first_name || ' ' || a.last_name) as name, a.email, a.phone,
        a.avatar_url as avatar, bk.total_bookings, bk.last_visit, bk.next_appointment, a.created_at as member_since,
        rt.rating, bk.last_booked
      from booked bk join accounts a on a.id = bk.user_id
      left join rated rt on rt.user_id = bk.user_id
    ),
    walk_ins as (
      select 'walk-in:' || lower(mb.email) as id, 'walk-in' as source, max(mb.name) as name, lower(mb.email) as email, max(mb.mobile) as phone,
        null::text as avatar, count(*)::int as total_bookings,
        max(mb.created_at) filter (where mb.status <> 'cancelled') as last_visit, null::timestamptz as next_appointment,
        min(mb.created_at) as member_since, null::float8 as rating, max(mb.created_at) as last_booked
      from manual_bookings mb
      where mb.merchant_id = ${merchantId}
        and not exists (select 1 from accounts_part ap where lower(ap.email) = lower(mb.email))
      group by lower(mb.email)
    ),
    everyone as (select * from accounts_part union all select * from walk_ins)
    select * from everyone
    where (${like}::text is null or name ilike ${like} or email ilike ${like})
      and (${since}::timestamptz is null or last_booked >= ${since})
      and (${f.minRating ?? null}::int is null or rating >= ${f.minRating ?? null})
    order by last_booked desc, id
    limit 500`.execute(db);
  return rows;
}

export function listTemplates(db: Executor, merchantId: string) {
  return db.selectFrom('message_templates').selectAll().where('merchant_id', '=', merchantId).orderBy('created_at', 'desc').execute();
}

export function sentMessages(db: Executor, merchantId: string) {
  return db.selectFrom('outbox_messages').selectAll().where('merchant_id', '=', merchantId).orderBy('created_at', 'desc').limit(100).execute();
}
