import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/*
 * Issue 30 item 22: reflow at 320 CSS px (what 1280 px at 400 % zoom gives), keyboard focus in the
 * phone's full-screen chat and the guest menu, and a visible focus ring on form controls.
 */

let browser: Browser;
let salonId: string;

beforeAll(async () => {
  browser = await launch();
  const search = (await (await fetch(`${baseUrl()}/api/merchants/search?location=Pune&limit=1`)).json()) as {
    data: { merchants: { _id: string }[] };
  };
  salonId = search.data.merchants[0]._id;
});

afterAll(async () => {
  await browser?.close();
});

async function settle(page: Page) {
  await page.locator('#main').waitFor({ timeout: 15_000 });
  await page.waitForLoadState('load');
  await page
    .locator('[role="status"][aria-label^="Loading"], .animate-pulse, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** How far the page reaches past the viewport's right edge, and the widest offenders (for the failure message). */
async function overflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const by = document.documentElement.scrollWidth - width;
    const culprits: string[] = [];
    if (by > 0) {
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > width + 0.5 && r.width > 0) {
          const id = el.getAttribute('data-testid') ?? el.id ?? '';
          culprits.push(
            `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}.${String(el.className).slice(0, 60)} right=${Math.round(r.right)}`,
          );
        }
      }
    }
    return { by, culprits: culprits.slice(0, 8) };
  });
}

async function expectNoHorizontalScroll(page: Page, path: string, name: string) {
  await page.goto(path);
  await settle(page);
  await shot(page, `narrow-320-${name}`);
  const o = await overflow(page);
  expect.soft(o.by, `${path} overflows by ${o.by} px:\n${o.culprits.join('\n')}`).toBeLessThanOrEqual(0);
}

