import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap, type Runtime } from '../../src/server/bootstrap.js';
import { loadEnv } from '../../src/server/env.js';
import { type FakeS3, startFakeS3 } from '../helpers/fakeS3.js';
import { createSalon, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 140 } } })
    .png()
    .toBuffer();
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

async function listen(app: Runtime['app']): Promise<{ base: string; server: Server }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function upload(base: string, token: string, body: object) {
  const res = await fetch(`${base}/api/images/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { url: string; image: { _id: string } | null };
}

describe.skipIf(DB_KIND !== 'pg')('uploads with DATABASE_URL: two server processes that share the database, not a disk', () => {
  let a: TestRuntime;
  let b: Runtime;
  let baseA: string;
  let baseB: string;
  let serverB: Server;
  let dirB: string;
  let salon: SalonFixture;

  beforeAll(async () => {
    a = await createTestRuntime();
    baseA = await a.listen();
    // A second process: its own app, pool and DATA_DIR, on the same scratch database.
    dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-test-b-'));
    // The first process's settings as its environment held them (lists as comma-separated text).
    const envA = { ...a.deps.env, API_CORS_ORIGINS: a.deps.env.API_CORS_ORIGINS.join(',') };
    b = await bootstrap(loadEnv({ ...envA, PORT: '0', DATA_DIR: dirB, PUBLIC_URL: undefined } as unknown as NodeJS.ProcessEnv), {
      serveClient: false,
      seed: false,
    });
    ({ base: baseB, server: serverB } = await listen(b.app));
    salon = await createSalon(a, { name: 'Two Hosts Salon' });
  });
  afterAll(async () => {
    serverB?.closeAllConnections();
    await new Promise<void>((resolve) => (serverB ? serverB.close(() => resolve()) : resolve()));
    await b?.handle.close();
    fs.rmSync(dirB, { recursive: true, force: true });
    await a?.close();
  });

  it('an image uploaded through one process is served by the other, with an ETag, 304 and immutable caching', async () => {
    expect(a.deps.env.DATA_DIR).not.toBe(b.deps.env.DATA_DIR);
    expect([a.deps.adapters.images.provider, b.deps.adapters.images.provider]).toEqual(['database', 'database']);
    const token = await a.deps.tokens.sign({ sub: salon.id, role: 'merchant', ver: 0 });
    const png = await picture(800, 600);
    const up = await upload(baseA, token, { kind: 'shop', dataUrl: dataUrl(png) });
    expect(up.url).toMatch(new RegExp(`^/uploads/${salon.id}/[0-9a-f-]{36}\\.webp$`));
    // Neither process wrote a file: the bytes are in the database.
    expect(filesUnder(path.join(a.deps.env.DATA_DIR, 'uploads'))).toEqual([]);
    expect(filesUnder(path.join(dirB, 'uploads'))).toEqual([]);

    const res = await fetch(`${baseB}${up.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    // Both processes name the same bytes with the same tag.
    const fromA = await fetch(`${baseA}${up.url}`);
    expect(fromA.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await fromA.arrayBuffer()).equals(bytes)).toBe(true);

    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const cached = await fetch(`${baseB}${up.url}`, { headers: { 'if-none-match': inm } });
      expect(cached.status, inm).toBe(304);
      expect(cached.headers.get('etag')).toBe(etag);
      expect((await cached.arrayBuffer()).byteLength).toBe(0);
    }
    const stale = await fetch(`${baseB}${up.url}`, { headers: { 'if-none-match': '"0000"' } });
    expect(stale.status).toBe(200);
    const head = await fetch(`${baseB}${up.url}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(bytes.length)]);

    // Deleting through B removes the bytes for A too.
    const del = await fetch(`${baseB}/api/images/deleteShopImages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ imageId: up.image!._id }),
    });
    expect(del.status).toBe(200);
    expect((await fetch(`${baseA}${up.url}`)).status).toBe(404);
  });

  it('images stored on a host disk before the switch are still served by that host', async () => {
    const legacy = path.join(dirB, 'uploads', salon.id, '11111111-1111-4111-8111-111111111111.webp');
    fs.mkdirSync(path.dirname(legacy), { recursive: true });
    fs.writeFileSync(
      legacy,
      await sharp(await picture(10, 10))
        .webp()
        .toBuffer(),
    );
    const res = await fetch(`${baseB}/uploads/${salon.id}/11111111-1111-4111-8111-111111111111.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${baseA}/uploads/${salon.id}/11111111-1111-4111-8111-111111111111.webp`)).status).toBe(404);
  });
});

