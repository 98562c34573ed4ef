import { OWNER_RESPONSES, REVIEW_TEXTS } from '../salons.js';
import {
  ago,
  bookingNotices,
  DAY,
  type DemoBuild,
  demoSalonOf,
  earliest,
  HOUR,
  MINUTE,
  type PlannedBooking,
  type SeedSalon,
} from './kit.js';

/**
 * Reviews, each tied to its own completed booking: the ones the plan asked for, then others up
 * to each salon's count, some with the owner's response; the demo salon is told of recent ones.
 */
export function addReviews(build: DemoBuild, byTime: PlannedBooking[], salons: SeedSalon[]): void {
  const { data, rng, now } = build;
  const merchantSalon = demoSalonOf(salons);
  const { salonNotice } = bookingNotices(data);
  const RATINGS = [5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2];
  for (const salon of salons) {
    const done = byTime.filter((b) => b.salon === salon && b.status === 'completed');
    const chosen = [...done.filter((b) => b.review === 'yes'), ...rng.shuffle(done.filter((b) => !b.review))].slice(
      0,
      Math.max(salon.def.reviews, done.filter((b) => b.review === 'yes').length),
    );
    for (const b of chosen) {
      const completedAt = new Date(b.endsAt.getTime() + 20 * MINUTE);
      const createdAt = new Date(
        Math.max(
          completedAt.getTime() + 10 * MINUTE,
          earliest(new Date(completedAt.getTime() + rng.int(2, 40) * HOUR), ago(now, rng.int(30, 240) * MINUTE)).getTime(),
        ),
      );
      const rating = b.rating ?? rng.pick(RATINGS);
      const fill = (text: string) =>
        text
          .replace(/\{service\}/g, b.services[0].name)
          .replace(/\{staff\}/g, b.staff.name.replace(/^Dr\.\s*/, '').split(' ')[0])
          .replace(/\{city\}/g, salon.def.city)
          .replace(/\{name\}/g, b.customer.def.first)
          .replace(/\{phone\}/g, salon.def.phone);
      const tone = rating >= 4 ? 'high' : rating === 3 ? 'mid' : 'low';
      const respondedAt = new Date(createdAt.getTime() + rng.int(2, 30) * HOUR);
      const responds = respondedAt < now && rng.chance(tone === 'high' ? 0.45 : 0.9);
      data.reviews.push({
        booking_id: b.id,
        user_id: b.customer.id,
        merchant_id: salon.id,
        rating,
        comment: fill(rng.pick(REVIEW_TEXTS[rating])),
        response_text: responds ? fill(rng.pick(OWNER_RESPONSES[tone])) : null,
        response_at: responds ? respondedAt : null,
        created_at: createdAt,
        updated_at: responds ? respondedAt : createdAt,
      });
      if (salon === merchantSalon && now.getTime() - createdAt.getTime() < 10 * DAY) {
        salonNotice(
          b,
          `New ${rating}-star review`,
          `${b.customer.name} reviewed their ${b.services[0].name} with ${b.staff.name}.`,
          createdAt,
          responds,
          'system',
        );
      }
    }
  }
}
