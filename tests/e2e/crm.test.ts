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

  it('help & support: opens a ticket and sees it with its priority; FAQ, articles and the getting started guide', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'merchant@demo.in', 'Demo@1234', true);
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/merchant/);
    await page.goto('/merchant/help');
    await poll(() => page.getByTestId('merchant-faq').locator('details').count()).toBe(15);
    await page.getByTestId('qa-ticket').click();
    const dialog = page.getByTestId('ticket-dialog');
    await dialog.getByTestId('ticket-submit').click();
    await poll(() => dialog.innerText()).toContain('Please fill in all required fields.');
    await dialog.locator('#support-subject').fill('Payout missing for last week');
    await dialog.locator('#support-priority').selectOption('high');
    await dialog.locator('#support-message').fill('The payout for last week has not reached my bank account.');
    await dialog.getByTestId('ticket-submit').click();
    await page.getByText('Ticket created successfully!').waitFor();
    const ticket = page.getByTestId('ticket-row').first();
    await poll(() => ticket.innerText()).toContain('Payout missing for last week');
    expect(await ticket.innerText()).toContain('High');
    await shot(page, 'merchant-help');
    await page.locator('#help-query').fill('qr');
    await page.getByTestId('help-search-results').getByText('Managing bookings and QR check-in').click();
    await page.getByTestId('kb-article').waitFor();
    await shot(page, 'merchant-kb-article');
    await page.goto('/merchant/knowledge-base/no-such-article');
    await page.getByText("The article you're looking for doesn't exist or has been removed.").waitFor();
    await page.goto('/merchant/help/getting-started');
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    await context.close();
  });
});

describe('subscription and billing', () => {
  it('shows the plan and invoices, refuses a declined test card, changes plan with a GST breakdown and downloads the invoice PDF', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'merchant@demo.in', 'Demo@1234', true);
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/merchant/);
    await page.goto('/merchant/subscription');
    await poll(() => page.getByTestId('current-plan').innerText()).toContain('Professional');
    expect(await page.getByTestId('test-mode').innerText()).toContain('test gateway');
    await poll(() => page.getByTestId('invoice-row').count()).toBe(2);
    await page.getByTestId('choose-enterprise').click();
    const modal = page.getByTestId('confirm-plan');
    expect(await modal.getByTestId('price-breakdown').innerText()).toContain('₹9,438.82');
    await modal.locator('#plan-card').fill('4000 0000 0000 0002');
    await modal.getByTestId('pay-now').click();
    await poll(() => modal.innerText()).toContain('declined');
    await modal.locator('#plan-card').fill('4111 1111 1111 1111');
    await shot(page, 'merchant-confirm-plan');
    await modal.getByTestId('pay-now').click();
    await page.getByText('Plan updated successfully!').waitFor();
    await poll(() => page.getByTestId('current-plan').innerText()).toContain('Enterprise');
    await poll(() => page.getByTestId('invoice-row').count()).toBe(3);
    await shot(page, 'merchant-subscription');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-invoice').first().click()]);
    expect(download.suggestedFilename()).toMatch(/^GB-\d{4}-\d{2}-\d{6}\.pdf$/);
    await context.close();
  });
});

describe('marketing', () => {
  it('sends an e-mail campaign to a segment and watches it go from Sending to Sent; the SMS counter enforces 160', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'merchant@demo.in', 'Demo@1234', true);
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/merchant/);
    await page.goto('/merchant/marketing');
    await page.getByTestId('marketing-analytics').waitFor();
    await page.locator('#sms-body').fill('x'.repeat(161));
    expect(await page.getByTestId('sms-counter').innerText()).toContain('161/160');
    expect(await page.getByTestId('sms-send').isDisabled()).toBe(true);
    await page.locator('#email-name').fill('Festive offer');
    await page.locator('#email-subject').fill('Festive offer for you, {customer_name}');
    await page.locator('#email-body').fill('Hi {customer_name}, enjoy 15% off at {merchant_name} this week.');
    await page.getByTestId('email-send').click();
    const row = page.getByTestId('campaign-row').filter({ hasText: 'Festive offer' });
    await poll(() => row.innerText()).toContain('Sent');
    await row.getByRole('button', { name: 'View Stats' }).click();
    await poll(() => row.getByTestId('campaign-stats').innerText()).toMatch(/Delivered\s+[1-9]/);
    await shot(page, 'merchant-marketing');
    await context.close();
  });
});
