import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app.js';
import { appRouter } from '../../src/server/routers/index.js';
import { feedDescriptor } from '../../src/server/services/channels/feeds.js';
import { POSTER_TEXT } from '../../src/server/services/channels/images.js';
import { actionsCenterActionFeed, actionsCenterDescriptor, actionsCenterEntityFeed } from '../../src/shared/schemas/actionsCenter.js';
import { createDiscoverySalon, type DiscoverySalon } from '../helpers/discoveryFixtures.js';
import { createStaff } from '../helpers/fixtures.js';
import { pdfText } from '../helpers/pdfText.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/*
 * The salon's channels over HTTP (issue 40, docs/channels.md): the link page's HTML (head, first
 * screen, redirect of an old slug), its PNG preview, who may frame what, the widget script, the
 * Reserve with Google feeds against the documented format, and the QR poster.
 */

let rt: TestRuntime;
let server: Server;
let base: string;
let clientDir: string;
let salon: DiscoverySalon;
let optedOut: DiscoverySalon;
let hidden: DiscoverySalon;
const PUBLIC_URL = 'https://glowbook.example';

beforeAll(async () => {
  rt = await createTestRuntime({ env: { PUBLIC_URL } });
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-client-'));
  fs.copyFileSync(path.resolve(import.meta.dirname, '../../index.html'), path.join(clientDir, 'index.html'));
  salon = await createDiscoverySalon(rt, {
    name: 'Rose & Thorn <Salon>',
    city: 'Pune',
    state: 'Maharashtra',
    address: 'Baner Road, Baner',
    lat: 18.559,
    lng: 73.7868,
    services: [
      { name: 'Haircut', price: 399 },
      { name: 'Hydra Facial', price: 1649, duration: 60 },
    ],
  });
  await createStaff(rt, salon.id, { name: 'Priya Kale' });
  await rt.deps.db.updateTable('merchants').set({ phone: '9876543210', postal_code: '411045' }).where('id', '=', salon.id).execute();
  optedOut = await createDiscoverySalon(rt, {
    name: 'Quiet Corner',
    city: 'Pune',
    state: 'Maharashtra',
    address: 'Aundh',
    lat: 18.56,
    lng: 73.8,
    services: [{ name: 'Haircut', price: 300 }],
  });
  hidden = await createDiscoverySalon(rt, {
    name: 'Draft Lounge',
    published: false,
    city: 'Pune',
    state: 'Maharashtra',
    address: 'Aundh',
    lat: null,
    lng: null,
    services: [{ name: 'Haircut', price: 500 }],
  });
  await rt.caller(salon.owner).merchants.updateOnlineBooking({ slug: 'rose-thorn' });
  await rt.caller(salon.owner).merchants.updateOnlineBooking({ slug: 'rose-and-thorn' });
  await rt.caller(optedOut.owner).merchants.updateOnlineBooking({ feedOptOut: true });
  await rt.caller(hidden.owner).merchants.getOnlineBooking({});

  const app = createApp({ deps: rt.deps, router: appRouter, ping: async () => undefined, clientDir });
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await rt?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (p: string) => fetch(`${base}${p}`, { redirect: 'manual' });
const metaContent = (html: string, attr: string) => new RegExp(`<meta (?:name|property)="${attr}" content="([^"]*)"`).exec(html)?.[1];
const frameAncestors = (res: Response) => /frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('the link page /s/{slug}', () => {
  it('carries the salon, its services, team and next free times in the HTML, with a PNG preview in its head', async () => {
    const res = await get('/s/rose-and-thorn');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Book at Rose &amp; Thorn &lt;Salon&gt; · GlowBook</title>');
    expect(html).not.toContain('<Salon>');
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1] ?? '';
    expect(root).toContain('Hydra Facial');
    expect(root).toContain('₹1,649');
    expect(root).toContain('Priya Kale');
    expect(root).toMatch(/data-testid="link-free-times"[\s\S]*\d{1,2}:\d{2} [AP]M/);
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/s/rose-and-thorn`);
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/s/rose-and-thorn/og.png`);
    expect(metaContent(html, 'og:image:type')).toBe('image/png');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:description')).toMatch(/^Book online at Rose &amp; Thorn/);
  });

  it('redirects an old slug (301) to the current one, keeping the query', async () => {
    const res = await get('/s/rose-thorn?embed=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/s/rose-and-thorn?embed=1');
    expect((await get('/s/ROSE-AND-THORN')).status).toBe(200);
  });

  it('is a 404 for a link nobody has and for an unpublished salon', async () => {
    expect((await get('/s/nobody-here')).status).toBe(404);
    const { slug } = (await rt.caller(hidden.owner).merchants.getOnlineBooking({})).data;
    expect((await get(`/s/${slug}`)).status).toBe(404);
    expect((await get(`/s/${slug}/og.png`)).status).toBe(404);
  });

  it('previews as a 1200 × 630 PNG, never SVG', async () => {
    const res = await get('/s/rose-and-thorn/og.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });
});

describe('framing', () => {
  it('lets any site frame the embedded link page and no other page', async () => {
    const embedded = await get('/s/rose-and-thorn?embed=1');
    expect(embedded.status).toBe(200);
    expect(frameAncestors(embedded)).toBe('*');
    expect(embedded.headers.get('x-frame-options')).toBeNull();
    expect(metaContent(await embedded.text(), 'robots')).toBe('noindex');
    for (const p of [
      '/s/rose-and-thorn',
      '/s/rose-and-thorn?embed=0',
      '/',
      `/salon/${salon.id}`,
      '/merchant/settings?embed=1',
      '/api/health',
    ]) {
      const res = await get(p);
      expect(frameAncestors(res), p).toBe("'none'");
      expect(res.headers.get('x-frame-options'), p).toBe('SAMEORIGIN');
    }
  });

  it('serves the widget script to other sites', async () => {
    const res = await get('/widget.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const js = await res.text();
    expect(js).toContain("'/s/' + encodeURIComponent(slug) + '?embed=1'");
    expect(js).toContain('e.origin !== origin || e.source !== frame.contentWindow');
  });
});

describe('Reserve with Google feeds', () => {
  it('lists every published salon not opted out, in the documented entity and action formats', async () => {
    const entity = await (await get('/feeds/actions-center/entity.json')).json();
    const action = await (await get('/feeds/actions-center/action.json')).json();
    expect(actionsCenterEntityFeed.safeParse(entity).error).toBeUndefined();
    expect(actionsCenterActionFeed.safeParse(action).error).toBeUndefined();
    const ids = entity.data.map((e: { entity_id: string }) => e.entity_id);
    expect(ids).toContain(salon.id);
    expect(ids).not.toContain(optedOut.id);
    expect(ids).not.toContain(hidden.id);
    expect(entity.data.find((e: { entity_id: string }) => e.entity_id === salon.id)).toEqual({
      entity_id: salon.id,
      name: 'Rose & Thorn <Salon>',
      telephone: '+919876543210',
      url: `${PUBLIC_URL}/s/rose-and-thorn`,
      location: {
        latitude: 18.559,
        longitude: 73.7868,
        address: { country: 'IN', locality: 'Pune', region: 'Maharashtra', postal_code: '411045', street_address: 'Baner Road, Baner' },
      },
    });
    expect(action.data.find((a: { entity_id: string }) => a.entity_id === salon.id)).toEqual({
      entity_id: salon.id,
      link_id: `book-${salon.id}`,
      url: `${PUBLIC_URL}/s/rose-and-thorn`,
      actions: [{ appointment_info: {} }],
    });
    expect(actionsCenterDescriptor.safeParse(feedDescriptor('action', new Date(), 'action_1.json')).error).toBeUndefined();
  });

  it('is refused by the schema when a required field is missing or a field is unknown', () => {
    const good = { entity_id: 'a-1', name: 'A', location: { latitude: 1, longitude: 2 } };
    expect(actionsCenterEntityFeed.safeParse({ data: [good] }).success).toBe(true);
    for (const bad of [
      { ...good, name: '' },
      { ...good, location: {} },
      { ...good, location: { latitude: 1 } },
      { ...good, telephone: '9876543210' },
      { ...good, category: 'salon' },
      { ...good, location: { address: { country: 'India', locality: 'Pune', postal_code: '1', street_address: 'x' } } },
    ])
      expect(actionsCenterEntityFeed.safeParse({ data: [bad] }).success, JSON.stringify(bad)).toBe(false);
    expect(actionsCenterEntityFeed.safeParse({ data: [good, good] }).success).toBe(false);
    expect(actionsCenterActionFeed.safeParse({ data: [{ entity_id: 'a', link_id: 'l', url: 'x', actions: [] }] }).success).toBe(false);
  });
});

describe('QR poster', () => {
  it('is an A4 PDF with the name, the link and the instructions in English and Hindi', async () => {
    const res = await get('/s/rose-and-thorn/poster.pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(pdf);
    expect(text).toContain('Rose & Thorn <Salon>');
    expect(text).toContain(`${PUBLIC_URL}/s/rose-and-thorn`);
    expect(text).toContain(POSTER_TEXT.en[0]);
    // Hindi is set in an embedded Devanagari font and shaped: glyphs come out in visual order (the
    // i-matra before its consonant), so a word without reordering is read back whole.
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
    expect(POSTER_TEXT.hi[0]).toContain('ऑनलाइन');
    expect(text).toContain('ऑनलाइन');
  });

  it('is an A4 PNG too, and redirects from an old slug', async () => {
    const res = await get('/s/rose-and-thorn/poster.png');
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 1240, height: 1754 });
    const old = await get('/s/rose-thorn/poster.png');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/s/rose-and-thorn/poster.png');
    expect((await get('/s/rose-and-thorn/poster.svg')).status).toBe(404);
  });
});
