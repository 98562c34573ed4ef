import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { ALREADY_REVIEWED } from '../../src/server/services/shop/reviews.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let salon: SalonFixture;
let other: SalonFixture;
let stylist: string;
let meera: Actor;
let ravi: Actor;
let slot = 0;

beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Lotus Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
  stylist = await createStaff(rt, salon.id);
  meera = await createCustomer(rt, { firstName: 'Meera' });
  ravi = await createCustomer(rt, { firstName: 'Ravi' });
});
afterAll(async () => {
  await rt.close();
});

/** A booking of `who` at the salon, in the past, with the given status. */
async function booking(who: Actor, status: 'completed' | 'upcoming' | 'cancelled' = 'completed', merchantId = salon.id, staffId = stylist) {
  slot++;
  return insertBookingRow(rt, {
    userId: who.id,
    merchantId,
    staffId,
    startsAt: new Date(Date.now() - slot * 3_600_000 - 86_400_000),
    status,
  });
}

const salonFigures = () =>
  rt.deps.db.selectFrom('merchants').select(['rating_avg', 'review_count']).where('id', '=', salon.id).executeTakeFirstOrThrow();

const notificationsOf = (accountId: string, title: string) =>
  rt.deps.db.selectFrom('notifications').selectAll().where('account_id', '=', accountId).where('title', '=', title).execute();

