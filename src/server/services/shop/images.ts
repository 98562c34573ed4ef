import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type IMAGE_KINDS, IMAGE_MAX_BYTES, type ShopImageWire, type uploadImageInput } from '../../../shared/schemas/shop.js';
import { sniffImageFormat, toWebp, UnreadableImageError } from '../../adapters/images/index.js';
import type { Executor } from '../../db/executor.js';
import { findAccountById, updateAccount } from '../../db/repositories/accounts.js';
import {
  deleteShopImage,
  findShopImage,
  hasCoverImage,
  imageUrlInUse,
  insertShopImage,
  listShopImages,
  oldestShopImage,
  setCoverImage as setCoverImageRow,
} from '../../db/repositories/shopImages.js';
import { lockMerchant } from '../../db/repositories/shopProfile.js';
import { findStaff, updateStaff } from '../../db/repositories/shopStaff.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { shopOf } from '../scope.js';
import { toShopImageWire } from './wire.js';

export const NOT_AN_IMAGE = 'file: this file is not a supported image (JPEG, PNG or WebP)';
/** Gallery photos are shown large; avatars small. */
const MAX_SIDE = { shop: 1600, staff: 400, avatar: 400 } as const;
const MAX_SHOP_IMAGES = 30;
const UPLOAD_PREFIX = '/uploads/';

type ImageKind = (typeof IMAGE_KINDS)[number];

const sizeMessage = (bytes: number) => `File must be less than ${bytes / (1024 * 1024)}MB.`;

/** The bytes of a data URL or bare base64 text; the declared media type is ignored. */
function decodeUpload(dataUrl: string): Buffer {
  let payload = dataUrl.trim();
  if (payload.startsWith('data:')) {
    const comma = payload.indexOf(',');
    if (comma < 0 || !/;base64$/i.test(payload.slice(0, comma))) throw badRequest('dataUrl: send the file as a base64 data URL', 'dataUrl');
    payload = payload.slice(comma + 1);
  }
  payload = payload.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) throw badRequest('dataUrl: send the file as a base64 data URL', 'dataUrl');
  return Buffer.from(payload, payload.includes('-') || payload.includes('_') ? 'base64url' : 'base64');
}

/**
 * Removes a file this app stored once nothing shows it any more. Only keys under one of
 * `prefixes` (the caller's own folders) are touched: avatar and staff URLs are free text, so
 * they may name someone else's file.
 */
async function forgetFile(deps: AppDeps, url: string | null | undefined, prefixes: string[], storageKey?: string | null) {
  if (!url) return;
  const key = storageKey ?? (url.startsWith(UPLOAD_PREFIX) ? url.slice(UPLOAD_PREFIX.length) : null);
  if (!key || !prefixes.some((p) => key.startsWith(p))) return;
  // A file left behind costs disk space only; the change the caller made stands either way.
  try {
    if (await imageUrlInUse(deps.db, url)) return;
    await deps.adapters.images.delete(key);
  } catch {
    return;
  }
}

/**
 * Checks an upload's size and real type, then returns it upright, scaled down to `maxSide` and
 * re-encoded to WebP. Also used for the private client photos (services/clients).
 */
export async function reencodeUpload(dataUrl: string, limit: number, maxSide: number) {
  const bytes = decodeUpload(dataUrl);
  if (bytes.length === 0) throw badRequest('file: the file is empty', 'file');
  if (bytes.length > limit) throw badRequest(sizeMessage(limit), 'file');
  if (!sniffImageFormat(bytes)) throw badRequest(NOT_AN_IMAGE, 'file');
  try {
    return await toWebp(bytes, maxSide);
  } catch (err) {
    if (err instanceof UnreadableImageError) throw badRequest('file: this image could not be read; it may be damaged', 'file');
    throw err;
  }
}

/** The upright, scaled-down WebP of a shop photo or an avatar. */
async function prepareImage(dataUrl: string, kind: ImageKind): Promise<Buffer> {
  return (await reencodeUpload(dataUrl, IMAGE_MAX_BYTES[kind], MAX_SIDE[kind])).bytes;
}

/**
 * Stores the file, then runs `record` (the database change that points at it) in a
 * transaction. If that fails the file is removed; if it replaced an older file of ours, that
 * one is removed after the commit.
 */
async function storeThen<T>(
  deps: AppDeps,
  key: string,
  webp: Buffer,
  ownFolders: string[],
  record: (trx: Executor, url: string) => Promise<{ value: T; replaced: string | null }>,
): Promise<{ url: string; value: T }> {
  const { url } = await deps.adapters.images.put(key, webp, 'image/webp');
  let result: { value: T; replaced: string | null };
  try {
    result = await deps.db.transaction().execute((trx) => record(trx, url));
  } catch (err) {
    await forgetFile(deps, url, ownFolders, key);
    throw err;
  }
  await forgetFile(deps, result.replaced, ownFolders);
  return { url, value: result.value };
}

