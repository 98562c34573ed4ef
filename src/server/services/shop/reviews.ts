import type { z } from 'zod';
import { pagingOf } from '../../../shared/schemas/paging.js';
import type { createReviewInput, merchantReviewsInput, respondToReviewInput, updateReviewInput } from '../../../shared/schemas/reviews.js';
import type { Executor } from '../../db/executor.js';
import { refreshMerchantStats } from '../../db/repositories/merchantStats.js';
import { insertNotification } from '../../db/repositories/notifications.js';
import { findShop } from '../../db/repositories/shopProfile.js';
import {
  bookingHasReview,
  countMerchantReviews,
  deleteReview as deleteReviewRow,
  findBookingForReview,
  findReviewDetails,
  findReviewForUpdate,
  insertReview,
  listMerchantReviews,
  merchantReviewStats,
  updateReview as updateReviewRow,
} from '../../db/repositories/shopReviews.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { queuePushToAccount } from '../../messaging/push.js';
import { shopOf } from '../scope.js';
import { notificationSettingsOf, toPublicReviewWire, toReviewWire } from './wire.js';

export const ALREADY_REVIEWED = 'This booking has already been reviewed';

async function reviewWireOf(db: Executor, reviewId: string) {
  const row = await findReviewDetails(db, reviewId);
  if (!row) throw notFound('Review');
  return toReviewWire(row);
}

/** Tells the salon about a new review, if it kept the Customer Reviews notification on. */
async function notifySalonOfReview(trx: Executor, merchantId: string, rating: number) {
  const shop = await findShop(trx, merchantId);
  if (!shop) return;
  const wanted = notificationSettingsOf(shop.notification_settings).find((p) => p.id === 'customerReviews')?.enabled;
  if (!wanted) return;
  await insertNotification(trx, {
    accountId: merchantId,
    type: 'booking',
    title: 'New review',
    message: `A customer rated your shop ${rating} out of 5.`,
    link: '/merchant/reviews',
  });
}

/** A customer reviews their own completed booking, once. */
export async function createReview(deps: AppDeps, actor: Actor, input: z.output<typeof createReviewInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const booking = await findBookingForReview(trx, input.bookingId);
    if (!booking || booking.user_id !== actor.id) throw notFound('Booking');
    if (booking.status !== 'completed') {
      throw badRequest('bookingId: you can review a booking once it has been completed', 'bookingId');
    }
    // The unique index on reviews.booking_id settles a race; this answers the common case plainly.
    if (await bookingHasReview(trx, booking.id)) throw conflict(ALREADY_REVIEWED);
    const id = await insertReview(trx, {
      booking_id: booking.id,
      user_id: actor.id,
      merchant_id: booking.merchant_id,
      rating: input.rating,
      comment: input.comment,
    });
    await refreshMerchantStats(trx, booking.merchant_id);
    await notifySalonOfReview(trx, booking.merchant_id, input.rating);
    return { review: await reviewWireOf(trx, id) };
  });
}

export async function updateReview(deps: AppDeps, actor: Actor, input: z.output<typeof updateReviewInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const review = await findReviewForUpdate(trx, input.reviewId);
    if (!review || review.user_id !== actor.id) throw notFound('Review');
    await updateReviewRow(trx, review.id, {
      ...(input.rating !== undefined ? { rating: input.rating } : {}),
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
    });
    await refreshMerchantStats(trx, review.merchant_id);
    return { review: await reviewWireOf(trx, review.id) };
  });
}

/** The author may delete their review; so may an admin (moderation). */
export async function deleteReview(deps: AppDeps, actor: Actor, reviewId: string) {
  return deps.db.transaction().execute(async (trx) => {
    const review = await findReviewForUpdate(trx, reviewId);
    if (!review) throw notFound('Review');
    if (actor.role !== 'admin') {
      if (actor.role === 'merchant' && review.merchant_id === actor.id)
        throw forbidden('A salon cannot delete its reviews; reply to them instead');
      if (review.user_id !== actor.id) throw notFound('Review');
    }
    await deleteReviewRow(trx, review.id);
    await refreshMerchantStats(trx, review.merchant_id);
    return { message: 'Review deleted successfully.' };
  });
}

/** Public: the review's public face (toPublicReviewWire), for anyone. */
export async function getReviewById(deps: AppDeps, id: string) {
  const row = await findReviewDetails(deps.db, id);
  if (!row) throw notFound('Review');
  return { review: toPublicReviewWire(row) };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Reviews & Feedback: the filtered list, and the whole salon's figures for the cards. */
export async function getMerchantReviews(
  deps: AppDeps,
  actor: Actor,
  input: z.output<typeof merchantReviewsInput>,
  opts: { now?: Date } = {},
) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const now = opts.now ?? new Date();
  const filter = {
    merchantId,
    search: input.search,
    rating: input.rating,
    since: input.days ? new Date(now.getTime() - input.days * 86_400_000) : undefined,
  };
  const offset = input.offset > 0 ? input.offset : (input.page - 1) * input.limit;
  const [rows, total, stats] = await Promise.all([
    listMerchantReviews(deps.db, filter, input.limit, offset),
    countMerchantReviews(deps.db, filter),
    merchantReviewStats(deps.db, merchantId),
  ]);
  return {
    reviews: rows.map(toReviewWire),
    total,
    stats: {
      averageRating: round1(stats.average),
      totalReviews: stats.total,
      responseRate: stats.total ? Math.round((stats.answered / stats.total) * 100) : 0,
      distribution: stats.distribution,
    },
    paging: pagingOf(Math.floor(offset / input.limit) + 1, input.limit, total),
  };
}

/** The salon's public reply (new or edited); the customer hears about the first one. */
export async function respondToReview(deps: AppDeps, actor: Actor, input: z.output<typeof respondToReviewInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  return deps.db.transaction().execute(async (trx) => {
    const review = await findReviewForUpdate(trx, input.reviewId);
    if (!review || review.merchant_id !== merchantId) throw notFound('Review');
    await updateReviewRow(trx, review.id, { response_text: input.responseText, response_at: new Date() });
    if (review.response_text == null) {
      const shop = await findShop(trx, merchantId);
      const note = {
        title: 'Your review got a reply',
        message: `${shop?.shop_name ?? 'The salon'} replied to your review.`,
        link: '/bookings',
      };
      await insertNotification(trx, { accountId: review.user_id, type: 'booking', ...note });
      await queuePushToAccount(
        trx,
        review.user_id,
        { title: note.title, body: note.message, url: note.link, tag: `review-${review.id}` },
        { purpose: 'review_reply', reviewId: review.id },
      );
    }
    await refreshMerchantStats(trx, merchantId);
    return { success: true as const, review: await reviewWireOf(trx, review.id) };
  });
}
