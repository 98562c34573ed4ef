import { z } from 'zod';
import { jsonValue } from './jsonValue.js';
import { merchantIdField } from './shop.js';

/*
 * The salon's own booking channels (docs/channels.md): its link /s/{slug}, the website widget, the
 * Reserve with Google feeds and the QR poster.
 */

/** A link slug: lower-case letters, digits and single hyphens, 3 to 60 long, starting and ending with a letter or digit. */
export const SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;
export const SLUG_RULE = 'use 3 to 60 lower-case letters, digits and single hyphens, starting and ending with a letter or digit';

export const slugSchema = z
  .string({ error: 'slug: enter the link name' })
  .trim()
  .toLowerCase()
  .refine((s) => SLUG_RE.test(s) && !s.includes('--'), { error: `slug: ${SLUG_RULE}` });

/** A slug as a salon's name would have it ("Glow & Co. Studio" → "glow-co-studio"); empty when the name has too little. */
export function slugFromName(name: string): string {
  const s = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return SLUG_RE.test(s) ? s : '';
}

/** Where a salon's link lives and how its channels are set (Settings → Online booking). */
export const onlineBookingWire = z.object({
  slug: z.string(),
  /** The link to share: /s/{slug} on this site. */
  url: z.string(),
  /** Slugs the salon used before: their links redirect (301) to the current one. */
  previousSlugs: z.array(z.string()),
  /** Left out of the Reserve with Google feeds. */
  feedOptOut: z.boolean(),
  /** The one tag to paste in the salon's website. */
  widgetSnippet: z.string(),
  posterPdfUrl: z.string(),
  posterPngUrl: z.string(),
});
export type OnlineBookingWire = z.infer<typeof onlineBookingWire>;
export const onlineBookingAnswer = z.object({ data: onlineBookingWire });

export const onlineBookingInput = z.object({ merchantId: merchantIdField });
export const updateOnlineBookingInput = z
  .object({
    merchantId: merchantIdField,
    slug: slugSchema.optional(),
    feedOptOut: jsonValue(z.boolean({ error: 'feedOptOut: true or false' })).optional(),
  })
  .refine((v) => v.slug !== undefined || v.feedOptOut !== undefined, { error: 'slug: send slug or feedOptOut', path: ['slug'] });

export const salonLinkInput = z.object({ slug: z.string().trim().toLowerCase().min(1, 'slug: required').max(100, 'slug: too long') });
export const salonLinkAnswer = z.object({
  data: z.object({
    merchantId: z.string(),
    /** The salon's current slug (differs from the one asked for when it was an old one). */
    slug: z.string(),
    /**
     * Proof that the customer came through this salon's own link: sent back as createBooking's
     * channelToken, it makes the booking direct (no commission). Valid for this salon only, for a day.
     */
    channelToken: z.string(),
  }),
});
export type SalonLinkAnswer = z.infer<typeof salonLinkAnswer>;
