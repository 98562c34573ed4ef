import { AMENITIES } from '../../../shared/constants';
import type { SortOption } from '../../../shared/schemas/discovery';

/*
 * Home-page and search constants (customer doc point 9). Kept free of zod and server schemas so the
 * home route's first chunk stays small (shared/constants is zod-free).
 */

export const TIME_WINDOW_OPTIONS = [
  { value: '', label: 'Any Time' },
  { value: 'morning', label: 'Morning (9AM - 12PM)' },
  { value: 'afternoon', label: 'Afternoon (12PM - 5PM)' },
  { value: 'evening', label: 'Evening (5PM - 9PM)' },
] as const;

/** Offered before the catalogue has loaded and while the box is empty. */
export const POPULAR_SERVICES = [
  'Haircut',
  'Hair Colour',
  'Facial',
  'Manicure',
  'Pedicure',
  'Massage',
  'Waxing',
  'Threading',
  'Bridal Makeup',
  'Beard Trim',
];

export const MAX_SERVICE_SUGGESTIONS = 10;
export const MIN_LOCATION_QUERY = 3;
/** Lets a click on a suggestion land before the list unmounts (spec point 4). */
export const LOCATION_BLUR_CLOSE_MS = 100;
export const SERVICE_BLUR_CLOSE_MS = 300;

export const AVAILABILITY_OPTIONS = [
  { value: 'today', label: 'Available Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'week', label: 'This Week' },
  { value: 'next_week', label: 'Next Week' },
  { value: 'custom', label: 'Pick a date' },
] as const;

export const GENDER_OPTIONS = [
  { value: 'any', label: 'Any' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
] as const;

export const EXPERIENCE_OPTIONS = [
  { value: 'all', label: 'All levels' },
  { value: 'junior', label: 'Junior (1-3 years)' },
  { value: 'senior', label: 'Senior (4-7 years)' },
  { value: 'master', label: 'Master (8+ years)' },
] as const;

/** The amenity filter's choices: the list salons pick from. */
export const AMENITY_OPTIONS = AMENITIES;

export const SORT_CHOICES: { value: SortOption; label: string }[] = [
  { value: 'recommended', label: 'Recommended' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'popular', label: 'Most Popular' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'distance', label: 'Nearest first' },
];

export const PRICE_TIER_OPTIONS = [
  { value: '$', label: '₹', hint: 'Under ₹500' },
  { value: '$$', label: '₹₹', hint: '₹500 - ₹1,499' },
  { value: '$$$', label: '₹₹₹', hint: '₹1,500 - ₹2,999' },
  { value: '$$$$', label: '₹₹₹₹', hint: '₹3,000 and up' },
] as const;

export const RATING_OPTIONS = [
  { value: '', label: 'Any rating' },
  { value: '3.5', label: '3.5+' },
  { value: '4', label: '4.0+' },
  { value: '4.5', label: '4.5+' },
] as const;

/**
 * Where the distance slider's thumb rests while no limit is set (spec point 9). Moving it, even back to
 * this value, sets a limit; only "Any distance" or Reset clear it.
 */
export const DEFAULT_DISTANCE_KM = 10;
export const MAX_DISTANCE_KM = 50;

export const RECENTLY_VIEWED_MAX = 10;
