import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, shot } from './browser';

/* The splash on a first visit, narrow screens, keyboard focus. */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/** A first-time visitor: nothing stored yet (browser.ts's newPage marks the splash as seen). */
async function firstVisit(width = 390): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: 844 },
    timezoneId: 'Asia/Kolkata',
    locale: 'en-IN',
  });
  await context.addInitScript(() => window.localStorage.setItem('customNotificationPermission', 'denied'));
  return { context, page: await context.newPage() };
}

describe('splash', () => {
  it('shows on a first visit to the home page and Escape skips it', async () => {
    const { context, page } = await firstVisit();
    try {
      await page.goto('/');
      const splash = page.getByTestId('splash-screen');
      await splash.waitFor();
      await shot(page, 'experience-splash-390');
      await page.keyboard.press('Escape');
      await splash.waitFor({ state: 'detached', timeout: 1000 });
      await page.reload();
      await page.getByTestId('home-headline').waitFor();
      expect(await splash.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('never covers a deep link, nor a later visit to the home page', async () => {
    const { context, page } = await firstVisit();
    try {
      const search = (await (await fetch(`${baseUrl()}/api/merchants/search?location=Pune&limit=1`)).json()) as {
        data: { merchants: { _id: string }[] };
      };
      await page.goto(`/salon/${search.data.merchants[0]._id}`);
      await page.getByTestId('salon-gallery').waitFor();
      expect(await page.getByTestId('splash-screen').count()).toBe(0);
      await page.goto('/');
      await page.getByTestId('home-headline').waitFor();
      expect(await page.getByTestId('splash-screen').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
