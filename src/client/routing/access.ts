import { homePathFor, type UserType } from '../state/session';

/**
 * Who may open a route (customer doc, "Access guard"):
 * - public: anyone; guest: visitors only; auth: any signed-in user;
 * - customer: customer or admin; merchant: merchant or admin; merchantOnly: merchant;
 * - admin: admin only.
 */
export type Access = 'public' | 'guest' | 'auth' | 'customer' | 'merchant' | 'merchantOnly' | 'admin';

export interface Viewer {
  signedIn: boolean;
  userType: UserType | null;
}

/** A redirect is accepted only to a path of this app, never to another origin or back into sign-in. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const path = value.split(/[?#]/)[0].toLowerCase();
  if (['/login', '/register', '/forgot-password'].some((p) => path === p || path === `/merchant${p}`)) return null;
  return value;
}

export function loginPathFor(intended: string): string {
  return `/login?redirect=${encodeURIComponent(intended)}`;
}

/**
 * Where the viewer must go instead of the route, or null when the route may render.
 * `intended` is the path (with query) the viewer asked for; `redirectParam` the `?redirect=` of a guest page.
 */
export function accessRedirect(access: Access, viewer: Viewer, intended: string, redirectParam?: string | null): string | null {
  const type = viewer.signedIn ? (viewer.userType ?? 'customer') : null;
  switch (access) {
    case 'public':
      return null;
    case 'guest':
      return type ? (safeRedirect(redirectParam) ?? homePathFor(type)) : null;
    case 'auth':
      return type ? null : loginPathFor(intended);
    case 'customer':
      if (!type) return loginPathFor(intended);
      return type === 'customer' || type === 'admin' ? null : '/merchant';
    case 'merchant':
      if (!type) return loginPathFor(intended);
      return type === 'merchant' || type === 'admin' ? null : '/';
    case 'merchantOnly':
      if (!type) return loginPathFor(intended);
      return type === 'merchant' ? null : '/';
    case 'admin':
      if (!type) return loginPathFor(intended);
      return type === 'admin' ? null : '/';
  }
}
