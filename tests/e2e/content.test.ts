import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, shot, signIn } from './browser';

const poll = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, interval: 100, message });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('content pages and blogs', () => {
  it('public blog list and article; drafts stay hidden', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/blogs');
    const cards = page.getByTestId('blog-card');
    await poll(() => cards.count()).toBe(4);
    expect(await page.getByTestId('blog-card').allInnerTexts()).not.toContainEqual(expect.stringContaining('(draft)'));
    await shot(page, 'blogs');
    await page.getByRole('button', { name: '#bridal' }).click();
    await poll(() => cards.count()).toBe(1);
    await cards.first().click();
    await page.getByTestId('blog-article').waitFor();
    expect(await page.locator('article h2').count()).toBeGreaterThan(2);
    await shot(page, 'blog-article');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'blog-article-390');
    await context.close();
  });

  it('FAQ, policies, help center and contact form', async () => {
    const { context, page } = await newPage(browser);
    for (const [path, text] of [
      ['/about-us', 'Why we started'],
      ['/privacy-policy', 'Digital Personal Data Protection'],
      ['/terms-and-conditions', 'Cancellations and refunds'],
      ['/cookie-policy', 'What we store'],
      ['/partner-with-us', 'of each completed booking'],
      ['/api-access', '/api/openapi.json'],
    ] as const) {
      await page.goto(path);
      await poll(() => page.getByTestId('static-page').innerText(), `${path} shows "${text}"`).toContain(text);
    }
    await page.goto('/faq');
    await page.getByTestId('faq-item').filter({ hasText: 'Can I cancel a booking?' }).locator('summary').click();
    await poll(() => page.getByTestId('faq').innerText(), 'the opened FAQ answer is shown').toContain('for a full refund');
    await shot(page, 'faq');
    await page.goto('/help-center');
    await page.locator('#help-search').fill('gift card');
    await poll(() => page.getByTestId('help-results').innerText(), 'searching "gift card" finds the gift card article').toContain(
      'How do gift cards work?',
    );
    await shot(page, 'help-center');
    await page.goto('/contact-us');
    await page.getByTestId('contact-send').click();
    await poll(() => page.getByTestId('contact-form').innerText(), 'an empty contact form asks for a name').toContain('Your name, please');
    await page.locator('#contact-name').fill('Ritu Sharma');
    await page.locator('#contact-email').fill('ritu@example.in');
    await page.locator('#contact-subject').fill('Listing my salon');
    await page.locator('#contact-message').fill('I run a salon in Indore. How do I list it on GlowBook?');
    await page.getByTestId('contact-send').click();
    await poll(() => page.getByTestId('contact-done').innerText(), 'a filled contact form is sent').toContain('has been received');
    await shot(page, 'contact-us');
    await context.close();
  });

  it('an admin writes, publishes, edits and deletes an article', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.in');
    await poll(() => new URL(page.url()).pathname, 'the admin lands on /admin after signing in').toMatch(/^\/admin/);
    await page.goto('/bloglist');
    await poll(() => page.getByTestId('blog-row').count(), 'the blog list shows the 5 demo articles').toBe(5);
    await page.getByTestId('new-blog').click();
    await page.locator('#blog-title').fill('Winter skin: a simple routine');
    await page
      .locator('#blog-body')
      .fill('## Cleanse gently\nUse a mild cleanser.\n\n## Moisturise\nEvery morning and night, and always sunscreen.');
    await page.locator('#blog-tags').fill('skin, winter');
    await shot(page, 'create-blog');
    await page.getByTestId('blog-save').click();
    await poll(() => new URL(page.url()).pathname, 'saving a new article returns to /bloglist').toBe('/bloglist');
    const row = page.getByTestId('blog-row').filter({ hasText: 'Winter skin' });
    await poll(() => row.innerText(), 'the new article is listed as a draft').toContain('Draft');
    await row.getByTestId('blog-toggle').click();
    await poll(() => row.innerText(), 'publishing the draft marks it Published').toContain('Published');
    await shot(page, 'bloglist');
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.locator('#blog-title').fill('Winter skin: a simple routine that works');
    await page.getByTestId('blog-save').click();
    await poll(() => page.getByTestId('blog-row').filter({ hasText: 'that works' }).count(), 'the edited title is listed').toBe(1);

    const anon = await newPage(browser);
    await anon.page.goto('/blog/winter-skin-a-simple-routine-that-works');
    await poll(() => anon.page.getByTestId('blog-article').innerText(), 'a visitor reads the published article at its new slug').toContain(
      'Moisturise',
    );
    await anon.context.close();

    const edited = page.getByTestId('blog-row').filter({ hasText: 'that works' });
    await edited.getByTestId('blog-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await poll(() => page.getByTestId('blog-row').filter({ hasText: 'that works' }).count(), 'the deleted article leaves the list').toBe(0);
    await context.close();
  });
});