/** Makes an uploaded picture the account's profile photo. */
async function setAccountAvatar(trx: Executor, accountId: string, url: string) {
  const account = await findAccountById(trx, accountId);
  if (!account) throw notFound('Account');
  await updateAccount(trx, accountId, { avatar_url: url });
  return { value: null, replaced: account.avatar_url };
}

const answer = (url: string, key: string, image: ShopImageWire | null = null) => ({ url, secure_url: url, public_id: key, image });

/**
 * Uploads a shop photo or an avatar: the real type is read from the bytes, the picture is
 * turned upright, scaled down and re-encoded to WebP, then stored under the shop's folder.
 * A shop photo joins the gallery (the first one becomes the cover); a staff photo with a
 * staffId and the shop account's avatar are set right away; a staff photo without one is only
 * stored, for the staff form to save with the member.
 */
export async function uploadImage(deps: AppDeps, actor: Actor, input: z.output<typeof uploadImageInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  if (input.kind === 'staff' && input.staffId && !(await findStaff(deps.db, merchantId, input.staffId))) throw notFound('Staff member');
  const webp = await prepareImage(input.dataUrl, input.kind);
  const key = `${merchantId}/${randomUUID()}.webp`;
  const { url, value } = await storeThen(deps, key, webp, [`${merchantId}/`, `avatars/${merchantId}/`], async (trx, url) => {
    if (input.kind === 'shop') {
      await lockMerchant(trx, merchantId);
      if ((await listShopImages(trx, merchantId)).length >= MAX_SHOP_IMAGES) {
        throw badRequest(`file: a shop can have at most ${MAX_SHOP_IMAGES} images; delete one first`, 'file');
      }
      const row = await insertShopImage(trx, { merchantId, url, storageKey: key, isCover: !(await hasCoverImage(trx, merchantId)) });
      return { value: toShopImageWire(row), replaced: null };
    }
    if (input.kind === 'staff' && input.staffId) {
      const member = await findStaff(trx, merchantId, input.staffId);
      if (!member) throw notFound('Staff member');
      await updateStaff(trx, merchantId, input.staffId, { avatar_url: url });
      return { value: null, replaced: member.avatar_url };
    }
    if (input.kind === 'avatar') return setAccountAvatar(trx, merchantId, url);
    return { value: null, replaced: null };
  });
  return answer(url, key, value);
}

/** Any signed-in account's own profile photo (customers' profile settings use this). */
export async function uploadOwnAvatar(deps: AppDeps, actor: Actor, input: { dataUrl: string }) {
  const webp = await prepareImage(input.dataUrl, 'avatar');
  const key = `avatars/${actor.id}/${randomUUID()}.webp`;
  const { url } = await storeThen(deps, key, webp, [`${actor.id}/`, `avatars/${actor.id}/`], (trx, url) =>
    setAccountAvatar(trx, actor.id, url),
  );
  return answer(url, key);
}

export async function getShopImages(deps: AppDeps, actor: Actor, merchantId: string | undefined) {
  const shop = await shopOf(deps.db, actor, merchantId);
  return { images: (await listShopImages(deps.db, shop)).map(toShopImageWire) };
}

/** Deletes a gallery photo; when it was the cover, the oldest remaining photo takes its place. */
export async function deleteShopImageById(deps: AppDeps, actor: Actor, input: { merchantId?: string; imageId: string }) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const { removed, images } = await deps.db.transaction().execute(async (trx) => {
    await lockMerchant(trx, merchantId);
    const image = await findShopImage(trx, merchantId, input.imageId);
    if (!image) throw notFound('Image');
    await deleteShopImage(trx, merchantId, image.id);
    if (image.is_cover) {
      const next = await oldestShopImage(trx, merchantId);
      if (next) await setCoverImageRow(trx, merchantId, next.id);
    }
    return { removed: image, images: await listShopImages(trx, merchantId) };
  });
  await forgetFile(deps, removed.url, [`${merchantId}/`], removed.storage_key);
  return { message: 'Image deleted successfully.', images: images.map(toShopImageWire) };
}

export async function setCoverImage(deps: AppDeps, actor: Actor, input: { merchantId?: string; imageId: string }) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const images = await deps.db.transaction().execute(async (trx) => {
    await lockMerchant(trx, merchantId);
    if (!(await findShopImage(trx, merchantId, input.imageId))) throw notFound('Image');
    await setCoverImageRow(trx, merchantId, input.imageId);
    return listShopImages(trx, merchantId);
  });
  return { images: images.map(toShopImageWire) };
}
