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

export const idSchema = z.string({ error: 'Id is required.' }).uuid('Invalid id.');

export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.')
  .refine((v) => {
    // Date.parse rolls 2026-02-30 over to March; a real date survives the round trip.
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Invalid date.');

export const timeSchema = z
  .string()
  .refine((v) => parseTimeToMinutes(v) !== null, 'Use a time like 10:30 AM or 14:30.');
