import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImageFormat } from '../../src/server/adapters/images/index.js';
import { NOT_AN_IMAGE } from '../../src/server/services/shop/images.js';
import { createSalon, createStaff, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let base: string;
let salon: SalonFixture;
let other: SalonFixture;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  salon = await createSalon(rt, { name: 'Lotus Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
});
afterAll(async () => {
  await rt.close();
});

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } })
    [format]()
    .toBuffer();

const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;

function statusWith(url: string, headers: Record<string, string>): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on('error', reject);
  });
}

/** The stored bytes behind an /uploads URL, from whichever storage this run uses (disk on PGlite, the database on PostgreSQL). */
async function stored(url: string): Promise<Buffer> {
  const found = await rt.deps.adapters.images.get(url.slice('/uploads/'.length));
  if (!found || 'notModified' in found) throw new Error(`nothing stored at ${url}`);
  return Buffer.from(found.bytes);
}
const exists = async (url: string) => (await rt.deps.adapters.images.get(url.slice('/uploads/'.length))) !== null;

describe('images/upload', () => {
  it('stores a real PNG as WebP, at most 1600 px, served at its URL; the first becomes the cover', async () => {
    const png = await picture(2400, 1200);
    const r = await rt
      .caller(salon.owner)
      .images.upload({ merchantId: salon.id, kind: 'shop', fileName: 'front.png', dataUrl: dataUrl(png) });
    expect(r.url).toMatch(new RegExp(`^/uploads/${salon.id}/[0-9a-f-]{36}\\.webp$`));
    expect(r).toMatchObject({ secure_url: r.url, public_id: r.url.slice('/uploads/'.length), image: { url: r.url, isCover: true } });
    expect(rt.deps.adapters.images.provider).toBe(DB_KIND === 'pg' ? 'database' : 'local');
    const bytes = await stored(r.url);
    expect(sniffImageFormat(bytes)).toBe('webp');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    const res = await fetch(`${base}${r.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    // The key is a new uuid, never rewritten: cached for good, revalidated by its tag.
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    // As a browser revalidates (fetch() would add Cache-Control: no-cache, which the static files honour).
    expect(await statusWith(`${base}${r.url}`, { 'if-none-match': etag! })).toBe(304);
    expect(await fetch(`${base}/uploads/${salon.id}/00000000-0000-0000-0000-000000000000.webp`).then((x) => x.status)).toBe(404);
  });

  it('refuses a text file renamed to .png whatever type it claims', async () => {
    const text = Buffer.from('just some notes, certainly not a picture\n'.repeat(20));
    await expect(
      rt.caller(salon.owner).images.upload({ kind: 'shop', fileName: 'photo.png', dataUrl: dataUrl(text, 'image/png') }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: NOT_AN_IMAGE });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    await expect(rt.caller(salon.owner).images.upload({ dataUrl: dataUrl(gif, 'image/gif') })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NOT_AN_IMAGE,
    });
  });

  it('refuses a damaged image, an empty file and text that is not base64', async () => {
    const png = await picture(50, 50);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(rt.caller(salon.owner).images.upload({ dataUrl: dataUrl(broken) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^file: this image could not be read/),
    });
    await expect(rt.caller(salon.owner).images.upload({ dataUrl: 'data:image/png;base64,' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'file: the file is empty',
    });
    await expect(rt.caller(salon.owner).images.upload({ dataUrl: 'data:image/png,%89PNG' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^dataUrl: /),
    });
    await expect(rt.caller(salon.owner).images.upload({ dataUrl: '###' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^dataUrl: /),
    });
  });

  it('enforces 10MB for shop photos and 5MB for avatars', async () => {
    const png = await picture(10, 10);
    const pad = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    await expect(rt.caller(salon.owner).images.upload({ kind: 'shop', dataUrl: dataUrl(pad(10 * 1024 * 1024 + 1)) })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
        message: 'File must be less than 10MB.',
      },
    );
    await expect(
      rt.caller(salon.owner).images.upload({ kind: 'avatar', dataUrl: dataUrl(pad(5 * 1024 * 1024 + 1)) }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'File must be less than 5MB.',
    });
    // Trailing bytes after the PNG end are ignored by decoders: a 5MB file is still a valid upload.
    const ok = await rt.caller(salon.owner).images.upload({ kind: 'staff', dataUrl: dataUrl(pad(5 * 1024 * 1024)) });
    expect(ok.image).toBeNull();
  });

  it('accepts JPEG and WebP and scales avatars to 400 px', async () => {
    const jpeg = await picture(1000, 500, 'jpeg');
    const r = await rt.caller(salon.owner).images.upload({ kind: 'avatar', dataUrl: dataUrl(jpeg, 'image/jpeg') });
    expect(await sharp(await stored(r.url)).metadata()).toMatchObject({ width: 400, height: 200 });
    const row = await rt.deps.db.selectFrom('accounts').select('avatar_url').where('id', '=', salon.id).executeTakeFirstOrThrow();
    expect(row.avatar_url).toBe(r.url);
    // A new avatar replaces the old file.
    const webp = await picture(300, 300, 'webp');
    const next = await rt.caller(salon.owner).images.upload({ kind: 'avatar', dataUrl: dataUrl(webp, 'application/octet-stream') });
    expect(await exists(next.url)).toBe(true);
    expect(await exists(r.url)).toBe(false);
  });

  it("sets a staff member's photo when given their id, only for the shop's own staff", async () => {
    const mine = await createStaff(rt, salon.id);
    const theirs = await createStaff(rt, other.id);
    const png = await picture(600, 900);
    const r = await rt.caller(salon.owner).images.upload({ kind: 'staff', staffId: mine, dataUrl: dataUrl(png) });
    const staff = (await rt.caller(salon.owner).merchants.getAllStaffByMerchant({})).staff.find((s) => s._id === mine)!;
    expect(staff.avatar).toBe(r.url);
    expect(await sharp(await stored(r.url)).metadata()).toMatchObject({ width: 267, height: 400 });
    await expect(rt.caller(salon.owner).images.upload({ kind: 'staff', staffId: theirs, dataUrl: dataUrl(png) })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('replaced and deleted files', () => {
  it('never removes a file another shop or another record still shows', async () => {
    const theirPhoto = (await rt.caller(other.owner).images.upload({ dataUrl: dataUrl(await picture(120, 120)) })).image!;
    const member = await createStaff(rt, salon.id);
    // Staff photo URLs are free text: point one at the other shop's file, then replace it.
    await rt.caller(salon.owner).merchants.updateStaffByMerchant({ staffId: member, avatar: theirPhoto.url });
    await rt.caller(salon.owner).images.upload({ kind: 'staff', staffId: member, dataUrl: dataUrl(await picture(50, 50)) });
    expect(await exists(theirPhoto.url)).toBe(true);

    // A gallery photo also used as a staff photo keeps its file when it leaves the gallery.
    const photo = (await rt.caller(salon.owner).images.upload({ dataUrl: dataUrl(await picture(90, 90)) })).image!;
    await rt.caller(salon.owner).merchants.updateStaffByMerchant({ staffId: member, avatar: photo.url });
    await rt.caller(salon.owner).images.deleteShopImages({ imageId: photo._id });
    expect(await exists(photo.url)).toBe(true);
    // Once nothing shows the old staff photo, replacing it removes the file.
    const own = await rt.caller(salon.owner).images.upload({ kind: 'staff', staffId: member, dataUrl: dataUrl(await picture(60, 60)) });
    expect(await exists(photo.url)).toBe(false);
    expect(await exists(own.url)).toBe(true);
  });
});

describe('images/uploadAvatar', () => {
  it("sets any signed-in account's own profile photo, with the same checks", async () => {
    const customer = await makeAccount(rt, 'customer');
    const r = await rt.caller(customer).images.uploadAvatar({ fileName: 'me.png', dataUrl: dataUrl(await picture(800, 800)) });
    expect(r.url).toMatch(new RegExp(`^/uploads/avatars/${customer.id}/[0-9a-f-]{36}\\.webp$`));
    expect((await rt.caller(customer).users.profile()).user.avatar).toBe(r.url);
    expect(await sharp(await stored(r.url)).metadata()).toMatchObject({ width: 400, height: 400 });
    await expect(
      rt.caller(customer).images.uploadAvatar({ dataUrl: dataUrl(Buffer.from('%PDF-1.7 not a picture'), 'image/jpeg') }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NOT_AN_IMAGE,
    });
    await expect(rt.caller().images.uploadAvatar({ dataUrl: dataUrl(await picture(10, 10)) })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});

describe('gallery: list, cover, delete', () => {
  it('keeps exactly one cover, moves it on request and on deleting the cover', async () => {
    const shop = await createSalon(rt);
    const up = async (w: number) =>
      (await rt.caller(shop.owner).images.upload({ merchantId: shop.id, dataUrl: dataUrl(await picture(w, 100)) })).image!;
    const first = await up(100);
    const second = await up(200);
    const third = await up(300);
    expect([first.isCover, second.isCover, third.isCover]).toEqual([true, false, false]);

    const set = await rt.caller(shop.owner).images.setCoverImage({ merchantId: shop.id, imageId: third._id });
    expect(set.images.filter((i) => i.isCover).map((i) => i._id)).toEqual([third._id]);
    expect(set.images[0]._id).toBe(third._id);

    const del = await rt.caller(shop.owner).images.deleteShopImages({ merchantId: shop.id, imageId: third._id });
    expect(del.message).toBe('Image deleted successfully.');
    expect(del.images.map((i) => [i._id, i.isCover])).toEqual([
      [first._id, true],
      [second._id, false],
    ]);
    expect(await exists(third.url)).toBe(false);
    const list = await rt.caller(shop.owner).images.getShopImages({});
    expect(list.images).toHaveLength(2);
    await expect(rt.caller(shop.owner).images.deleteShopImages({ imageId: third._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("keeps images to their shop: 403 for another merchantId, 404 for another shop's image", async () => {
    const theirs = (await rt.caller(other.owner).images.upload({ dataUrl: dataUrl(await picture(100, 100)) })).image!._id;
    const me = rt.caller(salon.owner).images;
    await expect(me.getShopImages({ merchantId: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(me.upload({ merchantId: other.id, dataUrl: dataUrl(await picture(10, 10)) })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(me.setCoverImage({ imageId: theirs })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.deleteShopImages({ imageId: theirs })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(me.deleteShopImages({ merchantId: other.id, imageId: theirs })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const customer = await makeAccount(rt, 'customer');
    await expect(rt.caller(customer).images.upload({ dataUrl: dataUrl(await picture(10, 10)) })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const admin = await makeAccount(rt, 'admin');
    expect((await rt.caller(admin).images.getShopImages({ merchantId: other.id })).images.map((i) => i._id)).toContain(theirs);
  });
});
