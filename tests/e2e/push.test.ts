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

describe('push notifications', () => {
  it('offers push after sign-in; Deny is remembered', async () => {
    const { context, page } = await newPage(browser, { offerPush: true });
    await signIn(page, 'customer@demo.in');
    const modal = page.getByTestId('push-opt-in');
    await modal.waitFor({ timeout: 15_000 });
    expect(await modal.getByRole('heading').innerText()).toBe('Never miss an appointment');
    await shot(page, 'push-opt-in');
    await page.getByTestId('push-deny').click();
    await modal.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('customNotificationPermission'))).toBe('denied');
    await page.reload();
    await page.waitForTimeout(5500);
    expect(await modal.count()).toBe(0);
    await context.close();
  });

  it('Allow registers the service worker and stores the subscription; the admin sees the subscriber and sends a push', async () => {
    const { context, page } = await newPage(browser, { offerPush: true });
    // There is no reachable push service offline: the browser's permission prompt and its push
    // service are the only parts replaced; the service worker registration and the server calls are real.
    await page.addInitScript(() => {
      Notification.requestPermission = async () => 'granted';
      const fakeSubscription = {
        endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-browser',
        toJSON: () => ({
          endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-browser',
          expirationTime: null,
          keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
        }),
        unsubscribe: async () => true,
      };
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => fakeSubscription as unknown as PushSubscription;
    });
    await signIn(page, 'customer@demo.in');
    await page.getByTestId('push-opt-in').waitFor({ timeout: 15_000 });
    await page.getByTestId('push-allow').click();
    await page.getByText('Notifications are on').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration('/sw.js').then((r) => Boolean(r?.active || r?.installing || r?.waiting)))).toBe(true);
    await context.close();

    const admin = await newPage(browser);
    await signIn(admin.page, 'admin@demo.in');
    await admin.page.waitForURL(/\/admin/);
    await admin.page.goto('/admin/PushNotification');
    await poll(() => admin.page.getByTestId('push-subscribers').innerText()).toContain('1');
    await admin.page.locator('#broadcast-title').fill('Weekend offers');
    await admin.page.locator('#broadcast-message').fill('20% off facials at Glow Studio this weekend.');
    expect(await admin.page.locator('#broadcast-push').isChecked()).toBe(true);
    await admin.page.getByTestId('broadcast-send').click();
    await admin.page.getByTestId('push-row').first().waitFor();
    expect(await admin.page.getByTestId('push-row').first().innerText()).toContain('Weekend offers');
    await shot(admin.page, 'admin-push');
    await admin.page.goto('/admin/system');
    await admin.page.getByTestId('jobs-table').waitFor();
    expect(await admin.page.getByTestId('jobs-table').innerText()).toContain('Message delivery');
    await shot(admin.page, 'admin-system-jobs');
    await admin.context.close();
  });
});