describe('createReview', () => {
  it("reviews the customer's own completed booking once, refreshing the salon's rating", async () => {
    const b = await booking(meera);
    const { review } = await rt.caller(meera).reviewRoutes.createReview({ bookingId: b, rating: 4, comment: '  Lovely haircut  ' });
    expect(review).toMatchObject({
      bookingId: b,
      merchantId: salon.id,
      salonName: 'Lotus Salon',
      customerId: { _id: meera.id },
      userName: 'Meera Test',
      rating: 4,
      comment: 'Lovely haircut',
      response: null,
    });
    expect(await salonFigures()).toMatchObject({ review_count: 1 });
    expect(Number((await salonFigures()).rating_avg)).toBe(4);
    await expect(rt.caller(meera).reviewRoutes.createReview({ bookingId: b, rating: 5 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: ALREADY_REVIEWED,
    });
    expect(await notificationsOf(salon.id, 'New review')).toHaveLength(1);
  });

  it('refuses a booking that is not completed, or not the caller', async () => {
    const upcoming = await booking(meera, 'upcoming');
    await expect(rt.caller(meera).reviewRoutes.createReview({ bookingId: upcoming, rating: 5 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^bookingId: /),
    });
    const cancelled = await booking(meera, 'cancelled');
    await expect(rt.caller(meera).reviewRoutes.createReview({ bookingId: cancelled, rating: 5 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const hers = await booking(meera);
    await expect(rt.caller(ravi).reviewRoutes.createReview({ bookingId: hers, rating: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(ravi).reviewRoutes.createReview({ userId: meera.id, bookingId: hers, rating: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller(salon.owner).reviewRoutes.createReview({ bookingId: hers, rating: 5 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller().reviewRoutes.createReview({ bookingId: hers, rating: 5 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('keeps the rating a whole number from 1 to 5 and the comment under 2000 characters', async () => {
    const b = await booking(ravi);
    for (const rating of [0, 6, 3.5]) {
      await expect(rt.caller(ravi).reviewRoutes.createReview({ bookingId: b, rating })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'rating: Rating must be a whole number from 1 to 5.',
      });
    }
    await expect(rt.caller(ravi).reviewRoutes.createReview({ bookingId: b, rating: 3, comment: 'x'.repeat(2001) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^comment: /),
    });
    expect((await rt.caller(ravi).reviewRoutes.createReview({ bookingId: b, rating: 1, comment: 'x'.repeat(2000) })).review.rating).toBe(1);
    const b5 = await booking(ravi);
    expect((await rt.caller(ravi).reviewRoutes.createReview({ bookingId: b5, rating: 5 })).review.comment).toBe('');
  });
});

describe("the salon's Reviews & Feedback", () => {
  let shop: SalonFixture;
  let ids: Record<string, string>;

  beforeAll(async () => {
    shop = await createSalon(rt, { name: 'Rose Spa' });
    const staff = await createStaff(rt, shop.id);
    const add = async (who: Actor, rating: number, comment: string) => {
      const b = await booking(who, 'completed', shop.id, staff);
      return (await rt.caller(who).reviewRoutes.createReview({ bookingId: b, rating, comment })).review._id;
    };
    ids = {
      great: await add(meera, 5, 'Great facial, very relaxing'),
      good: await add(ravi, 4, 'Good massage'),
      meh: await add(meera, 2, 'Waited 30 minutes'),
    };
    // The "meh" review is 40 days old.
    await rt.deps.db
      .updateTable('reviews')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', ids.meh)
      .execute();
  });

  it('answers stats: average to one decimal, response rate, distribution', async () => {
    const r = await rt.caller(shop.owner).reviewRoutes.getReviewsByMerchant({ merchantId: shop.id });
    expect(r.reviews.map((x) => x._id)).toEqual([ids.good, ids.great, ids.meh]);
    expect(r.total).toBe(3);
    // 11 / 3 = 3.67.
    expect(r.stats).toEqual({ averageRating: 3.7, totalReviews: 3, responseRate: 0, distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 } });
  });

  it('filters by search (name or comment, any case), rating and days', async () => {
    const q = (input: Record<string, unknown>) =>
      rt.caller(shop.owner).reviewRoutes.getReviewsByMerchant({ merchantId: shop.id, ...input });
    expect((await q({ search: 'MASSAGE' })).reviews.map((x) => x._id)).toEqual([ids.good]);
    expect((await q({ search: 'ravi' })).reviews.map((x) => x._id)).toEqual([ids.good]);
    expect((await q({ search: '100%' })).reviews).toEqual([]);
    expect((await q({ rating: 5 })).reviews.map((x) => x._id)).toEqual([ids.great]);
    const recent = await q({ days: 30 });
    expect(recent.reviews.map((x) => x._id).sort()).toEqual([ids.good, ids.great].sort());
    expect(recent.total).toBe(2);
    // The cards describe the whole salon whatever the filter.
    expect(recent.stats.totalReviews).toBe(3);
    expect((await q({ days: 90 })).total).toBe(3);
    await expect(q({ rating: 6 })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/^rating: /) });
  });

  it('lets the owner respond and edit the response; the customer is told once', async () => {
    await expect(
      rt.caller(shop.owner).reviewRoutes.respondToReviewByMerchant({ reviewId: ids.meh, merchantId: shop.id, responseText: '   ' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'responseText: Please enter a response.' });
    const r = await rt.caller(shop.owner).reviewRoutes.respondToReviewByMerchant({
      reviewId: ids.meh,
      merchantId: shop.id,
      customerId: meera.id,
      responseText: ' Sorry about the wait! ',
    });
    expect(r.success).toBe(true);
    expect(r.review.response?.text).toBe('Sorry about the wait!');
    expect(Date.parse(r.review.response!.responseDate)).toBeGreaterThan(Date.now() - 60_000);
    const edited = await rt
      .caller(shop.owner)
      .reviewRoutes.respondToReview({ reviewId: ids.meh, responseText: 'Sorry, we have added a stylist.' });
    expect(edited.review.response?.text).toBe('Sorry, we have added a stylist.');
    const told = await notificationsOf(meera.id, 'Your review got a reply');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'booking', message: 'Rose Spa replied to your review.' });
    const stats = (await rt.caller(shop.owner).reviewRoutes.getReviewsByMerchant({})).stats;
    expect(stats.responseRate).toBe(33);
  });

  it("keeps reviews to their salon: 403 for another merchantId, 404 for another salon's review", async () => {
    await expect(rt.caller(salon.owner).reviewRoutes.getReviewsByMerchant({ merchantId: shop.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      rt.caller(salon.owner).reviewRoutes.respondToReviewByMerchant({ reviewId: ids.good, merchantId: shop.id, responseText: 'Hi' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      rt.caller(salon.owner).reviewRoutes.respondToReviewByMerchant({ reviewId: ids.good, responseText: 'Hi' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(rt.caller(meera).reviewRoutes.getReviewsByMerchant({ merchantId: shop.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const admin = await makeAccount(rt, 'admin');
    expect((await rt.caller(admin).reviewRoutes.getReviewsByMerchant({ merchantId: shop.id })).total).toBe(3);
  });

  it("shows a review publicly by id with the reviewer's first name and initial, and no booking or account id", async () => {
    const { review } = await rt.caller().reviewRoutes.getReviewById({ id: ids.good });
    expect(review.userName).toBe('Ravi T.');
    expect(Object.keys(review).sort()).toEqual([
      '_id',
      'comment',
      'createdAt',
      'merchantId',
      'rating',
      'response',
      'salonName',
      'updatedAt',
      'userName',
    ]);
    expect(JSON.stringify(review)).not.toContain('Test');
    expect(JSON.stringify(review)).not.toContain(ravi.id);
    await expect(rt.caller().reviewRoutes.getReviewById({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('update and delete', () => {
  it('lets the author edit their review; stats follow', async () => {
    const shop = await createSalon(rt);
    const staff = await createStaff(rt, shop.id);
    const b = await booking(meera, 'completed', shop.id, staff);
    const { review } = await rt.caller(meera).reviewRoutes.createReview({ bookingId: b, rating: 2 });
    const r = await rt.caller(meera).reviewRoutes.updateReview({ reviewId: review._id, rating: 5, comment: 'Changed my mind' });
    expect(r.review).toMatchObject({ rating: 5, comment: 'Changed my mind' });
    const m = await rt.deps.db.selectFrom('merchants').select('rating_avg').where('id', '=', shop.id).executeTakeFirstOrThrow();
    expect(Number(m.rating_avg)).toBe(5);
    await expect(rt.caller(ravi).reviewRoutes.updateReview({ reviewId: review._id, rating: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(rt.caller(shop.owner).reviewRoutes.updateReview({ reviewId: review._id, rating: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller(meera).reviewRoutes.updateReview({ reviewId: review._id, rating: 9 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('lets the author or an admin delete a review, not the salon or others; stats follow', async () => {
    const shop = await createSalon(rt);
    const staff = await createStaff(rt, shop.id);
    const mine = (
      await rt.caller(meera).reviewRoutes.createReview({ bookingId: await booking(meera, 'completed', shop.id, staff), rating: 1 })
    ).review._id;
    const his = (
      await rt.caller(ravi).reviewRoutes.createReview({ bookingId: await booking(ravi, 'completed', shop.id, staff), rating: 3 })
    ).review._id;
    await expect(rt.caller(ravi).reviewRoutes.deleteReview({ reviewId: mine })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(shop.owner).reviewRoutes.deleteReview({ reviewId: mine })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(other.owner).reviewRoutes.deleteReview({ reviewId: mine })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await rt.caller(meera).reviewRoutes.deleteReview({ reviewId: mine })).message).toBe('Review deleted successfully.');
    let m = await rt.deps.db
      .selectFrom('merchants')
      .select(['rating_avg', 'review_count'])
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect([Number(m.rating_avg), m.review_count]).toEqual([3, 1]);
    const admin = await makeAccount(rt, 'admin');
    await rt.caller(admin).reviewRoutes.deleteReview({ reviewId: his });
    m = await rt.deps.db.selectFrom('merchants').select(['rating_avg', 'review_count']).where('id', '=', shop.id).executeTakeFirstOrThrow();
    expect([Number(m.rating_avg), m.review_count]).toEqual([0, 0]);
  });
});
