import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/http/app.js';
import { pickEncoding } from '../../src/server/http/pages.js';
import { appRouter } from '../../src/server/routers/index.js';
import { HOME_LIST_SIZE } from '../../src/shared/pageData.js';
import { LIST_PAGE_SIZE, queryToFilters, toSearchInput } from '../../src/shared/searchFilters.js';
import { createDiscoverySalon, type DiscoverySalon } from '../helpers/discoveryFixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/*
 * The HTML, files, robots.txt and sitemap the server sends for the client, over a small stand-in
 * build (the real one is driven by the browser tests): statuses, compression and cache headers, and
 * each page's own head filled in from the database.
 */

let rt: TestRuntime;
let server: Server;
let base: string;
let clientDir: string;
let salon: DiscoverySalon;
let draft: DiscoverySalon;
let dollars: DiscoverySalon;
const PUBLIC_URL = 'https://glowbook.example';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { PUBLIC_URL } });
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.copyFileSync(path.resolve(import.meta.dirname, '../../index.html'), path.join(clientDir, 'index.html'));
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(clientDir, 'assets/index-abc123.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's manifest: a salon page's chunk, one chunk of its own and one the entry already brings.
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(
    path.join(clientDir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      '_money-2.js': { file: 'assets/money-2.js', imports: ['_shared-1.js'] },
      'src/client/pages/salon/SalonDetails.tsx': {
        file: 'assets/SalonDetails-3.js',
        isDynamicEntry: true,
        imports: ['index.html', '_money-2.js', '_shared-1.js'],
      },
    }),
  );

  salon = await createDiscoverySalon(rt, {
    name: 'Rose & Thorn <Salon>',
    city: 'Pune',
    state: 'Maharashtra',
    address: 'Baner Road, Baner',
    lat: 18.559,
    lng: 73.7868,
    rating: 4.6,
    reviews: 40,
    cover: '/uploads/rose.jpg',
    services: [
      { name: 'Haircut', price: 399, category: 'Haircut & Styling' },
      { name: 'Hydra Facial', price: 1649, category: 'Facial', duration: 60 },
    ],
  });
  draft = await createDiscoverySalon(rt, {
    name: 'Draft Lounge',
    published: false,
    city: 'Pune',
    state: 'Maharashtra',
    address: 'Aundh',
    lat: null,
    lng: null,
    services: [{ name: 'Haircut', price: 500 }],
  });
  // `$'` and `$&` are replacement patterns to String.replace: a name is text, whatever it holds.
  dollars = await createDiscoverySalon(rt, {
    name: "Cuts $' Curls $` Co",
    city: 'Nashik',
    state: 'Maharashtra',
    address: 'College Road',
    lat: 20.0,
    lng: 73.77,
    services: [{ name: 'Haircut', price: 250 }],
  });
  await rt.deps.db
    .updateTable('merchants')
    .set({ shop_types: ['spa'] })
    .where('id', '=', salon.id)
    .execute();

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

