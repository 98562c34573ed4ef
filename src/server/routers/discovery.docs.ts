/** The /api documentation of the discovery procedures too long to sit in their meta (discovery.ts). */

/** Query parameter examples of GET /merchants/search. */
export const searchParameterExamples = {
  service: 'haircut',
  location: 'Pune',
  date: '2026-03-14',
  time: 'evening',
  prices: '500-1500',
  ratings: 4,
  sortBy: 'rating',
  page: 1,
  limit: 12,
};
