/*
 * Discovery reads, one module per screen under discovery/: search.ts (the search, its result
 * cards, the search table's upkeep), salonPage.ts, home.ts (the home page's sections),
 * locations.ts (cities and Popular Locations), content.ts (testimonials, the newsletter), and
 * geo.ts (points and radii the statements test). Callers import them from here.
 */

export {
  deleteTestimonial,
  findTestimonial,
  insertNewsletterSubscriber,
  insertTestimonial,
  listTestimonials,
  updateTestimonial,
} from './discovery/content.js';
export { type AreaFilter, EARTH_RADIUS_M, type Point } from './discovery/geo.js';
export {
  activeOffers,
  type CategoryCountRow,
  categoriesWithCounts,
  type OfferRow,
  type TrendingRow,
  trendingServices,
} from './discovery/home.js';
export {
  type CityCountRow,
  publishedCities,
  publishedSalonPlaces,
  publishedSalonsNear,
  type SalonPlaceRow,
} from './discovery/locations.js';
export { findSalonDetails } from './discovery/salonPage.js';
export {
  type CardRow,
  type CardServiceRow,
  type DiscoveryQuery,
  findCategoryIds,
  findMerchantCards,
  findTermIds,
  type ImageRow,
  keepSearchTableVisible,
  maintainSearchTable,
} from './discovery/search.js';
