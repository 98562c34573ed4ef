import { TESTIMONIALS } from '../salons.js';
import { ago, DAY, type DemoBuild } from './kit.js';

/** The home page's testimonials. */
export function addTestimonials(build: DemoBuild): void {
  const { data, now } = build;
  TESTIMONIALS.forEach((t, i) =>
    data.testimonials.push({ ...t, avatar: `/images/demo/testimonials/${i + 1}.svg`, created_at: ago(now, (60 - i * 9) * DAY) }),
  );
}