describe('at 320 px (400 % zoom) nothing scrolls sideways', { timeout: 180_000 }, () => {
  it('the pages a visitor opens, and the salon list shows its whole Sort select', async () => {
    const { context, page } = await newPage(browser, { width: 320, height: 640 });
    try {
      await expectNoHorizontalScroll(page, '/', 'home');
      await expectNoHorizontalScroll(page, `/salon/${salonId}`, 'salon');
      await expectNoHorizontalScroll(page, '/login', 'login');
      await expectNoHorizontalScroll(page, '/salons?location=Pune', 'salon-list');
      const sort = page.getByTestId('list-sort');
      const box = (await sort.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      // Its whole chosen label fits: the control is not narrower than what it shows.
      const clipped = await sort.evaluate((el: HTMLSelectElement) => el.scrollWidth > el.clientWidth + 1);
      expect(clipped).toBe(false);
      // And it still works.
      await sort.selectOption({ index: 1 });
      await page.waitForURL(/sort/i);
    } finally {
      await context.close();
    }
  });

  it("a customer's My Bookings and a salon owner's dashboard", async () => {
    const customer = await newPage(browser, { width: 320, height: 640 });
    try {
      await signIn(customer.page, 'customer@demo.in');
      await customer.page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await expectNoHorizontalScroll(customer.page, '/bookings', 'bookings');
      await expectNoHorizontalScroll(customer.page, '/', 'home-customer');
    } finally {
      await customer.context.close();
    }
    const merchant = await newPage(browser, { width: 320, height: 640 });
    try {
      await signIn(merchant.page, 'merchant@demo.in', 'Demo@1234', true);
      await merchant.page.waitForURL((u) => u.pathname.startsWith('/merchant') && !u.pathname.includes('login'));
      await expectNoHorizontalScroll(merchant.page, '/merchant', 'merchant-dashboard');
    } finally {
      await merchant.context.close();
    }
  });
});

/** The element that has focus, described by test id, id or accessible label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? (el.getAttribute('data-testid') ?? el.id ?? el.getAttribute('aria-label') ?? el.tagName) : null;
  });

/** Whether focus is inside the element matching `selector`. */
const focusInside = (page: Page, selector: string) =>
  page.evaluate((s) => !!document.querySelector(s)?.contains(document.activeElement), selector);

describe('keyboard focus on a phone', { timeout: 120_000 }, () => {
  it('the full-screen chat keeps Tab and Shift+Tab inside and Escape returns to the chat button', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, 'customer@demo.in');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await settle(page);
      await page.getByTestId('chat-toggle').click();
      const panel = page.getByTestId('chat-panel');
      await panel.waitFor();
      await expect.poll(() => focusInside(page, '[data-testid="chat-panel"]')).toBe(true);
      await page.getByTestId('chat-input').fill('hi');
      // Forwards and backwards, more times than there are controls: focus never leaves the panel.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside(page, '[data-testid="chat-panel"]'), `Tab ${i + 1} left the chat (on ${await focused(page)})`).toBe(true);
      }
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(page, '[data-testid="chat-panel"]'), `Shift+Tab ${i + 1} left the chat (on ${await focused(page)})`).toBe(
          true,
        );
      }
      await shot(page, 'narrow-chat-focus');
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('chat-toggle');
    } finally {
      await context.close();
    }
  });

  it("the guest menu takes focus, keeps it, closes on Escape back to its button, and its links pass axe's contrast check", async () => {
    const { AxeBuilder } = await import('@axe-core/playwright');
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await page.goto('/');
      await settle(page);
      const button = page.getByTestId('mobile-menu-button');
      await button.focus();
      await page.keyboard.press('Enter');
      await page.locator('#mobile-menu').waitFor();
      await expect.poll(() => focusInside(page, '#mobile-menu')).toBe(true);
      const inMenuOrButton = () =>
        page.evaluate(
          () =>
            !!document.getElementById('mobile-menu')?.contains(document.activeElement) ||
            document.activeElement?.getAttribute('data-testid') === 'mobile-menu-button',
        );
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        expect(await inMenuOrButton(), `Tab ${i + 1} left the menu (on ${await focused(page)})`).toBe(true);
      }
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await inMenuOrButton(), `Shift+Tab ${i + 1} left the menu (on ${await focused(page)})`).toBe(true);
      }
      await shot(page, 'narrow-guest-menu');
      const contrast = await new AxeBuilder({ page }).include('#mobile-menu').withRules(['color-contrast']).analyze();
      expect(contrast.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`))).toEqual([]);
      expect(contrast.passes.length).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await page.locator('#mobile-menu').waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('mobile-menu-button');
    } finally {
      await context.close();
    }
  });
});

describe('form controls show a 2 px focus ring', { timeout: 120_000 }, () => {
  /**
   * The ring a focused control shows: its own outline, or a box-shadow ring on it or on the box that
   * wraps it (search fields draw it on their wrapper with focus-within). Returns the width in px.
   */
  const ringWidth = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const widthOf = (node: HTMLElement) => {
        const s = getComputedStyle(node);
        const outline = s.outlineStyle !== 'none' ? parseFloat(s.outlineWidth) : 0;
        // Tailwind's ring: a box-shadow whose spread is the ring's width ("… 0px 0px 0px 2px").
        const spreads = Array.from(s.boxShadow.matchAll(/0px 0px 0px (\d+(?:\.\d+)?)px/g)).map((m) => parseFloat(m[1]));
        return Math.max(outline, ...spreads, 0);
      };
      let best = widthOf(el);
      for (let node = el.parentElement, depth = 0; node && depth < 3; node = node.parentElement, depth++)
        best = Math.max(best, widthOf(node));
      return best;
    });

  it('on inputs, selects and textareas reached by keyboard', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      const checked: string[] = [];
      const visit = async (paths: string[]) => {
        for (const path of paths) await ringsOn(path);
      };
      const ringsOn = async (path: string) => {
        await page.goto(path);
        await settle(page);
        const controls = page.locator(
          '#main input:visible:not([type=hidden]):not([type=checkbox]):not([type=radio]), #main select:visible, #main textarea:visible',
        );
        // Each of these pages has a form; its code may still be loading once the frame shows.
        await controls.first().waitFor();
        const count = await controls.count();
        const before = checked.length;
        for (let i = 0; i < count; i++) {
          const control = controls.nth(i);
          // Focus by keyboard: from the control before it, Tab lands here with :focus-visible.
          await control.focus();
          await page.keyboard.press('Shift+Tab');
          await page.keyboard.press('Tab');
          const name = await control.evaluate(
            (el) => `${el.tagName.toLowerCase()}#${el.id || el.getAttribute('data-testid') || el.getAttribute('name')}`,
          );
          if (!(await control.evaluate((el) => el === document.activeElement))) continue;
          expect(await ringWidth(page), `${path} ${name}`).toBeGreaterThanOrEqual(2);
          checked.push(`${path} ${name}`);
        }
        expect(checked.length, `no control of ${path} was reached by keyboard`).toBeGreaterThan(before);
      };
      await visit(['/login', '/register', '/forgot-password', '/salons?location=Pune', '/contact-us', '/']);
      await page.goto('/login');
      await page.locator('#login-email').focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await shot(page, 'narrow-focus-ring');
      // A signed-in customer's forms: profile, and support's textarea.
      await signIn(page, 'customer@demo.in');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await visit(['/profile', '/support']);
      expect(
        checked.filter((c) => c.startsWith('/support textarea')),
        checked.join('\n'),
      ).toHaveLength(1);
      expect(checked.length).toBeGreaterThan(15);
    } finally {
      await context.close();
    }
  });
});
