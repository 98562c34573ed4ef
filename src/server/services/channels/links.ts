import type { z } from 'zod';
import { type OnlineBookingWire, slugFromName, type updateOnlineBookingInput } from '../../../shared/schemas/channels.js';
import type { Executor } from '../../db/executor.js';
import { claimSlug, findSalonLink, listSalonSlugs, resolveSlug, setCurrentSlug, setFeedOptOut } from '../../db/repositories/channels.js';
import { findMerchantById } from '../../db/repositories/merchants.js';
import type { Actor, AppDeps } from '../../deps.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { managesSalon, shopOf } from '../scope.js';

/*
 * The salon's own link, /s/{slug} (docs/channels.md). A slug once used stays the salon's for good
 * (salon_slugs): after a change the old link redirects to the new one, and no other salon can take
 * it over and receive the first salon's customers.
 */

const CHANNEL_PURPOSE = 'booking-channel';
/** How long the proof of a visit to the salon's link stays good for a booking. */
export const CHANNEL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const salonLinkPath = (slug: string) => `/s/${slug}`;

/** The salon's current slug, giving it one from its name (or id) on first use. */
export async function ensureSlug(db: Executor, merchantId: string, shopName: string): Promise<{ slug: string; feedOptOut: boolean }> {
  const link = await findSalonLink(db, merchantId);
  if (link) return { slug: link.slug, feedOptOut: link.feed_opt_out };
  const base = slugFromName(shopName) || 'salon';
  for (const candidate of [base, `${base.slice(0, 51)}-${merchantId.slice(0, 8)}`, `salon-${merchantId.replace(/-/g, '')}`]) {
    if ((await claimSlug(db, merchantId, candidate)) === merchantId) {
      await setCurrentSlug(db, merchantId, candidate);
      return { slug: candidate, feedOptOut: false };
    }
  }
  // The last candidate holds the salon's whole id: no other salon can have claimed it.
  throw new AppError('CONFLICT', 'slug: could not give the salon a link name; choose one in Settings', 'slug');
}

async function onlineBooking(deps: AppDeps, merchantId: string): Promise<OnlineBookingWire> {
  const salon = await findMerchantById(deps.db, merchantId);
  if (!salon) throw notFound('Salon');
  const { slug, feedOptOut } = await ensureSlug(deps.db, merchantId, salon.shop_name);
  const base = deps.env.PUBLIC_URL.replace(/\/+$/, '');
  const previousSlugs = (await listSalonSlugs(deps.db, merchantId)).filter((s) => s !== slug);
  return {
    slug,
    url: `${base}${salonLinkPath(slug)}`,
    previousSlugs,
    feedOptOut,
    widgetSnippet: `<script src="${base}/widget.js" data-salon="${slug}" async></script>`,
    posterPdfUrl: `${base}${salonLinkPath(slug)}/poster.pdf`,
    posterPngUrl: `${base}${salonLinkPath(slug)}/poster.png`,
  };
}

export async function getOnlineBooking(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  return { data: await onlineBooking(deps, await shopOf(deps.db, actor, merchantId)) };
}

/**
 * Changes the salon's slug and/or its feed opt-out. A slug another salon ever used is refused
 * (409, naming the field); the salon's own old slug may be taken back.
 */
export async function updateOnlineBooking(deps: AppDeps, actor: Actor, input: z.output<typeof updateOnlineBookingInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const salon = await findMerchantById(deps.db, merchantId);
  if (!salon) throw notFound('Salon');
  await deps.db.transaction().execute(async (trx) => {
    const current = await ensureSlug(trx, merchantId, salon.shop_name);
    if (input.slug !== undefined && input.slug !== current.slug) {
      if ((await claimSlug(trx, merchantId, input.slug)) !== merchantId) {
        throw new AppError('CONFLICT', `slug: "${input.slug}" is taken by another salon; choose another`, 'slug');
      }
      await setCurrentSlug(trx, merchantId, input.slug);
    }
    if (input.feedOptOut !== undefined) await setFeedOptOut(trx, merchantId, input.feedOptOut);
  });
  return { data: await onlineBooking(deps, merchantId) };
}

/** The salon a link names: its id and current slug (an old slug's salon too); unpublished salons only for their owner. */
export async function findSalonByLink(db: Executor, actor: Actor | null, slug: string) {
  const found = await resolveSlug(db, slug);
  if (!found || (!found.is_published && !managesSalon(actor, found.merchant_id))) return null;
  return { merchantId: found.merchant_id, slug: found.current_slug, isPublished: found.is_published };
}

/** A token proving a visit to the salon's own link, for createBooking to mark the booking direct. */
export function signChannelToken(deps: Pick<AppDeps, 'tokens'>, merchantId: string, now = new Date()): string {
  const expires = Math.floor((now.getTime() + CHANNEL_TOKEN_TTL_MS) / 1000);
  return deps.tokens.signLink(CHANNEL_PURPOSE, `${merchantId}~${expires}`);
}

/**
 * The channel of a booking at `merchantId`: direct when the token is this salon's and unexpired,
 * marketplace without one. A forged, expired or another salon's token is refused rather than
 * quietly booked as marketplace: the client believes it is booking through the salon's link.
 */
export function bookingChannel(
  deps: Pick<AppDeps, 'tokens'>,
  merchantId: string,
  token: string | undefined,
  now = new Date(),
): 'direct' | 'marketplace' {
  if (!token) return 'marketplace';
  const subject = deps.tokens.verifyLink(CHANNEL_PURPOSE, token);
  const [salon, expires] = subject?.split('~') ?? [];
  if (!salon || !expires) throw badRequest("channelToken: not a valid booking link token; open the salon's link again", 'channelToken');
  if (salon !== merchantId) throw new AppError('FORBIDDEN', "channelToken: this token is another salon's booking link", 'channelToken');
  if (Number(expires) * 1000 < now.getTime())
    throw badRequest("channelToken: the booking link visit has expired; open the salon's link again", 'channelToken');
  return 'direct';
}

/** merchants/salonLink: the salon a link names, and the token that marks bookings from it direct. */
export async function getSalonLink(deps: AppDeps, actor: Actor | null, slug: string) {
  const found = await findSalonByLink(deps.db, actor, slug);
  if (!found) throw notFound('Salon');
  return { data: { merchantId: found.merchantId, slug: found.slug, channelToken: signChannelToken(deps, found.merchantId) } };
}