/** fetch() decodes bodies itself; node's http would show the raw bytes, so the encoding is read from the header. */
const get = (p: string, encoding = 'br, gzip') => fetch(`${base}${p}`, { headers: { 'accept-encoding': encoding } });

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}
const metaContent = (html: string, attr: string) => new RegExp(`<meta (?:name|property)="${attr}" content="([^"]*)"`).exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe('client files', () => {
  it('sends the brotli copy to a browser that takes it, gzip to one that takes only that, with Vary and a year of cache', async () => {
    const br = await get('/assets/index-abc123.js');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe(SCRIPT);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('answers 404 for a missing hashed file instead of the app page', async () => {
    const res = await get('/assets/index-gone.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('reads Accept-Encoding weights', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('gzip;q=0.5, br;q=0.2')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('pages', () => {
  it("fills a salon page's head from the database: title, description, canonical, Open Graph, DaySpa JSON-LD", async () => {
    const res = await get(`/salon/${salon.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const html = await res.text();
    expect(html).toContain('<title>Rose &amp; Thorn &lt;Salon&gt;, Pune · Book online · GlowBook</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    const description = metaContent(html, 'description')!;
    expect(description).toContain('Haircut, Hydra Facial');
    expect(description).toContain('from ₹399');
    expect(description).toContain('rated 4.6 from 40 reviews');
    expect(canonical(html)).toBe(`${PUBLIC_URL}/salon/${salon.id}`);
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/salon/${salon.id}`);
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/rose.jpg`);
    expect(metaContent(html, 'og:title')).toContain('Rose &amp; Thorn');
    const [ld] = jsonLd(html);
    expect(ld['@type']).toBe('DaySpa');
    expect(ld.name).toBe('Rose & Thorn <Salon>');
    expect(ld.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: 'Baner Road, Baner',
      addressLocality: 'Pune',
      addressRegion: 'Maharashtra',
    });
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 18.559, longitude: 73.7868 });
    expect(ld.priceRange).toBe('₹399–₹1,649');
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.6, reviewCount: 40 });
    expect(ld.openingHoursSpecification.length).toBeGreaterThan(0);
    expect(ld.openingHoursSpecification[0]).toMatchObject({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: expect.stringMatching(/^https:\/\/schema\.org\/\w+day$/),
    });
    // The salon's name cannot close the script it sits in.
    expect(html).not.toContain('<Salon>');
  });

  it("preloads a salon page's own script chunks with its HTML, not those the entry brings, and none on a 404", async () => {
    const html = await (await get(`/salon/${salon.id}`)).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/assets/SalonDetails-3.js', '/assets/money-2.js']);
    expect(await (await get('/salon/00000000-0000-4000-8000-000000000000')).text()).not.toContain('modulepreload');
    expect(await (await get('/about-us')).text()).not.toContain('modulepreload');
  });

  it('answers 404 for a missing salon, a malformed id and an unpublished one, still sending the app', async () => {
    for (const p of [
      '/salon/00000000-0000-4000-8000-000000000000',
      '/salon/not-an-id',
      `/salon/${draft.id}`,
      '/salon/00000000-0000-4000-8000-000000000000/booking/select',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      const html = await res.text();
      expect(html, p).toContain('<div id="root"></div>');
      expect(html, p).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('answers 404 for a path the app has no screen for, and 200 for every alias it has', async () => {
    expect((await get('/no-such-page')).status).toBe(404);
    expect((await get('/merchant/nowhere')).status).toBe(404);
    expect((await get('/blog/no-such-article')).status).toBe(404);
    for (const p of ['/', '/about', '/Salons', '/salons/', '/merchant/appointments', '/admin/PushNotification', '/bookings'])
      expect((await get(p)).status, p).toBe(200);
  });

  it('gives a city and service search page its own head and an ItemList of the matching salons', async () => {
    const res = await get('/salons?service=Facial&location=Pune&sortBy=rating');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Facial in Pune · GlowBook</title>');
    expect(canonical(html)).toBe(`${PUBLIC_URL}/salons?service=Facial&amp;location=Pune`);
    expect(metaContent(html, 'description')).toContain('Rose &amp; Thorn');
    const [list] = jsonLd(html);
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, url: `${PUBLIC_URL}/salon/${salon.id}`, name: 'Rose & Thorn <Salon>' },
    ]);

    const none = await (await get('/salons?service=Tattoo&location=Pune')).text();
    expect(jsonLd(none)).toEqual([]);
  });

  it("writes a name with replacement patterns ($' $`) into the head as it is", async () => {
    const html = await (await get(`/salon/${dollars.id}`)).text();
    expect(html).toContain("<title>Cuts $' Curls $` Co, Nashik · Book online · GlowBook</title>");
    expect(jsonLd(html)[0].name).toBe("Cuts $' Curls $` Co");
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('keeps private pages out of the index', async () => {
    const html = await (await get('/merchant/appointments')).text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(canonical(html)).toBeUndefined();
  });
});

/** The dehydrated react-query state the page carries for the client's first render (src/server/http/firstScreen.ts). */
function firstScreen(html: string): { queries: { queryKey: unknown; state: { data: unknown; status: string } }[] } | null {
  const m = /<script type="application\/json" id="gb-first-screen">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]) : null;
}

/** What the browser's own tRPC call answers a visitor. */
async function trpcQuery(procedure: string, input: unknown): Promise<unknown> {
  const res = await fetch(`${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: unknown } }).result.data;
}

describe("the first screen's data, sent with the page", () => {
  it("carries a salon page's getMerchantById answer, under the key the client asks with, equal to the API's", async () => {
    const html = await (await get(`/salon/${salon.id}`)).text();
    const state = firstScreen(html)!;
    expect(state.queries).toHaveLength(1);
    const [query] = state.queries;
    expect(query.queryKey).toEqual([['merchants', 'getMerchantById'], { input: { id: salon.id }, type: 'query' }]);
    expect(query.state.status).toBe('success');
    expect(query.state.data).toEqual(await trpcQuery('merchants.getMerchantById', { id: salon.id }));
    // The name cannot end the script early.
    expect(html).not.toContain('<Salon>');
  });

  it("carries a results page's first search under the input the client builds from the same URL", async () => {
    const search = '?service=Facial&location=Pune&sortBy=rating';
    const html = await (await get(`/salons${search}`)).text();
    const [query] = firstScreen(html)!.queries;
    const { filters, page } = queryToFilters(search);
    const input = JSON.parse(JSON.stringify(toSearchInput(filters, page, LIST_PAGE_SIZE, null)));
    expect(query.queryKey).toEqual([['merchants', 'search'], { input, type: 'query' }]);
    expect(query.state.data).toEqual(await trpcQuery('merchants.search', input));
    expect(JSON.stringify(query.state.data)).toContain(salon.id);
  });

  it("carries the home page's rows as a visitor without a stored position asks for them", async () => {
    const state = firstScreen(await (await get('/')).text())!;
    const keys = state.queries.map((q) => JSON.stringify(q.queryKey)).sort();
    const key = (path: string[], input: unknown) => JSON.stringify([path, { input, type: 'query' }]);
    expect(keys).toEqual(
      [
        key(['users', 'getTrendingServices'], {}),
        key(['users', 'getSpecialOffers'], {}),
        key(['users', 'getRecommended'], { limit: HOME_LIST_SIZE }),
        key(['users', 'getSponsoredShops'], {}),
        key(['testimonials', 'getTestimonials'], {}),
        key(['categories', 'listCategories'], {}),
        key(['locations', 'getLocations'], {}),
      ].sort(),
    );
    const recommended = state.queries.find((q) => JSON.stringify(q.queryKey).includes('getRecommended'))!;
    expect(recommended.state.data).toEqual(await trpcQuery('users.getRecommended', { limit: HOME_LIST_SIZE }));
  });

  it('sends none for a missing or unpublished salon, a malformed id or a page without first data', async () => {
    for (const p of [
      '/salon/00000000-0000-4000-8000-000000000000',
      `/salon/${draft.id}`,
      '/salon/not-an-id',
      '/about-us',
      '/merchant/appointments',
    ])
      expect(firstScreen(await (await get(p)).text()), p).toBeNull();
  });

  it("is a visitor's answer whatever credentials the request carries", async () => {
    const res = await fetch(`${base}/salon/${salon.id}`, { headers: { authorization: 'Bearer not-a-real-token' } });
    expect(res.status).toBe(200);
    const [query] = firstScreen(await res.text())!.queries;
    expect(query.state.data).toEqual(await trpcQuery('merchants.getMerchantById', { id: salon.id }));
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt as text naming the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const body = await res.text();
    expect(body).toContain('User-agent: *');
    expect(body).toContain('Disallow: /admin');
    expect(body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists published salons, their cities and categories from the database, never a draft', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/salon/${salon.id}</loc><lastmod>`);
    expect(xml).not.toContain(draft.id);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/salons?location=Pune</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/salons?service=Haircut+%26+Styling&amp;location=Pune</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/</loc>`);
  });
});
