import type { z } from 'zod';
import { servicePrice } from '../../../shared/policy.js';
import { bookAgainPath, REBOOK_STATS_DAYS } from '../../../shared/rebooking.js';
import type { BookAgainAnswer, bookAgainInput, RebookStatsAnswer, rebookStatsInput } from '../../../shared/schemas/rebooking.js';
import { canPerformAll } from '../../../shared/slots.js';
import type { Executor } from '../../db/executor.js';
import {
  customerVisit,
  dueRebookReminders,
  insertRebookReminders,
  rebookFigures,
  salonProfessional,
  servicesWithRebook,
  visitServices,
} from '../../db/repositories/rebooking.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { defineJob } from '../../jobs/queue.js';
import { type NewMessage, queueMessages } from '../../messaging/index.js';
import { toE164 } from '../auth/otp.js';
import { UNSUBSCRIBE_PURPOSE } from '../crm/marketing.js';
import { shopOf } from '../scope.js';
import { iso } from '../wire.js';

/*
 * Rebooking (issue 40 item 6; docs/channels.md "Book again and rebooking reminders").
 *
 * Book again: a customer's completed visit, read as the booking flow's starting point (its salon,
 * the services still offered, the professional while still able to do them). Only ids and today's
 * figures go to the client; the booking itself is made by the normal path (users/createBooking or
 * pay now), which prices and checks everything again.
 *
 * Rebooking reminders: a salon's service may say "remind to rebook after N weeks". A sweep (pg-boss
 * `schedule`) writes one reminder per customer, service and visit (a unique key), with its e-mail
 * and SMS in the same transaction, as promotional messages: only to customers who opted in to offers
 * and news, and an SMS written in the TRAI quiet hours waits for 09:00 IST (messaging/index.ts).
 */

export const REBOOK_REMINDER_SWEEP = 'rebook_reminder_sweep';
/** The sweep runs every quarter hour; a due reminder waits at most that long. */
export const REBOOK_SWEEP_CRON = '*/15 * * * *';
/** Visits due longer ago than this past their interval get no reminder (switching the setting on does not write to years of customers). */
const CATCH_UP_DAYS = 14;
const BATCH = 200;

export async function getBookAgain(deps: AppDeps, actor: Actor, input: z.output<typeof bookAgainInput>): Promise<BookAgainAnswer> {
  const visit = await customerVisit(deps.db, input.bookingId, actor.id);
  if (!visit) throw notFound('Booking');
  if (visit.status !== 'completed')
    throw badRequest(`bookingId: only a completed visit can be booked again (this one is ${visit.status})`, 'bookingId');
  if (!visit.is_published) throw badRequest(`bookingId: ${visit.shop_name} is not taking bookings at the moment`, 'bookingId');
  const rows = await visitServices(deps.db, visit.id, visit.merchant_id);
  const services: BookAgainAnswer['data']['services'] = [];
  const dropped: string[] = [];
  const skills: { name: string; categoryName: string | null }[] = [];
  for (const r of rows) {
    if (!r.id || !r.name || r.duration_min == null || r.price == null) {
      dropped.push(r.service_name);
      continue;
    }
    if (services.some((s) => s._id === r.id)) continue;
    const price = servicePrice({
      price: Number(r.price),
      discountType: r.discount_type,
      discountValue: Number(r.discount_value ?? 0),
      discountActive: !!r.discount_active,
    });
    services.push({ _id: r.id, serviceName: r.name, duration: r.duration_min, price });
    skills.push({ name: r.name, categoryName: r.category_name });
  }
  let professional: BookAgainAnswer['data']['professional'] = null;
  let professionalNote: string | null = null;
  if (!visit.any_professional && services.length) {
    const pro = await salonProfessional(deps.db, visit.merchant_id, visit.staff_id);
    if (!pro) professionalNote = 'The professional of your last visit no longer works here: any professional can take you.';
    else if (pro.status !== 'Active') professionalNote = `${pro.name} is not taking bookings at the moment: any professional can take you.`;
    else if (!canPerformAll(pro.specializations, skills))
      professionalNote = `${pro.name} does not offer all of these services now: any professional can take you.`;
    else professional = { _id: pro.id, name: pro.name, role: pro.role, image: pro.avatar_url, specialization: pro.specializations };
  }
  return { data: { salon: { _id: visit.merchant_id, name: visit.shop_name }, services, dropped, professional, professionalNote } };
}

