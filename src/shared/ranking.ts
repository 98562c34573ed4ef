/*
 * How discovery ranks salons (customer doc point 9). The server computes the same figure in SQL
 * (repositories/discovery.ts); keep the two in step.
 */

export const RECOMMENDED_RATING_WEIGHT = 0.7;
export const RECOMMENDED_REVIEWS_WEIGHT = 0.3;
export const RECOMMENDED_REVIEWS_SCALE = 1000;

/** 0.7 × rating + 0.3 × reviews / 1000. */
export function recommendedScore(rating: number, reviewCount: number): number {
  return RECOMMENDED_RATING_WEIGHT * rating + (RECOMMENDED_REVIEWS_WEIGHT * reviewCount) / RECOMMENDED_REVIEWS_SCALE;
}

/** Sorts a list the way the recommended section does: higher score first, then more reviews. */
export function byRecommended<T extends { rating: number; reviewCount: number }>(a: T, b: T): number {
  return recommendedScore(b.rating, b.reviewCount) - recommendedScore(a.rating, a.reviewCount) || b.reviewCount - a.reviewCount;
}
