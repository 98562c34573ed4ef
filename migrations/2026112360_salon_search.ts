import { type Kysely, sql } from 'kysely';

// Discovery reads a narrow copy of each salon instead of the wide merchants row (descriptions,
// hours JSON, settings: a kilobyte and more per salon, and rewritten by every stats refresh).
// salon_search holds only what search filters and sorts on (the opening hours the rarer
// free-time filter needs stay in merchants), plus the ids of the salon's names
// (its own, its active services' and their categories') in a dictionary of distinct lower-cased
// names, search_terms. A text search matches the pattern against the dictionary (thousands of
// names, trigram-indexed) and then finds salons holding any matching name through a GIN index,
// which is exact: no text is compared per salon, so counting half the catalogue stays cheap.
// Triggers keep both in step with merchants, services and categories in the writing transaction.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table salon_search (
      id uuid primary key references merchants(id) on delete cascade,
      is_published boolean not null,
      is_sponsored boolean not null,
      city text not null,
      address text not null,
      state text not null,
      discovery_point earth,
      gender_served text not null,
      amenities text[] not null,
      rating_avg numeric(3, 2) not null,
      review_count integer not null,
      booking_count integer not null,
      min_price numeric(10, 2),
      score float8 generated always as (0.7::float8 * rating_avg::float8 + 0.3::float8 * review_count::float8 / 1000) stored,
      term_ids integer[] not null default '{}'
    )`.execute(db);
  // Only grows: a name no salon uses any more matches no salon.
  await sql`
    create table search_terms (
      id integer generated always as identity primary key,
      term text not null unique
    )`.execute(db);
  // fastupdate off: written rarely, read by every text search, which would otherwise scan the
  // GIN pending list linearly until a vacuum merged it.
  await sql`create index search_terms_trgm on search_terms using gin (term gin_trgm_ops) with (fastupdate = off)`.execute(db);

  // The sorted ids of a salon's names, adding new names to the dictionary. Two statements: the
  // second one's snapshot sees a name another transaction added meanwhile.
  await sql`
    create or replace function salon_search_terms(mid uuid) returns integer[]
    language plpgsql volatile as $$
    declare
      names text[];
      ids integer[];
    begin
      select coalesce(array_agg(distinct t), '{}') into names from (
        select lower(m.shop_name) as t from merchants m where m.id = mid
        union all select lower(s.name) from services s where s.merchant_id = mid and s.active
        union all select lower(c.name) from services s join categories c on c.id = s.category_id
          where s.merchant_id = mid and s.active
      ) n;
      insert into search_terms (term) select unnest(names) on conflict (term) do nothing;
      select coalesce(array_agg(id order by id), '{}') into ids from search_terms where term = any(names);
      return ids;
    end
    $$`.execute(db);

  await sql`
    create or replace function salon_search_from_merchant() returns trigger
    language plpgsql as $$
    begin
      insert into salon_search (id, is_published, is_sponsored, city, address, state, discovery_point,
        gender_served, amenities, rating_avg, review_count, booking_count, min_price)
      values (new.id, new.is_published, new.is_sponsored, new.city, new.address, new.state, new.discovery_point,
        new.gender_served, new.amenities, new.rating_avg, new.review_count,
        new.booking_count, new.min_price)
      on conflict (id) do update set
        is_published = excluded.is_published, is_sponsored = excluded.is_sponsored, city = excluded.city,
        address = excluded.address, state = excluded.state, discovery_point = excluded.discovery_point,
        gender_served = excluded.gender_served, amenities = excluded.amenities, rating_avg = excluded.rating_avg,
        review_count = excluded.review_count, booking_count = excluded.booking_count, min_price = excluded.min_price;
      if tg_op = 'INSERT' or new.shop_name is distinct from old.shop_name then
        update salon_search set term_ids = salon_search_terms(new.id) where id = new.id;
      end if;
      return null;
    end
    $$`.execute(db);
  // Stats refreshes rewrite merchants rows often; a row whose searched columns did not change
  // costs nothing here.
  await sql`
    create trigger salon_search_merchant_insert after insert on merchants
    for each row execute function salon_search_from_merchant()`.execute(db);
  await sql`
    create trigger salon_search_merchant_update after update on merchants
    for each row when (
      (old.is_published, old.is_sponsored, old.city, old.address, old.state, old.discovery_point::text,
        old.gender_served, old.amenities, old.rating_avg, old.review_count,
        old.booking_count, old.min_price, old.shop_name)
      is distinct from
      (new.is_published, new.is_sponsored, new.city, new.address, new.state, new.discovery_point::text,
        new.gender_served, new.amenities, new.rating_avg, new.review_count,
        new.booking_count, new.min_price, new.shop_name))
    execute function salon_search_from_merchant()`.execute(db);

  // Service changes: statement-level, so a bulk insert refreshes each salon once; an update
  // only when a name, a category, the active flag or the salon changed (not for a new price).
  const changedSalons = {
    insert: 'select merchant_id from new_rows',
    update: `select n.merchant_id from new_rows n join old_rows o on o.id = n.id
             where (n.merchant_id, n.name, n.active, n.category_id) is distinct from (o.merchant_id, o.name, o.active, o.category_id)
             union select o.merchant_id from new_rows n join old_rows o on o.id = n.id where n.merchant_id <> o.merchant_id`,
    delete: 'select merchant_id from old_rows',
  };
  const transitionTables = {
    insert: 'referencing new table as new_rows',
    update: 'referencing old table as old_rows new table as new_rows',
    delete: 'referencing old table as old_rows',
  };
  for (const event of ['insert', 'update', 'delete'] as const) {
    await sql
      .raw(`
      create or replace function salon_search_from_services_${event}() returns trigger
      language plpgsql as $fn$
      begin
        update salon_search x set term_ids = salon_search_terms(x.id)
        where x.id in (${changedSalons[event]});
        return null;
      end
      $fn$`)
      .execute(db);
    await sql
      .raw(`
      create trigger salon_search_services_${event} after ${event} on services
      ${transitionTables[event]} for each statement execute function salon_search_from_services_${event}()`)
      .execute(db);
  }

  await sql`
    create or replace function salon_search_from_category() returns trigger
    language plpgsql as $$
    begin
      update salon_search x set term_ids = salon_search_terms(x.id)
      where x.id in (select s.merchant_id from services s where s.category_id = new.id);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger salon_search_category_rename after update of name on categories
    for each row when (old.name is distinct from new.name) execute function salon_search_from_category()`.execute(db);

  await sql`
    insert into salon_search (id, is_published, is_sponsored, city, address, state, discovery_point,
      gender_served, amenities, rating_avg, review_count, booking_count, min_price, term_ids)
    select id, is_published, is_sponsored, city, address, state, discovery_point,
      gender_served, amenities, rating_avg, review_count, booking_count, min_price, salon_search_terms(id)
    from merchants`.execute(db);

  await sql`create index salon_search_terms_idx on salon_search using gin (term_ids) with (fastupdate = off) where is_published`.execute(
    db,
  );
  await sql`create index salon_search_point_idx on salon_search using gist (discovery_point) where is_published`.execute(db);
  await sql`create index salon_search_city_idx on salon_search (lower(city)) where is_published`.execute(db);
  await sql`create index salon_search_score_idx on salon_search (score desc, id) where is_published`.execute(db);
  await sql`create index salon_search_popular_idx on salon_search (booking_count desc, score desc, id) where is_published`.execute(db);
  await sql`create index salon_search_rating_idx on salon_search (rating_avg desc, review_count desc, id) where is_published`.execute(db);
  await sql`create index salon_search_price_idx on salon_search (min_price, score desc, id) where is_published`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists salon_search_category_rename on categories`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger if exists salon_search_services_${event} on services`).execute(db);
    await sql.raw(`drop function if exists salon_search_from_services_${event}()`).execute(db);
  }
  await sql`drop trigger if exists salon_search_merchant_update on merchants`.execute(db);
  await sql`drop trigger if exists salon_search_merchant_insert on merchants`.execute(db);
  await sql`drop function if exists salon_search_from_category()`.execute(db);
  await sql`drop function if exists salon_search_from_merchant()`.execute(db);
  await sql`drop table if exists salon_search`.execute(db);
  await sql`drop function if exists salon_search_terms(uuid)`.execute(db);
  await sql`drop table if exists search_terms`.execute(db);
}
