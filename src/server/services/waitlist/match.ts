import { CUSTOMER_PREFERENCE_KEYS, preferenceOn } from '../../../shared/reminders.js';
import { type BusyInterval, computeSlots, instantToZoned, isValidTimeZone } from '../../../shared/slots.js';
import { WAITLIST_HOLD_MINUTES } from '../../../shared/waitlist.js';
import type { Executor } from '../../db/executor.js';
import {
  expireEntries,
  expireOverdueOffers,
  insertOffer,
  lockWaitlistDay,
  openHoldsOfDay,
  openOfferForMessages,
  waitingEntriesOfDay,
  waitlistSalon,
} from '../../db/repositories/waitlist.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { noEffects, writeEffects } from '../../jobs/effects.js';
import { defineJob } from '../../jobs/queue.js';
import { type NewMessage, queueMessages } from '../../messaging/index.js';
import { queuePushToAccount } from '../../messaging/push.js';
import { toE164 } from '../auth/otp.js';
import { loadSalonDay } from '../bookings/availability.js';
import { displayDate } from '../bookings/notify.js';
import { WAITLIST_MATCH } from './freed.js';

/** The job that tells a customer of an offer by push, e-mail and SMS or WhatsApp. */
export const WAITLIST_OFFER_MESSAGES = 'waitlist_offer_messages';
/** Where the customer's waitlist is in the app. */
export const WAITLIST_LINK = '/bookings?tab=waitlist';

