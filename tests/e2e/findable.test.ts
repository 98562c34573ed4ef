import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/*
 * What the server sends before any script runs (statuses, a salon's own head, robots.txt, the
 * sitemap, compressed assets), and figures on screen that come from the database.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

async function aSalonId(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/merchants/search?location=Pune&limit=1`);
  const body = (await res.json()) as { data: { merchants: { _id: string }[] } };
  return body.data.merchants[0]._id;
}

describe('what the server sends', () => {
  it('answers 404 for an unknown path and a missing salon, and the app shows its not-found screen', async () => {
    const { context, page } = await newPage(browser, { width: 390 });
    try {
      const unknown = await page.goto('/no-such-page');
      expect(unknown?.status()).toBe(404);
      await page
        .getByText(/not found/i)
        .first()
        .waitFor();
      const missing = await page.goto('/salon/00000000-0000-4000-8000-000000000000');
      expect(missing?.status()).toBe(404);
      await page
        .getByText(/not found/i)
        .first()
        .waitFor();
      await shot(page, 'findable-missing-salon-390');
      const home = await page.goto('/');
      expect(home?.status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  it("puts a salon's title, description, canonical, Open Graph and JSON-LD into the HTML itself", async () => {
    const id = await aSalonId();
    const res = await fetch(`${baseUrl()}/salon/${id}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const html = await res.text();
    const detail = (await (await fetch(`${baseUrl()}/api/merchants/getMerchantById/${id}`)).json()) as {
      merchant: { shop_Name: string; City: string };
    };
    const name = detail.merchant.shop_Name.replace(/&/g, '&amp;');
    expect(html).toContain(`<title>${name}, ${detail.merchant.City} · Book online · GlowBook</title>`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/salon/${id}"`));
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(['HairSalon', 'BeautySalon', 'DaySpa', 'TattooParlor', 'HealthAndBeautyBusiness']).toContain(ld['@type']);
    expect(ld.address.addressLocality).toBe(detail.merchant.City);
    expect(ld.aggregateRating.reviewCount).toBeGreaterThan(0);
  });

  it('serves robots.txt and the sitemap as themselves, not as the app page', async () => {
    const robots = await fetch(`${baseUrl()}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await robots.text()).toMatch(/^Sitemap: .+\/sitemap\.xml$/m);
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await sitemap.text();
    expect(xml.match(/\/salon\/[0-9a-f-]{36}<\/loc>/g)!.length).toBeGreaterThanOrEqual(14);
  });

  it("sends the built JavaScript and CSS precompressed, with Vary and a year's cache", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(1);
    let compressed = 0;
    for (const asset of assets) {
      const res = await fetch(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.headers.get('cache-control'), asset).toContain('immutable');
      // Files under 1 KB are not worth a compressed copy.
      if ((await res.arrayBuffer()).byteLength < 1024) continue;
      expect(res.headers.get('content-encoding'), asset).toBe('br');
      expect(res.headers.get('vary'), asset).toMatch(/accept-encoding/i);
      compressed++;
    }
    expect(compressed).toBeGreaterThan(1);
  });
});

describe("the first screen's data comes with the page", () => {
  it("draws a visitor's salon page and results page without asking for their data again; a signed-in customer asks", async () => {
    const { context, page } = await newPage(browser, { width: 390 });
    const asked: string[] = [];
    context.on('request', (r) => {
      if (r.url().includes('/trpc/')) asked.push(decodeURIComponent(new URL(r.url()).pathname));
    });
    try {
      const id = await aSalonId();
      await page.goto(`/salon/${id}`);
      await page.getByTestId('salon-gallery').waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.goto('/salons?location=Pune');
      await page.getByTestId('salon-result').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(asked.filter((p) => /getMerchantById|merchants\.search\b/.test(p))).toEqual([]);
      await shot(page, 'first-screen-results-390');

      await signIn(page, 'customer@demo.in');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto(`/salon/${id}`);
      await page.getByTestId('salon-gallery').waitFor();
      await page.waitForLoadState('networkidle');
      expect(
        asked.some((p) => p.includes('merchants.getMerchantById')),
        asked.join(' '),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('a steady layout', () => {
  it('loads the home page, the salon list and a salon page without layout shifts, every image with its size reserved', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await page.addInitScript(() => {
        (window as unknown as { __cls: number }).__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const [path, ready] of [
        ['/', 'section-recommended'],
        ['/salons?location=Pune', 'salon-result'],
        [`/salon/${await aSalonId()}`, 'salon-gallery'],
      ]) {
        await page.goto(path);
        await page.getByTestId(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
        expect(cls, path).toBeLessThan(0.1);
        const unsized = await page.evaluate(() =>
          [...document.querySelectorAll('main img')]
            .filter((img) => !img.getAttribute('width') || !img.getAttribute('height'))
            .map((img) => img.outerHTML.slice(0, 120)),
        );
        expect(unsized, path).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});

describe('figures from the database', () => {
  it("a sponsored card's badge is the salon's real lowest price", async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await page.goto('/');
      const card = page.getByTestId('sponsored-card').first();
      await card.waitFor();
      const href = (await card.getAttribute('href'))!;
      const detail = (await (await fetch(`${baseUrl()}/api/merchants/getMerchantById/${href.split('/').pop()}`)).json()) as {
        merchant: { lowestPrice: number };
      };
      const price = detail.merchant.lowestPrice;
      const badge = (await card.getByTestId('sponsored-price').textContent())!;
      expect(badge).toBe(`From ₹${price.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(price) ? 0 : 2 })}`);
      expect(await page.getByText('@99').count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'findable-sponsored-1280');
    } finally {
      await context.close();
    }
  });
});
