import type { z } from 'zod';
import type { pushBroadcastsInput, subscribeInput, unsubscribeInput } from '../../../shared/schemas/push';
import { readItem, STORAGE_KEYS, writeItem } from '../../state/storage';

/**
 * The calls push makes, as the app's tRPC client (trpc.ts) has them. Declared here rather than
 * taken from trpc.ts, which calls detachPush on a 401: the two modules would import each other.
 */
export interface PushClient {
  notification: {
    vapidPublicKey: { query(input: z.input<typeof pushBroadcastsInput>): Promise<{ publicKey: string }> };
    subscribeUserToNotifications: { mutate(input: z.input<typeof subscribeInput>): Promise<unknown> };
  };
  users: { unsubscribeUserFromNotifications: { mutate(input: z.input<typeof unsubscribeInput>): Promise<unknown> } };
}
type Client = PushClient;

export const PUSH_UNSUPPORTED = 'Push not supported in this browser.';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

const ANSWERED = ['denied', 'unsupported'];

/**
 * Whether to offer the opt-in (spec: signed-in users whose permission is not granted): the browser
 * can still ask, or cannot do push at all (Allow then says so), and the user has not answered us.
 */
export function shouldOfferPush(): boolean {
  if (typeof window === 'undefined') return false;
  if (ANSWERED.includes(readItem(STORAGE_KEYS.customNotificationPermission) ?? '')) return false;
  if (!pushSupported()) return true;
  return Notification.permission === 'default';
}

export function declinePush(): void {
  writeItem(STORAGE_KEYS.customNotificationPermission, 'denied');
}

/** After the "not supported" alert: not offered again on this browser. */
export function markPushUnsupported(): void {
  writeItem(STORAGE_KEYS.customNotificationPermission, 'unsupported');
}

/**
 * The browser granted notifications before (maybe to someone who has since logged out) and this
 * session has not subscribed or turned push off yet: subscribe it for whoever is signed in now.
 */
export function shouldResubscribe(): boolean {
  return pushSupported() && Notification.permission === 'granted' && readItem(STORAGE_KEYS.notificationsSubscribed) === null;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export type EnableResult = 'subscribed' | 'denied' | 'unsupported';

/** Asks the browser's permission, registers the service worker, subscribes and tells the server. */
export async function enablePush(client: Client): Promise<EnableResult> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    if (permission === 'denied') declinePush();
    return 'denied';
  }
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { publicKey } = await client.notification.vapidPublicKey.query({});
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  await client.notification.subscribeUserToNotifications.mutate({
    subscription: subscription.toJSON() as z.input<typeof subscribeInput>['subscription'],
  });
  writeItem(STORAGE_KEYS.notificationsSubscribed, 'true');
  return 'subscribed';
}

/**
 * Logout: pushes for the account that leaves must stop reaching this browser. Its subscription is
 * dropped on the server (while the token still works; `client` null when it no longer does) and in
 * the browser, so the next person to sign in gets a fresh one. Failures never block the logout.
 */
export async function detachPush(client: Client | null): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration('/sw.js');
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    if (client) await client.users.unsubscribeUserFromNotifications.mutate({ endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch (err) {
    console.warn('push: could not drop the subscription on logout', err);
  }
}

/** Drops this browser's subscription, here and on the server. */
export async function disablePush(client: Client): Promise<void> {
  writeItem(STORAGE_KEYS.notificationsSubscribed, 'false');
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/sw.js');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await client.users.unsubscribeUserFromNotifications.mutate({ endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
