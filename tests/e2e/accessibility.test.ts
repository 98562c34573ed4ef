import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, shot, signIn } from './browser';

/*
 * axe-core (WCAG 2.0/2.1 A and AA rules) over every page, as each role sees it: no serious or
 * critical finding. Each page is checked once loaded and settled, at a phone's width for the
 * visitor's pages (where the mobile navigation shows) and at a desktop's for the signed-in areas.
 */

let browser: Browser;
let salonId: string;
let blogSlug: string;
let offerId: string;

beforeAll(async () => {
  browser = await launch();
  const search = (await (await fetch(`${baseUrl()}/api/merchants/search?location=Pune&limit=1`)).json()) as {
    data: { merchants: { _id: string }[] };
  };
  salonId = search.data.merchants[0]._id;
  const trpc = async <T>(proc: string) =>
    ((await (await fetch(`${baseUrl()}/trpc/${proc}?input=${encodeURIComponent('{}')}`)).json()) as { result: { data: T } }).result.data;
  const blogs = await trpc<{ data: { blogs: { slug: string }[] } }>('blogs.getBlogs').catch(() => null);
  blogSlug = blogs?.data.blogs[0]?.slug ?? '';
  const offers = await trpc<{ data: { offers: { _id: string }[] } }>('users.getSpecialOffers');
  offerId = offers.data.offers[0]?._id ?? '';
});

afterAll(async () => {
  await browser?.close();
});

interface Finding {
  path: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Waits until the page shows content: its main landmark, no loading spinner or skeleton. (Not for
 * network idle: signed-in pages poll notifications, so the network never rests.)
 */
async function settle(page: Page) {
  await page.locator('#main').waitFor({ timeout: 15_000 });
  await page.waitForLoadState('load');
  await page
    .locator('[role="status"][aria-label^="Loading"], .animate-pulse, [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await animationsEnded(page);
}

/** Contrast is judged once fade-ins have ended, not on a half-faded frame (endless ones, spinners, excepted). */
async function animationsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * WCAG 2.0/2.1 A and AA, plus the experimental check that a control's accessible name contains its
 * visible text. Only violations are collected in full (axe's resultTypes): the passes, which the
 * audit never reads, are most of axe's work on a long page.
 */
const axe = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });

async function audit(page: Page, paths: string[], name: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    const result = await axe(page).analyze();
    for (const v of result.violations) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      findings.push({
        path,
        rule: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n').slice(1, 2).join('')}`),
      });
    }
    if (process.env.A11Y_SHOTS) await shot(page, `a11y-${name}-${path.replace(/[^a-z0-9]+/gi, '-')}`);
  }
  return findings;
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.path}: ${f.impact} ${f.rule} (${f.help})\n    ${f.targets.join('\n    ')}`).join('\n');
}

const PUBLIC_PAGES = () => [
  '/',
  '/salons?location=Pune',
  `/salon/${salonId}`,
  '/about-us',
  '/contact-us',
  '/faq',
  '/privacy-policy',
  '/terms-and-conditions',
  '/cookie-policy',
  '/help-center',
  '/services',
  '/partner-with-us',
  '/business-solutions',
  '/salon-management',
  '/marketing-tools',
  '/analytics',
  '/api-access',
  '/merchantonBoarding',
  '/blogs',
  ...(blogSlug ? [`/blog/${blogSlug}`] : []),
  ...(offerId ? [`/special-offer/${offerId}`] : []),
  `/salon/${salonId}/booking/select`,
  '/no-such-page',
];

// Each role's walk visits up to 20 pages on a shared machine.
describe('axe: no serious or critical findings', { timeout: 240_000 }, () => {
  // 28 pages and the open menu: on a loaded machine that is more than the others' allowance.
  it('on every page a visitor can open, at 390 px', { timeout: 600_000 }, async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      const findings = await audit(
        page,
        [...PUBLIC_PAGES(), '/login', '/register', '/forgot-password', '/merchant/login', '/merchant/register'],
        'guest',
      );
      // The open mobile menu too.
      await page.goto('/');
      await settle(page);
      await page.getByTestId('mobile-menu-button').click();
      await animationsEnded(page);
      const menu = await axe(page).analyze();
      for (const v of menu.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
        findings.push({
          path: '/ (menu open)',
          rule: v.id,
          impact: v.impact!,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        });
      expect(report(findings)).toBe('');
    } finally {
      await context.close();
    }
  });

  it("on every page of a customer's, at 1280 px", async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, 'customer@demo.in');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      const findings = await audit(
        page,
        [
          '/',
          '/salons?location=Pune',
          `/salon/${salonId}`,
          `/salon/${salonId}/booking/select`,
          '/bookings',
          '/profile',
          '/profile/settings',
          '/wallet',
          '/rewards',
          '/loyalty',
          '/gift-cards',
          '/support',
          '/notifications',
        ],
        'customer',
      );
      expect(report(findings)).toBe('');
    } finally {
      await context.close();
    }
  });

  it("on every page of a salon owner's, at 1280 px", async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, 'merchant@demo.in', 'Demo@1234', true);
      await page.waitForURL((u) => u.pathname.startsWith('/merchant') && !u.pathname.includes('login'));
      const findings = await audit(
        page,
        [
          '/merchant',
          '/merchant/appointments',
          '/merchant/customers',
          '/merchant/marketing',
          '/merchant/staff',
          '/merchant/services',
          '/merchant/reviews',
          '/merchant/settings',
          '/merchant/subscription',
          '/merchant/help',
          '/merchant/help/getting-started',
          '/merchant/shop/images',
          '/merchant/coupons',
          '/notifications',
          '/support',
        ],
        'merchant',
      );
      expect(report(findings)).toBe('');
    } finally {
      await context.close();
    }
  });

  it("on every page of an admin's, at 1280 px", async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, 'admin@demo.in');
      await page.waitForURL(/\/admin$/);
      const findings = await audit(
        page,
        [
          '/admin',
          '/admin/users',
          '/admin/bookings',
          '/admin/salons',
          '/admin/coupons',
          '/admin/feedback',
          '/admin/reports',
          '/admin/settings',
          '/admin/system',
          '/admin/security',
          '/admin/notifications',
          '/admin/PushNotification',
          '/admin/payments',
          '/admin/email',
          '/admin/services',
          '/admin/profile',
          '/bloglist',
          '/create-blog',
        ],
        'admin',
      );
      expect(report(findings)).toBe('');
    } finally {
      await context.close();
    }
  });
});
