import { readItem, STORAGE_KEYS, writeItem } from '../../state/storage';
import type { trpcClient } from '../../trpc';

type Client = typeof trpcClient;

export const PUSH_UNSUPPORTED = 'Push not supported in this browser.';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Whether to offer the opt-in: the browser can still ask, and the user has not said no to us. */
export function shouldOfferPush(): boolean {
  if (typeof window === 'undefined' || !('Notification' in window)) return false;
  if (Notification.permission !== 'default') return false;
  return readItem(STORAGE_KEYS.customNotificationPermission) !== 'denied';
}

export function declinePush(): void {
  writeItem(STORAGE_KEYS.customNotificationPermission, 'denied');
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
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  await client.notification.subscribeUserToNotifications.mutate({ subscription: subscription.toJSON() as never });
  writeItem(STORAGE_KEYS.notificationsSubscribed, 'true');
  return 'subscribed';
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
