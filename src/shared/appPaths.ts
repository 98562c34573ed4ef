/**
 * Every path the client app has a screen for (src/client/routes.tsx registers the same ones; a unit
 * test holds the two together). The server answers 404 for any other path, while still sending the
 * app, which shows its not-found screen. Matching is case-insensitive, as wouter's is.
 */
export const APP_PATHS = [
  '/',
  '/about-us',
  '/about',
  '/contact-us',
  '/contact',
  '/faq',
  '/faqs',
  '/privacy-policy',
  '/terms-and-conditions',
  '/cookie-policy',
  '/help-center',
  '/services',
  '/partner-with-us',
  '/business-solutions',
  '/salon-management',
  '/marketing-tools',
  '/analytics',
  '/api-access',
  '/merchantonBoarding',
  '/business-signup',
  '/blogs',
  '/blog/:id',
  '/salons',
  '/salon/:id',
  '/s/:slug',
  '/special-offer/:id',
  '/salon/:id/booking/select',
  '/salon/:id/booking/confirmation',
  '/desk-booking/:token',
  '/login',
  '/staff-invite/:token',
  '/register',
  '/forgot-password',
  '/merchant/login',
  '/merchant/register',
  '/merchant/forgot-password',
  '/notifications',
  '/loyalty',
  '/gift-cards',
  '/support',
  '/wallet',
  '/profile',
  '/profile/settings',
  '/salon/:id/booking/review',
  '/bookings',
  '/bookings/again/:bookingId',
  '/rewards',
  '/create-blog',
  '/edit-blog',
  '/edit-blog/:id',
  '/bloglist',
  '/merchant',
  '/merchant/dashboard',
  '/merchant/appointments',
  '/merchant/customers',
  '/merchant/clients/:key',
  '/merchant/reports',
  '/merchant/marketing',
  '/merchant/staff',
  '/merchant/staff/access',
  '/merchant/my-day',
  '/merchant/my-pay',
  '/merchant/services',
  '/merchant/reviews',
  '/merchant/settings',
  '/merchant/subscription',
  '/merchant/commission',
  '/merchant/settlements',
  '/merchant/checkout',
  '/merchant/receipts/:id',
  '/merchant/products',
  '/merchant/packages',
  '/merchant/help',
  '/merchant/help/getting-started',
  '/merchant/knowledge-base/:id',
  '/merchant/shop/images',
  '/merchant/coupons',
  '/merchant/settlements',
  '/merchant/packages',
  '/merchant/my-day',
  '/merchant/my-pay',
  '/merchant/staff/access',
  '/staff-invite/:token',
  '/bookings/again/:bookingId',
  '/admin',
  '/admin/dashboard',
  '/admin/users',
  '/admin/bookings',
  '/admin/salons',
  '/admin/coupons',
  '/admin/feedback',
  '/admin/reports',
  '/admin/settings',
  '/admin/system',
  '/admin/security',
  '/admin/notifications',
  '/admin/PushNotification',
  '/admin/payments',
  '/admin/payables',
  '/admin/email',
  '/admin/services',
  '/admin/profile',
] as const;

export interface PathMatch {
  pattern: string;
  params: Record<string, string>;
}

/** The app path `pathname` falls under, with its parameters; null when the app has no such screen. */
export function matchAppPath(pathname: string): PathMatch | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = trimmed.split('/');
  for (const pattern of APP_PATHS) {
    const want = pattern.split('/');
    if (want.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < want.length && ok; i++) {
      if (want[i].startsWith(':')) {
        if (!parts[i]) ok = false;
        else {
          try {
            params[want[i].slice(1)] = decodeURIComponent(parts[i]);
          } catch {
            ok = false;
          }
        }
      } else if (want[i].toLowerCase() !== parts[i].toLowerCase()) ok = false;
    }
    if (ok) return { pattern, params };
  }
  return null;
}
