import { z } from 'zod';
import { idSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';
import { bodyPageFields, pagingWire } from './paging.js';
import { blankToUndefined, merchantIdField } from './shop.js';

export const REVIEW_MAX_LENGTH = 2000;

const ratingNumber = z
  .number({ error: 'Rating is required.' })
  .int('Rating must be a whole number from 1 to 5.')
  .min(1, 'Rating must be a whole number from 1 to 5.')
  .max(5, 'Rating must be a whole number from 1 to 5.');
const ratingSchema = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), ratingNumber);
const commentSchema = z.string().trim().max(REVIEW_MAX_LENGTH, `Keep the comment under ${REVIEW_MAX_LENGTH} characters.`);

export const createReviewInput = z.object({
  userId: z.preprocess(blankToUndefined, idSchema.optional()),
  bookingId: idSchema,
  rating: ratingSchema,
  comment: commentSchema.default(''),
});

export const updateReviewInput = z.object({
  reviewId: idSchema,
  rating: ratingSchema.optional(),
  comment: commentSchema.optional(),
});

/**
 * The review dialog (write or edit): the rating is picked with stars, so none picked yet (0) asks
 * for a pick; otherwise the server's rules for the rating and the comment.
 */
export const reviewForm = z.object({
  rating: z.number().min(1, 'Please choose a rating from 1 to 5 stars.').pipe(ratingNumber),
  comment: commentSchema,
});

export const reviewIdInput = z.object({ reviewId: idSchema });
export const reviewByIdInput = z.object({ id: idSchema });

/** Days back the time filter keeps; 0, blank or "all" means all time. */
const daysSchema = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined || v === 'all' || v === 0 || v === '0') return undefined;
  return typeof v === 'string' ? Number(v) : v;
}, z.number().int('Use a whole number of days.').min(1, 'Use a whole number of days.').max(3650, 'At most 3650 days.').optional());

export const merchantReviewsInput = z.object({
  merchantId: merchantIdField,
  search: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Keep the search under 100 characters.').optional()),
  rating: z.preprocess(
    (v) => (v === '' || v === null || v === 'all' || v === 0 || v === '0' ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number()
      .int('Rating must be a whole number from 1 to 5.')
      .min(1, 'Rating must be a whole number from 1 to 5.')
      .max(5, 'Rating must be a whole number from 1 to 5.')
      .optional(),
  ),
  days: daysSchema,
  ...bodyPageFields(200, 500),
  /** The older way to page: rows to skip. When sent (above 0) it wins over `page`. */
  offset: jsonValue(z.number().int().min(0)).default(0).describe('Rows to skip (older clients); when above 0 it is used instead of page'),
});

export const respondToReviewInput = z.object({
  reviewId: idSchema,
  merchantId: merchantIdField,
  /** Sent by the original client; the review already names its author. */
  customerId: z.preprocess(blankToUndefined, idSchema.optional()),
  responseText: z
    .string({ error: 'Please enter a response.' })
    .trim()
    .min(1, 'Please enter a response.')
    .max(REVIEW_MAX_LENGTH, `Keep the response under ${REVIEW_MAX_LENGTH} characters.`),
});

/** The owner's Respond dialog: the text only (the review and salon are the dialog's own, not fields an error could land on). */
export const respondToReviewForm = respondToReviewInput.pick({ responseText: true });

// ---------------------------------------------------------------- wire

export const reviewWire = z.object({
  _id: z.string(),
  bookingId: z.string().nullable(),
  merchantId: z.string(),
  salonName: z.string(),
  customerId: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), avatar: z.string().nullable() }),
  userName: z.string(),
  comment: z.string(),
  rating: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  response: z.object({ text: z.string(), responseDate: z.string() }).nullable(),
});
export type ReviewWire = z.infer<typeof reviewWire>;

export const reviewStatsWire = z.object({
  /** One decimal; 0 when there are no reviews. */
  averageRating: z.number(),
  totalReviews: z.number(),
  /** Rounded percent of reviews the salon answered. */
  responseRate: z.number(),
  distribution: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
});
export type ReviewStatsWire = z.infer<typeof reviewStatsWire>;

export const reviewAnswer = z.object({ review: reviewWire });

/**
 * A review as anyone may read it (reviewRoutes/getReviewById): the reviewer's first name and the
 * initial of their last name, as on the salon page; no booking or account ids.
 */
export const publicReviewWire = z.object({
  _id: z.string(),
  merchantId: z.string(),
  salonName: z.string(),
  /** "Priya S." */
  userName: z.string(),
  comment: z.string(),
  rating: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  response: z.object({ text: z.string(), responseDate: z.string() }).nullable(),
});
export type PublicReviewWire = z.infer<typeof publicReviewWire>;
export const publicReviewAnswer = z.object({ review: publicReviewWire });
export const merchantReviewsAnswer = z.object({
  reviews: z.array(reviewWire),
  /** Reviews matching the filters (the list is one page of them). */
  total: z.number(),
  /** The whole salon, regardless of the filters. */
  stats: reviewStatsWire,
  paging: pagingWire,
});
export const respondToReviewAnswer = z.object({ success: z.literal(true), review: reviewWire });
export const deleteReviewAnswer = z.object({ message: z.string() });
