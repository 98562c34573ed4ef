import { sql } from 'kysely';
import type { Executor } from '../executor.js';

export function listShopImages(db: Executor, merchantId: string) {
  return db
    .selectFrom('shop_images')
    .select(['id', 'url', 'storage_key', 'is_cover', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .orderBy('is_cover', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type ShopImageRow = Awaited<ReturnType<typeof listShopImages>>[number];

export function findShopImage(db: Executor, merchantId: string, imageId: string) {
  return db
    .selectFrom('shop_images')
    .select(['id', 'url', 'storage_key', 'is_cover', 'created_at'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', imageId)
    .executeTakeFirst();
}

export async function hasCoverImage(db: Executor, merchantId: string): Promise<boolean> {
  const r = await db
    .selectFrom('shop_images')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('is_cover', '=', true)
    .executeTakeFirst();
  return !!r;
}

export function insertShopImage(db: Executor, v: { merchantId: string; url: string; storageKey: string; isCover: boolean }) {
  return db
    .insertInto('shop_images')
    .values({ merchant_id: v.merchantId, url: v.url, storage_key: v.storageKey, is_cover: v.isCover })
    .returning(['id', 'url', 'storage_key', 'is_cover', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function deleteShopImage(db: Executor, merchantId: string, imageId: string): Promise<void> {
  await db.deleteFrom('shop_images').where('merchant_id', '=', merchantId).where('id', '=', imageId).execute();
}

/**
 * Makes one image the cover. Two statements, old cover off first: the unique index
 * shop_images_one_cover is checked row by row, so one UPDATE flipping both could trip it.
 * Callers hold the merchant row lock, so concurrent calls queue instead of colliding.
 */
export async function setCoverImage(db: Executor, merchantId: string, imageId: string): Promise<void> {
  await db
    .updateTable('shop_images')
    .set({ is_cover: false })
    .where('merchant_id', '=', merchantId)
    .where('is_cover', '=', true)
    .where('id', '<>', imageId)
    .execute();
  await db.updateTable('shop_images').set({ is_cover: true }).where('merchant_id', '=', merchantId).where('id', '=', imageId).execute();
}

/** The oldest remaining image, to become the cover when the cover is deleted. */
export function oldestShopImage(db: Executor, merchantId: string) {
  return db
    .selectFrom('shop_images')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Whether any gallery photo, staff photo or account avatar still shows this URL. */
export async function imageUrlInUse(db: Executor, url: string): Promise<boolean> {
  const r = await db
    .selectNoFrom([
      sql<boolean>`exists (select 1 from shop_images where url = ${url})
        or exists (select 1 from staff where avatar_url = ${url})
        or exists (select 1 from accounts where avatar_url = ${url})`.as('used'),
    ])
    .executeTakeFirstOrThrow();
  return r.used === true;
}
