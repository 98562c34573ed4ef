import os from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatINR } from '../../src/shared/money';
import { baseUrl, launch, newPage, shot } from './browser';

/*
 * The server renders a visitor's first screen (home, results, a salon page) with React from the
 * answers it sends with the page, and the client hydrates it (issue 42 item 7): the content is in
 * the HTML itself, readable with JavaScript off, and the hydration matches it (React reports any
 * mismatch as an error and renders the page again in the browser).
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

interface SalonWire {
  merchant: {
    _id: string;
    shop_Name: string;
    services: { name: string; finalPrice: number }[];
  };
}

async function aSalon(): Promise<SalonWire['merchant']> {
  const res = await fetch(`${baseUrl()}/api/merchants/search?location=Pune&limit=1`);
  const body = (await res.json()) as { data: { merchants: { _id: string }[] } };
  const id = body.data.merchants[0]._id;
  return ((await (await fetch(`${baseUrl()}/api/merchants/getMerchantById/${id}`)).json()) as SalonWire).merchant;
}

/** What React reports while hydrating: a mismatch is a recoverable error (console or window error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

const HYDRATION = /hydrat|did not match|Minified React error #(418|419|420|421|422|423|425)/i;

describe('the first screen, rendered by the server', () => {
  it("shows a salon page's name, services and prices, the results and the home page's rows with JavaScript off", async () => {
    const salon = await aSalon();
    const services = salon.services;
    expect(services.length).toBeGreaterThan(0);

    // The HTML itself, as a crawler or a phone without the script gets it.
    const html = await (await fetch(`${baseUrl()}/salon/${salon._id}`)).text();
    const root = html.slice(html.indexOf('<div id="root"'));
    // As React escapes text: a salon's "Men's Haircut" is Men&#x27;s Haircut in the HTML.
    const text = (s: string) =>
      s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
    expect(root).toContain(text(salon.shop_Name));
    for (const s of services.slice(0, 3)) {
      expect(root).toContain(text(s.name));
      expect(root).toContain(formatINR(s.finalPrice));
    }

    const context = await browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      timezoneId: 'Asia/Kolkata',
      locale: 'en-IN',
    });
    try {
      const page = await context.newPage();
      await page.goto(`/salon/${salon._id}`);
      await expect(page.getByTestId('salon-name').innerText()).resolves.toBe(salon.shop_Name);
      expect(await page.getByTestId('service-row').count()).toBeGreaterThan(0);
      for (const s of services.slice(0, 3)) expect(await page.getByText(s.name, { exact: true }).count(), s.name).toBeGreaterThan(0);
      expect(await page.getByTestId('service-price').first().isVisible()).toBe(true);
      await shot(page, 'ssr-salon-nojs-390');

      await page.goto('/salons?location=Pune');
      expect(await page.getByTestId('salon-result').count()).toBeGreaterThan(0);
      await shot(page, 'ssr-results-nojs-390');

      await page.goto('/');
      expect(await page.getByTestId('home-headline').isVisible()).toBe(true);
      // The rows below the hero come from the answers sent with the page.
      expect(await page.locator('[data-testid="salon-card"], [data-testid="sponsored-card"]').count()).toBeGreaterThan(0);
      await shot(page, 'ssr-home-nojs-390');
    } finally {
      await context.close();
    }
  });

  it('hydrates the three pages without a mismatch, keeping the server-rendered nodes', async () => {
    const salon = await aSalon();
    for (const [path, ready, name] of [
      ['/', 'home-headline', 'ssr-home-390'],
      ['/salons?location=Pune', 'salon-result', 'ssr-results-390'],
      [`/salon/${salon._id}`, 'salon-name', 'ssr-salon-390'],
    ] as const) {
      const { context, page } = await newPage(browser, { width: 390 });
      try {
        const errors = collectErrors(page);
        // Marks the server's node before any script runs: hydration keeps it, a fresh render replaces it.
        await page.addInitScript((testId) => {
          document.addEventListener('DOMContentLoaded', () => {
            const node = document.querySelector(`[data-testid="${testId}"]`);
            if (node) (window as unknown as { serverNode: Element }).serverNode = node;
          });
        }, ready);
        // Start-up's long tasks (over 50 ms), reported beside the figures: timings follow the machine's load.
        await page.addInitScript(() => {
          const w = window as unknown as { longTasks: number[] };
          w.longTasks = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.longTasks.push(Math.round(e.duration));
          }).observe({ type: 'longtask', buffered: true });
        });
        await page.goto(path);
        await page.getByTestId(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
        console.info(`${path}: long tasks at start-up ${JSON.stringify(longTasks)} ms (load average ${os.loadavg()[0].toFixed(1)})`);
        // Interactive: the app's own script handles a click on the mobile menu.
        await page.getByTestId('mobile-menu-button').click();
        await page.locator('#mobile-menu').waitFor();
        await page.keyboard.press('Escape');
        const kept = await page.evaluate(
          (testId) => (window as unknown as { serverNode?: Element }).serverNode === document.querySelector(`[data-testid="${testId}"]`),
          ready,
        );
        expect(kept, path).toBe(true);
        expect(
          errors.filter((e) => HYDRATION.test(e)),
          path,
        ).toEqual([]);
        await shot(page, name);
      } finally {
        await context.close();
      }
    }
  });
});
