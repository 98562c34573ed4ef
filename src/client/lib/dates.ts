/* Dates across the app come from the product's one date style, shared/dates.ts ("26 Nov 2026"). */
export { clockTime, dayMonth, longDate, longDateTime, monthYear, weekdayDate } from '../../shared/dates';