describe('uploads in an S3-compatible bucket (a fake S3 endpoint on this machine)', () => {
  let s3: FakeS3;
  let rt: TestRuntime;
  let base: string;
  let salon: SalonFixture;

  beforeAll(async () => {
    s3 = await startFakeS3();
    rt = await createTestRuntime({
      env: {
        S3_BUCKET: 'glowbook-test',
        S3_REGION: 'ap-south-1',
        S3_ENDPOINT: s3.url,
        S3_ACCESS_KEY_ID: 'AKIDGLOWBOOKTEST',
        S3_SECRET_ACCESS_KEY: 'secret-for-the-fake-endpoint',
        S3_PREFIX: 'uploads/',
      },
    });
    base = await rt.listen();
    salon = await createSalon(rt, { name: 'Bucket Salon' });
  });
  afterAll(async () => {
    await rt?.close();
    await s3?.close();
  });

  it('stores the WebP in the bucket under the prefix, signed, and the app serves it with its ETag and 304', async () => {
    expect(rt.deps.adapters.images.provider).toBe('s3');
    const r = await rt.caller(salon.owner).images.upload({ kind: 'shop', dataUrl: dataUrl(await picture(300, 200)) });
    const objectKey = `glowbook-test/uploads/${r.url.slice('/uploads/'.length)}`;
    const object = s3.objects.get(objectKey);
    expect(object).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' });
    expect(await sharp(object!.body).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
    expect(s3.requests.find((q) => q.method === 'PUT')?.credential).toMatch(/^AKIDGLOWBOOKTEST\/\d{8}\/ap-south-1\/s3\/aws4_request$/);
    expect(filesUnder(path.join(rt.deps.env.DATA_DIR, 'uploads'))).toEqual([]);

    const res = await fetch(`${base}${r.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(object!.body)).toBe(true);
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(object!.etag);
    const cached = await fetch(`${base}${r.url}`, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    // The store was asked with the tag (it answered 304 without the bytes).
    expect(s3.requests.filter((q) => q.method === 'GET').length).toBe(2);

    await rt.caller(salon.owner).images.deleteShopImages({ imageId: r.image!._id });
    expect(s3.objects.has(objectKey)).toBe(false);
    expect((await fetch(`${base}${r.url}`)).status).toBe(404);
  });

  it('a failed database change removes the object it had stored', async () => {
    const before = s3.objects.size;
    await expect(
      rt
        .caller(salon.owner)
        .images.upload({ kind: 'staff', staffId: '00000000-0000-4000-8000-000000000000', dataUrl: dataUrl(await picture(20, 20)) }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(s3.objects.size).toBe(before);
  });
});

describe('UPLOAD_STORAGE', () => {
  it('picks S3 with a bucket, else the database with DATABASE_URL, else the disk; s3 needs a bucket, keys come in pairs', async () => {
    const { uploadStorageOf } = await import('../../src/server/env.js');
    const env = (e: Record<string, string>) => loadEnv({ JWT_SECRET: 'x'.repeat(32), ...e });
    expect(uploadStorageOf(env({}))).toBe('disk');
    expect(uploadStorageOf(env({ DATABASE_URL: 'postgres://h/db' }))).toBe('database');
    expect(uploadStorageOf(env({ DATABASE_URL: 'postgres://h/db', S3_BUCKET: 'b' }))).toBe('s3');
    expect(uploadStorageOf(env({ DATABASE_URL: 'postgres://h/db', UPLOAD_STORAGE: 'disk' }))).toBe('disk');
    expect(() => env({ UPLOAD_STORAGE: 's3' })).toThrow(/S3_BUCKET: required with UPLOAD_STORAGE=s3/);
    expect(() => env({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
});