/** '3:45 PM' on the salon's clock. */
function salonClock(instant: Date, timeZone: string): string {
  const { minutes } = instantToZoned(instant, timeZone);
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Offers a salon day's free times to the customers waiting for it, in the order they joined: the
 * first free start in each entry's window (with its professional, if named) that is not already
 * held by another open offer and was never offered to that entry. Each offer holds the time for
 * WAITLIST_HOLD_MINUTES; a run is queued for when the holds end, so an offer left unanswered goes to
 * the next in line without anyone acting. Offers that ran out are expired first, and entries whose
 * window has passed end. One run per salon day at a time (an advisory lock), in the job's
 * transaction: the offers, their notices and their message jobs commit together. Answers how many
 * offers were made.
 */
export async function matchWaitlistDay(trx: Executor, merchantId: string, date: string, now: Date): Promise<number> {
  await lockWaitlistDay(trx, merchantId, date);
  await expireOverdueOffers(trx, merchantId, date, now);
  const entries = await waitingEntriesOfDay(trx, merchantId, date);
  if (!entries.length) return 0;
  const salon = await waitlistSalon(trx, merchantId);
  if (!salon) return 0;
  const tz = isValidTimeZone(salon.time_zone) ? salon.time_zone : 'Asia/Kolkata';
  const here = instantToZoned(now, tz);
  // Salon-local minutes already gone on that date: a window ending by then can no longer be met.
  const gone = date < here.date ? Number.POSITIVE_INFINITY : date === here.date ? here.minutes : -1;
  await expireEntries(
    trx,
    entries.filter((e) => e.window_end <= gone).map((e) => e.id),
    now,
  );
  const holds: BusyInterval[] = (await openHoldsOfDay(trx, merchantId, date)).map((h) => ({
    staffId: h.staff_id,
    start: Number(h.start),
    end: Number(h.end),
  }));
  const effects = noEffects();
  const expiresAt = new Date(now.getTime() + WAITLIST_HOLD_MINUTES * 60_000);
  let made = 0;
  for (const e of entries) {
    if (e.window_end <= gone || e.has_open_offer || e.is_blocked) continue;
    let loaded: Awaited<ReturnType<typeof loadSalonDay>>;
    try {
      loaded = await loadSalonDay(trx, null, merchantId, e.service_ids, date);
    } catch (err) {
      // A service the entry waits for was withdrawn, or the salon unpublished: nothing to offer it.
      if (err instanceof AppError) continue;
      throw err;
    }
    const { ctx, day } = loaded;
    const offered = new Set(e.offered_ms.map(Number));
    const slot = computeSlots({
      date,
      timeZone: ctx.timeZone,
      openingHours: ctx.openingHours,
      staff: e.staff_id ? day.staff.filter((s) => s.id === e.staff_id) : day.staff,
      services: ctx.services.map((s) => ({ name: s.name, categoryName: s.categoryName })),
      busy: [...day.busy, ...holds],
      durationMinutes: ctx.totalDuration,
      now,
    }).find((s) => s.minutes >= e.window_start && s.minutes < e.window_end && !offered.has(s.startsAt.getTime()));
    if (!slot) continue;
    const staffId = slot.staffIds[0];
    const offerId = await insertOffer(trx, {
      entry_id: e.id,
      merchant_id: merchantId,
      staff_id: staffId,
      starts_at: slot.startsAt,
      ends_at: slot.endsAt,
      booking_date: date,
      booking_time: slot.time,
      expires_at: expiresAt,
    });
    if (!offerId) continue;
    made++;
    holds.push({ staffId, start: slot.startsAt.getTime(), end: slot.endsAt.getTime() });
    effects.notifications.push({
      accountId: e.user_id,
      title: 'A time opened up',
      message: `${ctx.name} has ${displayDate(date)} at ${slot.time} free for you. It is held for you until ${salonClock(expiresAt, ctx.timeZone)}: accept it from your waitlist.`,
      link: WAITLIST_LINK,
    });
    effects.jobs.push({ kind: WAITLIST_OFFER_MESSAGES, payload: { offerId }, ref: `waitlist-offer:${offerId}`, maxAttempts: 3 });
  }
  if (made) {
    // When the holds end, the next run expires the unanswered ones and offers their times on.
    effects.jobs.push({
      kind: WAITLIST_MATCH,
      payload: { merchantId, date },
      runAt: new Date(expiresAt.getTime() + 1000),
      ref: `waitlist:${merchantId}:${date}`,
      maxAttempts: 5,
    });
  }
  await writeEffects(trx, effects);
  return made;
}

export const waitlistMatchJob = defineJob(WAITLIST_MATCH, async (trx, payload, ctx) => {
  await matchWaitlistDay(trx, payload.merchantId, payload.date, ctx.deps.now());
});

/**
 * Tells the customer of an offer still open: by push on each subscribed browser (unless push is
 * off), by e-mail (unless e-mail is off), and by WhatsApp to a number proven through WhatsApp or
 * else by SMS to the number on file. Transactional (they asked to be told), so no quiet hours.
 */
export async function sendOfferMessages(trx: Executor, deps: AppDeps, offerId: string): Promise<void> {
  const o = await openOfferForMessages(trx, offerId);
  if (!o || o.is_blocked) return;
  const tz = isValidTimeZone(o.time_zone) ? o.time_zone : 'Asia/Kolkata';
  const when = `${displayDate(o.booking_date)} at ${o.booking_time}`;
  const until = salonClock(new Date(o.expires_at), tz);
  const url = `${deps.env.PUBLIC_URL}${WAITLIST_LINK}`;
  const title = 'A time opened up';
  const text = `${o.shop_name} has ${when} free for you from the waitlist. Held until ${until}: ${url}`;
  const meta = { purpose: 'waitlist_offer', offerId: o.id };
  await queuePushToAccount(
    trx,
    o.user_id,
    { title, body: `${o.shop_name}: ${when}. Held until ${until}.`, url: WAITLIST_LINK, tag: `waitlist-${o.id}` },
    meta,
  );
  const messages: NewMessage[] = [];
  if (preferenceOn(o.notification_prefs, CUSTOMER_PREFERENCE_KEYS.email)) {
    messages.push({
      channel: 'email',
      to: o.email,
      accountId: o.user_id,
      subject: `${title} · ${o.shop_name}`,
      body: [
        `Hi ${o.first_name || 'there'},`,
        '',
        `You are on the waitlist at ${o.shop_name}, and ${when} has just become free.`,
        `It is held for you until ${until} (salon time). Accept it here: ${url}`,
        'If you do not, it goes to the next person waiting; you stay on the waitlist either way.',
        '',
        'GlowBook',
      ].join('\n'),
      meta,
    });
  }
  if (o.phone)
    messages.push({ channel: o.phone_verified_at ? 'whatsapp' : 'sms', to: toE164(o.phone), accountId: o.user_id, body: text, meta });
  await queueMessages(trx, messages);
}

export const waitlistOfferMessagesJob = defineJob(WAITLIST_OFFER_MESSAGES, async (trx, payload, ctx) => {
  await sendOfferMessages(trx, ctx.deps, payload.offerId);
});
