import { slugify } from '../../shared/schemas/content.js';
import type { Db } from '../db/index.js';

const DAY = 86_400_000;

const POSTS: { title: string; excerpt: string; tags: string[]; daysAgo: number | null; body: string }[] = [
  {
    title: 'Monsoon hair care: 7 habits that beat the frizz',
    excerpt: 'Humidity, rain water and damp commutes are hard on hair. Stylists share what actually works from June to September.',
    tags: ['hair', 'monsoon'],
    daysAgo: 3,
    body: `Humidity lifts the hair cuticle, and that is what we see as frizz. The fix is less about products and more about habits.

## 1. Wash less, condition more
Two or three washes a week with a sulphate-free shampoo keep natural oils in place. Condition every time, mid-lengths to ends.

## 2. Rinse after getting caught in the rain
Rain water picks up dust and pollutants on the way down. A quick rinse with plain water on the day you get drenched prevents an itchy, flaky scalp.

## 3. Oil before, not after
A light oil massage (coconut, or almond for fine hair) an hour before washing protects the lengths. Heavy oil left in all day attracts grime.

## 4. Air-dry on a cotton T-shirt
Terry towels rough up the cuticle. Blot with an old cotton T-shirt and let hair dry most of the way before heat styling.

## 5. A trim every six to eight weeks
Split ends travel up the shaft faster in damp weather. Ask for a dusting, not a new cut, if you are growing your hair out.

## 6. Keep your scalp dry
Tie wet hair only when it is fully dry. A damp bun under a helmet is the most common cause of monsoon dandruff stylists see.

## 7. Book a smoothing treatment early
Keratin and smoothing treatments need 48 hours away from water. Book them before the rains set in, not in the middle of a wet week.`,
  },
  {
    title: 'Your first facial: what to expect, what to ask',
    excerpt: 'Clean-up, fruit facial, hydra facial: a plain-language guide to the menu, and the questions to ask before you book.',
    tags: ['skin', 'facials', 'guide'],
    daysAgo: 12,
    body: `Facial menus can be confusing. Here is what the common names usually mean at Indian salons.

- **Clean-up** (30–45 minutes): cleansing, steam, extraction and a mask. Good once a month.
- **Fruit or herbal facial** (60 minutes): a clean-up plus a massage and a pack. Relaxing, gentle.
- **Hydra facial** (45–60 minutes): machine-assisted cleansing and serum infusion. Higher price, visible glow.

## Questions worth asking
1. What products do you use, and are they suitable for my skin type?
2. Will there be extraction, and who does it?
3. Should I avoid sun, make-up or threading afterwards, and for how long?

## Before you go
Skip scrubs and retinol for three days before. Tell the therapist about any allergies or medication; it changes what they can use.

## After
Expect slight redness for a few hours. Keep the day free of sun and heavy make-up, and drink plenty of water.`,
  },
  {
    title: 'Bridal beauty timeline: from six months to the big day',
    excerpt: 'A month-by-month plan for skin, hair and make-up trials, so nothing is rushed in the final week.',
    tags: ['bridal', 'planning'],
    daysAgo: 25,
    body: `Good bridal skin is built over months, not in the final week.

## Six months before
Book a skin consultation. Start a simple routine you can keep: cleanser, moisturiser, sunscreen, every day.

## Three months before
Regular facials every three to four weeks. Hair spa and trims to get the lengths healthy. Shortlist make-up artists and look at their real bridal portfolios.

## Six weeks before
Make-up and hair trial in daylight, in an outfit of similar colour. Take photos from three angles and with flash.

## Two weeks before
Last facial, waxing and threading. No new products from now on.

## The week of
Manicure and pedicure two days before, mehendi timing planned with your make-up artist, and an early night before the wedding.`,
  },
  {
    title: 'How to choose a salon you will go back to',
    excerpt: 'Ratings are a start. Here is what regular customers look for in reviews, photos and the first visit.',
    tags: ['guide'],
    daysAgo: 40,
    body: `A salon you love saves you time and money. Look beyond the star rating.

- **Read the recent reviews**: the last three months say more than the average. Check how the owner answers complaints.
- **Look at the photos**: real work on real customers, and a clean space.
- **Check the team**: do the stylists list their specialities and experience?
- **Prices you can see**: a clear menu with durations means no surprises at the counter.
- **Book a small service first**: a trim or clean-up tells you a lot about punctuality and hygiene.

On GlowBook every review comes from a completed booking, so you know the reviewer was there.`,
  },
  {
    title: 'Festive season offers: planning your salon visits (draft)',
    excerpt: 'Draft: a round-up of festive offers from partner salons.',
    tags: ['offers'],
    daysAgo: null,
    body: 'Draft: to be completed with partner salon offers before the festive season starts. Add the coupon codes and validity dates.',
  },
];

/** A handful of articles for /blogs, and one draft only admins see. */
export async function seedContent(db: Db): Promise<void> {
  const admin = await db
    .selectFrom('accounts')
    .select(['id', 'first_name', 'last_name'])
    .where('role', '=', 'admin')
    .orderBy('created_at')
    .executeTakeFirst();
  const author = admin ? `${admin.first_name} ${admin.last_name}`.trim() : 'GlowBook team';
  const now = Date.now();
  await db
    .insertInto('blogs')
    .values(
      POSTS.map((p) => ({
        slug: slugify(p.title),
        title: p.title,
        excerpt: p.excerpt,
        body: p.body,
        tags: p.tags,
        author_id: admin?.id ?? null,
        author_name: author,
        status: p.daysAgo === null ? ('draft' as const) : ('published' as const),
        published_at: p.daysAgo === null ? null : new Date(now - p.daysAgo * DAY),
        created_at: new Date(now - (p.daysAgo ?? 1) * DAY),
        updated_at: new Date(now - (p.daysAgo ?? 1) * DAY),
      })),
    )
    .execute();
}