/**
 * Writes every reminder due at `now` with its messages; answers how many were written. Two sweeps
 * at once: each reminder's unique key lets one of them write it (and send it).
 */
export async function sendRebookReminders(trx: Executor, deps: AppDeps, now: Date): Promise<number> {
  const base = deps.env.PUBLIC_URL;
  let written = 0;
  for (;;) {
    const due = await dueRebookReminders(trx, now, CATCH_UP_DAYS, BATCH);
    const mine = await insertRebookReminders(
      trx,
      due.map((d) => ({
        user_id: d.user_id,
        merchant_id: d.merchant_id,
        service_id: d.service_id,
        visit_booking_id: d.visit_booking_id,
        weeks: d.weeks,
        sent_at: now,
      })),
    );
    const key = (r: { user_id: string; service_id: string; visit_booking_id: string }) =>
      `${r.user_id}|${r.service_id}|${r.visit_booking_id}`;
    const ours = new Set(mine.map(key));
    const messages: NewMessage[] = [];
    for (const d of due) {
      if (!ours.has(key(d))) continue;
      const link = `${base}${bookAgainPath(d.visit_booking_id)}`;
      const since = d.weeks === 1 ? 'a week' : `${d.weeks} weeks`;
      const meta = { purpose: 'rebook_reminder', merchantId: d.merchant_id, serviceId: d.service_id, visitBookingId: d.visit_booking_id };
      const unsubscribeUrl = `${base}/api/marketing/unsubscribe?token=${encodeURIComponent(deps.tokens.signLink(UNSUBSCRIBE_PURPOSE, d.user_id))}`;
      messages.push({
        channel: 'email',
        to: d.email,
        accountId: d.user_id,
        merchantId: d.merchant_id,
        category: 'promotional',
        now,
        subject: `Time for your next ${d.service_name}? · ${d.shop_name}`,
        body: [
          `Hi ${d.first_name || 'there'},`,
          '',
          `It has been ${since} since your ${d.service_name} at ${d.shop_name}, when ${d.shop_name} suggests coming back.`,
          `Book again, with the same services and professional ready to choose: ${link}`,
          '',
          '--',
          `You receive reminders from ${d.shop_name} because you opted in to offers and news on GlowBook.`,
          `Unsubscribe: ${unsubscribeUrl}`,
        ].join('\n'),
        meta: { ...meta, unsubscribeUrl },
      });
      if (d.phone) {
        messages.push({
          channel: 'sms',
          to: toE164(d.phone),
          accountId: d.user_id,
          merchantId: d.merchant_id,
          category: 'promotional',
          now,
          body: `${d.shop_name}: time for your next ${d.service_name}? Book again: ${link}`,
          meta,
        });
      }
    }
    await queueMessages(trx, messages);
    written += mine.length;
    if (due.length < BATCH || mine.length === 0) return written;
  }
}

export const rebookReminderSweepJob = defineJob(REBOOK_REMINDER_SWEEP, async (trx, _payload, ctx) => {
  await sendRebookReminders(trx, ctx.deps, ctx.deps.now());
});

/** The salon's reminders of the last REBOOK_STATS_DAYS: sent, and the bookings that came from them, per service. */
export async function getRebookStats(deps: AppDeps, actor: Actor, input: z.output<typeof rebookStatsInput>): Promise<RebookStatsAnswer> {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const since = new Date(deps.now().getTime() - REBOOK_STATS_DAYS * 86_400_000);
  const [figures, services] = await Promise.all([rebookFigures(deps.db, merchantId, since), servicesWithRebook(deps.db, merchantId)]);
  const byService = new Map(figures.map((f) => [f.service_id, f]));
  return {
    data: {
      since: iso(since),
      sent: figures.reduce((n, f) => n + f.sent, 0),
      booked: figures.reduce((n, f) => n + f.booked, 0),
      services: services.map((s) => ({
        _id: s.id,
        name: s.name,
        weeks: s.rebook_weeks!,
        sent: byService.get(s.id)?.sent ?? 0,
        booked: byService.get(s.id)?.booked ?? 0,
      })),
    },
  };
}
