import { sql, type Updateable } from 'kysely';
import { containsPattern } from '../../../shared/constants.js';
import type { Executor } from '../executor.js';
import type { ReviewsTable } from '../types.js';

export function findBookingForReview(db: Executor, bookingId: string) {
  return db.selectFrom('bookings').select(['id', 'user_id', 'merchant_id', 'status']).where('id', '=', bookingId).executeTakeFirst();
}

export async function bookingHasReview(db: Executor, bookingId: string): Promise<boolean> {
  return !!(await db.selectFrom('reviews').select('id').where('booking_id', '=', bookingId).executeTakeFirst());
}

export async function insertReview(
  db: Executor,
  values: { booking_id: string; user_id: string; merchant_id: string; rating: number; comment: string },
): Promise<string> {
  const r = await db.insertInto('reviews').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

function reviewDetails(db: Executor) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('accounts as a', 'a.id', 'r.user_id')
    .innerJoin('merchants as m', 'm.id', 'r.merchant_id')
    .select([
      'r.id',
      'r.booking_id',
      'r.user_id',
      'r.merchant_id',
      'r.rating',
      'r.comment',
      'r.response_text',
      'r.response_at',
      'r.created_at',
      'r.updated_at',
      'a.first_name',
      'a.last_name',
      'a.avatar_url',
      'm.shop_name',
    ]);
}

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewDetails>['execute']>>[number];

export function findReviewDetails(db: Executor, reviewId: string) {
  return reviewDetails(db).where('r.id', '=', reviewId).executeTakeFirst();
}

/** Just the owner columns, locked: a change checks who may make it, then writes. */
export function findReviewForUpdate(db: Executor, reviewId: string) {
  return db
    .selectFrom('reviews')
    .select(['id', 'user_id', 'merchant_id', 'response_text'])
    .where('id', '=', reviewId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateReview(db: Executor, reviewId: string, values: Updateable<ReviewsTable>): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', reviewId)
    .execute();
}

export async function deleteReview(db: Executor, reviewId: string): Promise<void> {
  await db.deleteFrom('reviews').where('id', '=', reviewId).execute();
}

export interface ReviewFilter {
  merchantId: string;
  search?: string;
  rating?: number;
  since?: Date;
}

function filtered<Q extends { where: (...args: any[]) => Q }>(q: Q, f: ReviewFilter): Q {
  let out = q.where('r.merchant_id', '=', f.merchantId);
  if (f.rating) out = out.where('r.rating', '=', f.rating);
  if (f.since) out = out.where('r.created_at', '>=', f.since);
  if (f.search) {
    const pattern = containsPattern(f.search);
    out = out.where(sql<boolean>`(r.comment ilike ${pattern} or (a.first_name || ' ' || a.last_name) ilike ${pattern})`);
  }
  return out;
}

export function listMerchantReviews(db: Executor, f: ReviewFilter, limit: number, offset: number) {
  return filtered(reviewDetails(db), f).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
}

export async function countMerchantReviews(db: Executor, f: ReviewFilter): Promise<number> {
  const q = db
    .selectFrom('reviews as r')
    .innerJoin('accounts as a', 'a.id', 'r.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const r = await filtered(q, f).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The whole salon's figures in one pass: count, average, answered, and reviews per star. */
export async function merchantReviewStats(db: Executor, merchantId: string) {
  const r = await db
    .selectFrom('reviews')
    .select([
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number | null>`avg(rating)::float8`.as('average'),
      sql<number>`count(*) filter (where response_text is not null)`.as('answered'),
      sql<number>`count(*) filter (where rating = 1)`.as('r1'),
      sql<number>`count(*) filter (where rating = 2)`.as('r2'),
      sql<number>`count(*) filter (where rating = 3)`.as('r3'),
      sql<number>`count(*) filter (where rating = 4)`.as('r4'),
      sql<number>`count(*) filter (where rating = 5)`.as('r5'),
    ])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return {
    total: Number(r.total),
    average: r.average == null ? 0 : Number(r.average),
    answered: Number(r.answered),
    distribution: { 1: Number(r.r1), 2: Number(r.r2), 3: Number(r.r3), 4: Number(r.r4), 5: Number(r.r5) },
  };
}
