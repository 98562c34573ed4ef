import { type Kysely, sql } from 'kysely';

/*
 * The salon's own booking channels (docs/channels.md).
 *
 * `salon_slugs` holds every slug a salon has ever used for its link (/s/{slug}); the slug is the
 * key, so a slug once given out always names the same salon and an old link printed on a poster
 * can never lead to another salon: it redirects to the salon's current one. `salon_links` holds the
 * current slug (a foreign key to the salon's own row of salon_slugs, so it cannot name a slug of
 * another salon) and whether the salon is left out of the Reserve with Google feeds.
 *
 * `bookings.channel`: 'direct' when the customer came through the salon's own link, widget or
 * poster (no platform commission), 'marketplace' otherwise (every booking before this one).
 *
 * Existing salons get a slug from their name (with a short part of their id when two names clash),
 * so every published salon has a link the day this ships.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table salon_slugs (
      slug text primary key check (slug ~ '^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$' and slug !~ '--'),
      merchant_id uuid not null references merchants(id) on delete cascade,
      created_at timestamptz not null default now(),
      unique (slug, merchant_id)
    )`.execute(db);
  await sql`create index salon_slugs_merchant_idx on salon_slugs (merchant_id)`.execute(db);
  await sql`
    create table salon_links (
      merchant_id uuid primary key references merchants(id) on delete cascade,
      slug text not null unique,
      feed_opt_out boolean not null default false,
      updated_at timestamptz not null default now(),
      foreign key (slug, merchant_id) references salon_slugs (slug, merchant_id)
    )`.execute(db);

  await sql`alter table bookings add column channel text not null default 'marketplace'
    constraint bookings_channel_known check (channel in ('marketplace', 'direct'))`.execute(db);

  // A slug from the name: lower case ASCII letters and digits joined by single hyphens, 3 to 60 long.
  await sql`
    with named as (
      select id, left(trim(both '-' from regexp_replace(lower(shop_name), '[^a-z0-9]+', '-', 'g')), 50) as base
      from merchants
    ), ranked as (
      select id, case when length(base) < 3 then 'salon-' || left(id::text, 8) else base end as base,
        row_number() over (partition by base order by id) as n
      from named
    )
    insert into salon_slugs (slug, merchant_id)
    select case when n = 1 then trim(both '-' from base) else trim(both '-' from base) || '-' || left(id::text, 8) end, id from ranked`.execute(
    db,
  );
  await sql`insert into salon_links (merchant_id, slug) select merchant_id, slug from salon_slugs`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bookings drop column channel`.execute(db);
  await sql`drop table salon_links`.execute(db);
  await sql`drop table salon_slugs`.execute(db);
}
