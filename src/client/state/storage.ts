/** Browser storage keys, spelled exactly as the spec lists them (customer doc, point 3). */
export const STORAGE_KEYS = {
  token: 'token',
  userType: 'userType',
  userRole: 'userRole',
  userId: 'user_id',
  userName: 'userName',
  userEmail: 'user_email',
  shopType: 'shop_type',
  userData: 'userData',
  splashSeen: 'splashSeen',
  notificationsSubscribed: 'notificationsSubscribed',
  customNotificationPermission: 'customNotificationPermission',
  userLatitude: 'userLatitude',
  userLongitude: 'userLongitude',
  recentlyViewedSalons: 'recentlyViewedSalons',
  confirmedBookings: 'confirmedBookings',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Storage can throw (private mode, disabled cookies); the app keeps working without it. */
export function readItem(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string | null | undefined): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the in-memory atoms still hold the value for this page */
  }
}

export function readJson<T>(key: StorageKey, fallback: T): T {
  const raw = readItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeItem(key, value === undefined ? null : JSON.stringify(value));
}
