import type { Executor } from '../executor.js';

/** The salon's current link slug and channel settings; undefined when it has none yet. */
export function findSalonLink(db: Executor, merchantId: string) {
  return db.selectFrom('salon_links').select(['slug', 'feed_opt_out']).where('merchant_id', '=', merchantId).executeTakeFirst();
}

/** Every slug the salon used, newest first. */
export async function listSalonSlugs(db: Executor, merchantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('salon_slugs')
    .select('slug')
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at', 'desc')
    .orderBy('slug')
    .execute();
  return rows.map((r) => r.slug);
}

/** Whose slug this is (any salon's, current or old), with that salon's current slug and whether it is published. */
export function resolveSlug(db: Executor, slug: string) {
  return db
    .selectFrom('salon_slugs as s')
    .innerJoin('merchants as m', 'm.id', 's.merchant_id')
    .innerJoin('salon_links as l', 'l.merchant_id', 's.merchant_id')
    .select(['s.merchant_id', 'l.slug as current_slug', 'm.is_published'])
    .where('s.slug', '=', slug)
    .executeTakeFirst();
}

/**
 * Takes `slug` for the salon unless another salon ever used it; the primary key decides between
 * two salons asking at once. Returns the salon the slug belongs to afterwards.
 */
export async function claimSlug(db: Executor, merchantId: string, slug: string): Promise<string> {
  await db
    .insertInto('salon_slugs')
    .values({ slug, merchant_id: merchantId })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const row = await db.selectFrom('salon_slugs').select('merchant_id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.merchant_id;
}

/** Makes `slug` (already the salon's in salon_slugs) its current one, creating the salon's row on first use. */
export function setCurrentSlug(db: Executor, merchantId: string, slug: string) {
  return db
    .insertInto('salon_links')
    .values({ merchant_id: merchantId, slug })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ slug, updated_at: new Date() }))
    .execute();
}

export function setFeedOptOut(db: Executor, merchantId: string, optOut: boolean) {
  return db
    .updateTable('salon_links')
    .set({ feed_opt_out: optOut, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** What the salon's link page shows before its script runs: the salon, its active services and professionals. */
export async function findLinkPageSalon(db: Executor, merchantId: string) {
  const salon = await db
    .selectFrom('merchants')
    .select(['id', 'shop_name', 'description', 'address', 'city', 'state', 'phone', 'is_published', 'time_zone', 'shop_types'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (!salon) return undefined;
  const [services, staff, cover] = await Promise.all([
    db
      .selectFrom('services')
      .select(['id', 'name', 'duration_min', 'price', 'discount_type', 'discount_value', 'discount_active'])
      .where('merchant_id', '=', merchantId)
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('staff')
      .select(['id', 'name', 'role'])
      .where('merchant_id', '=', merchantId)
      .where('archived_at', 'is', null)
      .where('status', '=', 'Active')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('shop_images')
      .select('url')
      .where('merchant_id', '=', merchantId)
      .orderBy('is_cover', 'desc')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { ...salon, services, staff, cover: cover?.url ?? null };
}

/**
 * Every published salon for the Reserve with Google feeds, with its link slug, less those that
 * opted out. Ordered by id so a feed file is stable between runs.
 */
export function listFeedSalons(db: Executor) {
  return db
    .selectFrom('merchants as m')
    .innerJoin('salon_links as l', 'l.merchant_id', 'm.id')
    .select([
      'm.id',
      'm.shop_name',
      'm.address',
      'm.city',
      'm.state',
      'm.postal_code',
      'm.country',
      'm.phone',
      'm.latitude',
      'm.longitude',
      'm.shop_types',
      'l.slug',
    ])
    .where('m.is_published', '=', true)
    .where('l.feed_opt_out', '=', false)
    .orderBy('m.id')
    .execute();
}

/** Published salons that have no link yet (the feeds give them one before listing them). */
export function listPublishedWithoutLink(db: Executor) {
  return db
    .selectFrom('merchants as m')
    .leftJoin('salon_links as l', 'l.merchant_id', 'm.id')
    .select(['m.id', 'm.shop_name'])
    .where('m.is_published', '=', true)
    .where('l.merchant_id', 'is', null)
    .execute();
}
