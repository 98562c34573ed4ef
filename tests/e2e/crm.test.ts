import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('merchant customers and messages', () => {
  it('lists real customers, filters, sends a message with variables and sees it delivered in Sent messages', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'merchant@demo.in', 'Demo@1234', true);
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/merchant/);
    await page.goto('/merchant/customers');
    const rows = page.getByTestId('customer-row');
    await poll(() => rows.count()).toBeGreaterThan(2);
    await shot(page, 'merchant-customers');

    await page.locator('#customer-search').fill('zzzz-nobody');
    await poll(() => page.getByText('No customers match your search criteria.').count()).toBe(1);
    await page.locator('#customer-search').fill('');
    await poll(() => rows.count()).toBeGreaterThan(2);

    await rows.first().locator('button').first().click();
    await page.getByTestId('customer-detail').waitFor();
    await page.getByTestId('detail-send-message').click();
    const dialog = page.getByTestId('send-message-dialog');
    await dialog.waitFor();
    await dialog.locator('#message-subject').fill('A note from {merchant_name}');
    await dialog.locator('#message-body').fill('Hi {customer_name}, thank you for visiting {merchant_name}!');
    await shot(page, 'merchant-send-message');
    await dialog.getByTestId('send-message').click();
    await page.getByText('Message sent successfully!').waitFor();

    await page.getByRole('tab', { name: 'Sent messages' }).click();
    const sent = page.getByTestId('sent-message').first();
    await poll(() => sent.innerText()).toContain('Delivered');
    expect(await sent.innerText()).toMatch(/thank you for visiting (?!\{)/);
    expect(await sent.innerText()).not.toContain('{customer_name}');
    await shot(page, 'merchant-sent-messages');
    await context.close();
  });
});
