import { z } from 'zod';
import { parseTimeToMinutes } from './clock.js';

// The wall-clock helpers live in clock.ts (no zod, for light client pages); re-exported here.
export { formatClock, formatMinutes12h, parseTimeToMinutes } from './clock.js';

/** Indian mobile number: 10 digits starting 6-9 (spec, customer doc point 5). */
export const INDIAN_MOBILE_RE = /^[6-9]\d{9}$/;

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .email('Enter a valid email address.')
  .transform((v) => v.toLowerCase());

export const mobileSchema = z
  .string({ error: 'Mobile number is required.' })
  .trim()
  .regex(INDIAN_MOBILE_RE, 'Enter a valid 10-digit mobile number.');

/** At least 8 characters with a letter and a digit (api contract, Sign-in). */
export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(8, 'Password must have at least 8 characters.')
  .max(128, 'Password must have at most 128 characters.')
  .regex(/[A-Za-z]/, 'Password must contain a letter.')
  .regex(/\d/, 'Password must contain a digit.');

export const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(100, `${label} is too long.`);

export const idSchema = z
  .string({ error: 'Id is required.' })
  .uuid('Invalid id.')
  .meta({ example: '3f2b8c1e-5a4d-4e7b-9c0a-1d2e3f4a5b6c' });

/**
 * A calendar date YYYY-MM-DD that exists: months of 30 and 31 days, February 29 in leap years only
 * (2024, 2000; not 2023, 1900). One pattern, so the OpenAPI document (`format: date` and this
 * pattern) refuses 2026-02-30 as the server does.
 */
export const ISO_DATE_RE =
  /^(?:\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|(?:\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$/;

export const dateSchema = z
  .string()
  .regex(ISO_DATE_RE, {
    error: (issue) =>
      typeof issue.input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(issue.input) ? 'Invalid date.' : 'Use the date format YYYY-MM-DD.',
  })
  .meta({ format: 'date', example: '2026-03-14' });

/**
 * A wall-clock time as parseTimeToMinutes reads it: `h:mm AM/PM` (1-12) or `HH:mm` (0-23), spaces
 * around it allowed. The same set as the parser, so the OpenAPI pattern refuses what the server does.
 */
export const CLOCK_TIME_RE = /^\s*(?:(?:0?[1-9]|1[0-2]):[0-5]\d\s*[AaPp][Mm]|(?:[01]?\d|2[0-3]):[0-5]\d)\s*$/;
/** A time on the calendar's 15-minute grid (minutes 00, 15, 30 or 45), in either form. */
export const GRID_TIME_RE = /^\s*(?:(?:0?[1-9]|1[0-2]):(?:00|15|30|45)\s*[AaPp][Mm]|(?:[01]?\d|2[0-3]):(?:00|15|30|45))\s*$/;

/**
 * An optional field where a blank string ("" or spaces) means "not given", as the web forms send
 * it. The document says so (`anyOf`: the value, or a blank string), so a generated client's blank
 * is what the server takes; a required field never takes blank (400 naming it).
 */
export function blankMeansNone<T extends z.ZodType>(schema: T) {
  return z
    .union([schema, z.string().regex(/^\s*$/).describe('Blank: not given')])
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() === '' ? undefined : (v as z.output<T>)));
}

export const timeSchema = z
  .string()
  .regex(CLOCK_TIME_RE, 'Use a time like 10:30 AM or 14:30.')
  .refine((v) => parseTimeToMinutes(v) !== null, 'Use a time like 10:30 AM or 14:30.');

/**
 * An Indian mobile number as the server normalises it (spaces and hyphens dropped, a leading +91
 * or 91 before ten digits dropped): the pattern of what it accepts before that.
 */
export const LOOSE_INDIAN_MOBILE_RE = /^[\s-]*(?:\+[\s-]*9[\s-]*1[\s-]*|9[\s-]*1[\s-]*)?[6-9](?:[\s-]*\d){9}[\s-]*$/;
