import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, SHOTS_DIR, shot, signIn } from './browser';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface FakePushState {
  permission: NotificationPermission;
  endpoint: string | null;
  made: number;
  unsubscribed: string[];
}

/**
 * The browser's permission prompt and its push service, replaced (nothing is reachable offline) and
 * kept in localStorage so they outlive reloads, as a real browser's would; the service worker and
 * every server call are real.
 */
async function fakePushService(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const KEY = 'e2e-push';
    const read = (): FakePushState =>
      JSON.parse(localStorage.getItem(KEY) ?? 'null') ?? { permission: 'default', endpoint: null, made: 0, unsubscribed: [] };
    const write = (s: FakePushState) => localStorage.setItem(KEY, JSON.stringify(s));
    const keys = {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    };
    const subscription = (endpoint: string) => ({
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        const s = read();
        s.endpoint = null;
        s.unsubscribed.push(endpoint);
        write(s);
        return true;
      },
    });
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => read().permission });
    Notification.requestPermission = async () => {
      const s = read();
      s.permission = 'granted';
      write(s);
      return 'granted';
    };
    PushManager.prototype.getSubscription = async () => {
      const { endpoint } = read();
      return (endpoint ? subscription(endpoint) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async () => {
      const s = read();
      s.made += 1;
      s.endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Date.now().toString(36)}-${s.made}`;
      write(s);
      return subscription(s.endpoint) as unknown as PushSubscription;
    };
  });
}

const pushState = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('e2e-push') ?? 'null') as FakePushState | null);

async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/users/loginUser/emailLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo@1234' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** How many browser subscriptions the server holds, as the admin's push page counts them. */
async function subscribers(adminToken: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/notification/getAllSubscribeUserNotifications`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return ((await res.json()) as { data: { subscribers: number } }).data.subscribers;
}

/** The push calls the page makes, with the account whose token they carry. */
function recordPushCalls(page: Page) {
  const calls: { path: string; body: string; token: string | undefined }[] = [];
  page.on('request', (req) => {
    const m = /\/trpc\/(notification\.subscribeUserToNotifications|users\.unsubscribeUserFromNotifications)/.exec(req.url());
    if (m) calls.push({ path: m[1], body: req.postData() ?? '', token: req.headers().authorization?.replace(/^Bearer /, '') });
  });
  return calls;
}

const subjectOf = (token: string | undefined) =>
  token ? (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub : null;

describe('push notifications', () => {
  it('offers push on My Bookings, in the page and not over it; Not now is remembered', async () => {
    const { context, page } = await newPage(browser, { offerPush: true });
    await signIn(page, 'customer@demo.in');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/bookings');
    const card = page.getByTestId('push-opt-in');
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByRole('heading').innerText()).toBe('Get booking reminders');
    expect(await page.locator('[role="dialog"]').count()).toBe(0);
    await shot(page, 'push-opt-in');
    await card.screenshot({ path: path.join(SHOTS_DIR, 'push-opt-in-card.png') });
    await page.getByTestId('push-deny').click();
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('customNotificationPermission'))).toBe('denied');
    await page.reload();
    await page.getByTestId('bookings-tab-upcoming').waitFor();
    expect(await card.count()).toBe(0);
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
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        }),
        unsubscribe: async () => true,
      };
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => fakeSubscription as unknown as PushSubscription;
    });
    await signIn(page, 'customer@demo.in');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.goto('/bookings');
    await page.getByTestId('push-opt-in').waitFor({ timeout: 15_000 });
    await page.getByTestId('push-allow').click();
    await page.getByText('Notifications are on').waitFor();
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration('/sw.js').then((r) => Boolean(r?.active || r?.installing || r?.waiting)),
      ),
    ).toBe(true);
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

  it('logout drops the browser’s subscription on the server and in the browser; the next person to sign in is subscribed without being asked again', async () => {
    const adminToken = await apiToken('admin@demo.in');
    const before = await subscribers(adminToken);
    const { context, page } = await newPage(browser, { offerPush: true });
    await fakePushService(page);
    const calls = recordPushCalls(page);
    try {
      await signIn(page, 'customer@demo.in');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.goto('/bookings');
      await page.getByTestId('push-opt-in').waitFor({ timeout: 15_000 });
      await page.getByTestId('push-allow').click();
      await page.getByText('Notifications are on').waitFor();
      const first = (await pushState(page))!.endpoint!;
      expect(first).toMatch(/^https:\/\/fcm\.googleapis\.com\//);
      await poll(() => subscribers(adminToken)).toBe(before + 1);
      const customerId = await page.evaluate(() => localStorage.getItem('user_id'));

      await page.getByTestId('avatar-menu-button').click();
      await page.getByTestId('logout-button').click();
      await poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const dropped = calls.find((c) => c.path === 'users.unsubscribeUserFromNotifications');
      expect(dropped?.body).toContain(first);
      expect(subjectOf(dropped?.token)).toBe(customerId);
      expect(await pushState(page)).toMatchObject({ endpoint: null, unsubscribed: [first] });
      await poll(() => subscribers(adminToken)).toBe(before);

      // Another person on the same browser: the permission stands, so no modal, and a new subscription is theirs.
      await signIn(page, 'rohan.mehta@demo.in');
      await page.waitForURL((u) => u.pathname === '/');
      await poll(() => calls.filter((c) => c.path === 'notification.subscribeUserToNotifications').length).toBe(2);
      const second = (await pushState(page))!.endpoint!;
      expect(second).not.toBe(first);
      const resubscribed = calls.filter((c) => c.path === 'notification.subscribeUserToNotifications')[1];
      expect(resubscribed.body).toContain(second);
      const rohanId = await page.evaluate(() => localStorage.getItem('user_id'));
      expect(rohanId).not.toBe(customerId);
      expect(subjectOf(resubscribed.token)).toBe(rohanId);
      await poll(() => subscribers(adminToken)).toBe(before + 1);
      await page.waitForTimeout(5000);
      expect(await page.getByTestId('push-opt-in').count()).toBe(0);

      // Reloading does not subscribe again.
      await page.reload();
      await page.getByTestId('avatar-menu-button').waitFor();
      await page.waitForTimeout(1500);
      expect(calls.filter((c) => c.path === 'notification.subscribeUserToNotifications')).toHaveLength(2);
      await page.getByTestId('avatar-menu-button').click();
      await page.getByTestId('logout-button').click();
      await poll(() => subscribers(adminToken)).toBe(before);
    } finally {
      await context.close();
    }
  });

  it('without a Notification API or PushManager, Allow shows the spec’s alert, and the offer is not repeated', async () => {
    const { context, page } = await newPage(browser, { offerPush: true });
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
      delete (window as { Notification?: unknown }).Notification;
    });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    try {
      await signIn(page, 'customer@demo.in');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      await page.goto('/bookings');
      const modal = page.getByTestId('push-opt-in');
      await modal.waitFor({ timeout: 15_000 });
      await page.getByTestId('push-allow').click();
      await modal.waitFor({ state: 'detached' });
      expect(alerts).toEqual(['Push not supported in this browser.']);
      expect(await page.evaluate(() => localStorage.getItem('customNotificationPermission'))).toBe('unsupported');
      await page.reload();
      await page.getByTestId('bookings-tab-upcoming').waitFor();
      expect(await modal.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
