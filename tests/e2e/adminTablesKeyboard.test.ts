import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser';

/*
 * At a phone's width the admin tables scroll sideways; a keyboard user must be able to reach each
 * scroll box (axe scrollable-region-focusable): it is a named region in the tab order.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES = [
  '/admin/users',
  '/admin/bookings',
  '/admin/salons',
  '/admin/system',
  '/admin/security',
  '/admin/payments',
  '/admin/payables',
];

describe('admin tables at 390 px are reachable by keyboard', { timeout: 300_000 }, () => {
  it('axe finds no scrollable region a keyboard cannot reach', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    try {
      await signIn(page, 'admin@demo.in');
      await page.waitForURL(/\/admin$/);
      const findings: string[] = [];
      for (const path of PAGES) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const result = await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze();
        for (const v of result.violations) findings.push(`${path}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        // Each table's scroll box is a named region in the tab order.
        const tables = await page.locator('table').count();
        expect(await page.locator('[role="region"][tabindex="0"]:has(> table)').count(), path).toBe(tables);
      }
      await page.goto('/admin/system');
      await page.locator('[data-testid="jobs-table"]').waitFor();
      await shot(page, 'admin-system-390');
      expect(findings.join('\n')).toBe('');
    } finally {
      await context.close();
    }
  });

  it('looks the same at 1280 px (screenshot)', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    try {
      await signIn(page, 'admin@demo.in');
      await page.waitForURL(/\/admin$/);
      await page.goto('/admin/system');
      await page.locator('[data-testid="jobs-table"]').waitFor();
      await shot(page, 'admin-system-1280');
    } finally {
      await context.close();
    }
  });
});
