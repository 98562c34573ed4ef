import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '../../compiled.js';
import type { Executor } from '../../executor.js';

/* The salon page. */

/** The latest reviews the salon page shows. */
const LATEST_DETAIL_REVIEWS = 20;

/** Published or not: the caller decides who may see an unpublished salon. */
const salonDetails = compiledOnce((db, id: string) =>
  db
    .selectFrom('merchants as m')
    .selectAll('m')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('services as s')
          .leftJoin('categories as c', 'c.id', 's.category_id')
          .select([
            's.id',
            's.name',
            's.description',
            's.duration_min',
            's.price',
            's.discount_type',
            's.discount_value',
            's.discount_active',
            's.image',
            's.category_id',
            'c.name as category_name',
            'c.icon as category_icon',
          ])
          .whereRef('s.merchant_id', '=', 'm.id')
          .where('s.active', '=', true)
          .orderBy(sql`c.sort_order nulls last`)
          .orderBy('c.name')
          .orderBy('s.price')
          .orderBy('s.name'),
      ).as('services'),
      // The team a customer sees: everyone not archived and not switched off.
      jsonArrayFrom(
        eb
          .selectFrom('staff as st')
          .select(['st.id', 'st.name', 'st.role', 'st.avatar_url', 'st.specializations', 'st.experience_years', 'st.status'])
          .whereRef('st.merchant_id', '=', 'm.id')
          .where('st.archived_at', 'is', null)
          .where('st.status', '<>', 'Inactive')
          .orderBy('st.created_at')
          .orderBy('st.id'),
      ).as('staff'),
      jsonArrayFrom(
        eb
          .selectFrom('shop_images as i')
          .select(['i.id', 'i.url', 'i.is_cover'])
          .whereRef('i.merchant_id', '=', 'm.id')
          .orderBy('i.is_cover', 'desc')
          .orderBy('i.created_at')
          .orderBy('i.id'),
      ).as('images'),
      jsonArrayFrom(
        eb
          .selectFrom('reviews as r')
          .innerJoin('accounts as a', 'a.id', 'r.user_id')
          .select([
            'r.id',
            'r.user_id',
            'r.rating',
            'r.comment',
            'r.created_at',
            'r.response_text',
            'r.response_at',
            'a.first_name',
            'a.last_name',
          ])
          .whereRef('r.merchant_id', '=', 'm.id')
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id')
          .limit(LATEST_DETAIL_REVIEWS),
      ).as('reviews'),
      jsonArrayFrom(
        eb
          .selectFrom('reviews as rd')
          .select(['rd.rating', sql<number>`count(*)::int`.as('n')])
          .whereRef('rd.merchant_id', '=', 'm.id')
          .groupBy('rd.rating'),
      ).as('ratings'),
      // The salon's pages on social networks, as its owner linked them.
      jsonArrayFrom(
        eb
          .selectFrom('social_connections as sc')
          .select(['sc.network', 'sc.url'])
          .whereRef('sc.merchant_id', '=', 'm.id')
          .orderBy('sc.network'),
      ).as('social'),
    ])
    .where('m.id', '=', id),
);

/**
 * Everything the salon page shows, in one statement: the salon's row, its active services (with
 * their categories), its team, images, latest reviews, the count of reviews per rating and its
 * social links. The lists come as JSON: numbers as numbers, times as ISO text. Undefined for an
 * unknown salon.
 */
export async function findSalonDetails(db: Executor, id: string) {
  const { rows } = await salonDetails(db, id);
  return rows[0];
}
