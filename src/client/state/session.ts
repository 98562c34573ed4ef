import { atom, getDefaultStore } from 'jotai';
import { ROLES, type Role } from '../../shared/constants';
import { readItem, readJson, STORAGE_KEYS, writeItem, writeJson } from './storage';

/** An account's role; the layout follows it. */
export type UserType = Role;

/** The account as `users.profile` and the sign-in calls answer it. */
export interface SessionUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: UserType;
  userType: UserType;
  avatar: string | null;
  profileImage: string | null;
  createdAt: string;
  shop_Name?: string;
  shop_type?: string[];
}

export interface Session {
  token: string | null;
  /** Drives the layout; null means a visitor (default layout). */
  userType: UserType | null;
  /** Defaults to customer, as the spec's state store does. */
  userRole: UserType;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  shopType: string[];
  user: SessionUser | null;
}

/** Fired on window whenever the signed-in account (and so the layout) changes. */
export const USER_TYPE_CHANGED_EVENT = 'userTypeChanged';

export function asUserType(value: unknown): UserType | null {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value) ? (value as UserType) : null;
}

export function readSessionFromStorage(): Session {
  const token = readItem(STORAGE_KEYS.token);
  const userType = token ? asUserType(readItem(STORAGE_KEYS.userType)) : null;
  const shopType = readJson<unknown>(STORAGE_KEYS.shopType, []);
  return {
    token: token || null,
    userType,
    userRole: asUserType(readItem(STORAGE_KEYS.userRole)) ?? userType ?? 'customer',
    userId: readItem(STORAGE_KEYS.userId),
    userName: readItem(STORAGE_KEYS.userName),
    userEmail: readItem(STORAGE_KEYS.userEmail),
    shopType: Array.isArray(shopType) ? shopType.filter((v): v is string => typeof v === 'string') : [],
    user: readJson<SessionUser | null>(STORAGE_KEYS.userData, null),
  };
}

export const sessionAtom = atom<Session>(readSessionFromStorage());
export const isSignedInAtom = atom((get) => Boolean(get(sessionAtom).token));

export const appStore = getDefaultStore();

export function getSession(): Session {
  return appStore.get(sessionAtom);
}

function displayName(user: SessionUser): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.shop_Name || user.email;
}

function storeUser(user: SessionUser): void {
  writeItem(STORAGE_KEYS.userId, user._id);
  writeItem(STORAGE_KEYS.userName, displayName(user));
  writeItem(STORAGE_KEYS.userEmail, user.email);
  writeJson(STORAGE_KEYS.shopType, user.shop_type ?? []);
  writeJson(STORAGE_KEYS.userData, user);
}

function announce(): void {
  appStore.set(sessionAtom, readSessionFromStorage());
  window.dispatchEvent(new Event(USER_TYPE_CHANGED_EVENT));
}

export interface SaveSessionInput {
  token: string;
  user: SessionUser;
  userType: UserType | string;
}

/** Stores a fresh sign-in (login or registration) and switches the layout. */
export function saveSession({ token, user, userType }: SaveSessionInput): UserType {
  const type = asUserType(userType) ?? asUserType(user.userType) ?? asUserType(user.role) ?? 'customer';
  writeItem(STORAGE_KEYS.token, token);
  writeItem(STORAGE_KEYS.userType, type);
  writeItem(STORAGE_KEYS.userRole, type);
  storeUser(user);
  announce();
  return type;
}

/** Refreshes the stored profile without touching the token (after `users.profile`). */
export function updateStoredUser(user: SessionUser): void {
  if (!getSession().token) return;
  storeUser(user);
  announce();
}

/** Keys that belong to the signed-in account; device-level keys (splash, location, recently viewed) stay. */
const ACCOUNT_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.userType,
  STORAGE_KEYS.userRole,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.userName,
  STORAGE_KEYS.userEmail,
  STORAGE_KEYS.shopType,
  STORAGE_KEYS.userData,
  STORAGE_KEYS.notificationsSubscribed,
  STORAGE_KEYS.customNotificationPermission,
  STORAGE_KEYS.confirmedBookings,
] as const;

export function clearSession(): void {
  for (const key of ACCOUNT_KEYS) writeItem(key, null);
  announce();
}

export function homePathFor(userType: UserType | null): string {
  if (userType === 'merchant') return '/merchant';
  if (userType === 'admin') return '/admin';
  return '/';
}

/**
 * Keeps the session atom in step with storage when another tab signs in or out, or when code
 * elsewhere changes the stored user type and fires `userTypeChanged`.
 */
export function watchSessionChanges(): () => void {
  const sync = () => appStore.set(sessionAtom, readSessionFromStorage());
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) sync();
  };
  window.addEventListener(USER_TYPE_CHANGED_EVENT, sync);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(USER_TYPE_CHANGED_EVENT, sync);
    window.removeEventListener('storage', onStorage);
  };
}
