import { addDays, instantToZoned, zonedTimeToInstant } from './slots.js';

/*
 * Message consent (issue 25, docs/money.md "Message consent"): what a message is, when a
 * promotional one may go out, and how many one-to-one messages a salon sends in a day. Pure
 * functions of an instant: callers pass the server clock (AppDeps.now), never read the wall clock.
 */

/** Transactional: about a booking or the account. Promotional: offers, news, anything else. */
export const MESSAGE_CATEGORIES = ['transactional', 'promotional'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** One-to-one messages (each channel counts) a salon may send per India day. */
export const DAILY_MESSAGE_LIMIT = 100;

/** A one-to-one transactional message names a booking that is upcoming or started within this many days. */
export const BOOKING_REFERENCE_DAYS = 7;

/** India's zone: the TRAI quiet hours and the salon's message day are India's. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
/** TRAI: no promotional SMS or WhatsApp from 21:00 to 09:00 IST (minutes after midnight). */
export const QUIET_HOURS_START = 21 * 60;
export const QUIET_HOURS_END = 9 * 60;

/** Channels bound by the quiet hours (e-mail is not). */
export const QUIET_HOURS_CHANNELS = ['sms', 'whatsapp'] as const;

export const QUIET_HOURS_NOTE = 'TRAI quiet hours';

/** The India day ('YYYY-MM-DD') an instant falls on: the daily limit's day. */
export function indiaDay(now: Date): string {
  return instantToZoned(now, INDIA_TIME_ZONE).date;
}

export function isQuietHours(now: Date): boolean {
  const { minutes } = instantToZoned(now, INDIA_TIME_ZONE);
  return minutes >= QUIET_HOURS_START || minutes < QUIET_HOURS_END;
}

/** The next 09:00 IST when `now` is in the quiet hours (when a held message goes out); else null. */
export function quietHoursEnd(now: Date): Date | null {
  const { date, minutes } = instantToZoned(now, INDIA_TIME_ZONE);
  if (minutes >= QUIET_HOURS_START) return zonedTimeToInstant(addDays(date, 1), QUIET_HOURS_END, INDIA_TIME_ZONE);
  if (minutes < QUIET_HOURS_END) return zonedTimeToInstant(date, QUIET_HOURS_END, INDIA_TIME_ZONE);
  return null;
}

/** Whether a message on this channel of this category keeps out of the quiet hours. */
export function boundByQuietHours(category: MessageCategory, channel: string): boolean {
  return category === 'promotional' && (QUIET_HOURS_CHANNELS as readonly string[]).includes(channel);
}

/** '9:00 am' in India, for "held until 9:00 am (TRAI quiet hours)". */
export function indiaClock(instant: Date | string): string {
  const { minutes } = instantToZoned(new Date(instant), INDIA_TIME_ZONE);
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** What a screen says of a message held for the quiet hours. */
export function heldLabel(until: Date | string): string {
  return `Held until ${indiaClock(until)} (${QUIET_HOURS_NOTE})`;
}

/** When a queued message waits for the end of the quiet hours: its not-before time; else null. */
export function heldUntilOf(
  m: { status: string; category: MessageCategory; channel: string; nextAttemptAt: Date | string | null },
  now: Date,
): Date | null {
  if (m.status !== 'queued' || !m.nextAttemptAt || !boundByQuietHours(m.category, m.channel)) return null;
  const at = new Date(m.nextAttemptAt);
  return at > now ? at : null;
}
