import { useAtomValue } from 'jotai';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { matchAppPath } from '../shared/appPaths';
import { PageSpinner } from './components/ui/Spinner';
import Home from './pages/public/Home';
import { type Access, accessRedirect } from './routing/access';
import { sessionAtom } from './state/session';
import { withData } from './withData';

export interface RouteDef {
  /** Screen name as the spec calls it. */
  name: string;
  /** First path is canonical; the rest are aliases (matching is case-insensitive). */
  paths: string[];
  access: Access;
  component: PageComponent;
  /** Fixed props for the page, e.g. the merchant mode of the sign-in page. */
  props?: Record<string, unknown>;
}

/** A page whose code loads on first use; `preload` fetches it ahead (main.tsx, for the page the app opens on). */
export type PageComponent = ComponentType<any> & { preload?: () => Promise<void> };

/**
 * A page loaded on demand (React.lazy). Once its code is here (preloaded before the first render,
 * main.tsx) the lazy component is handed it as an already-settled thenable, which React.lazy reads
 * at once instead of suspending: the page the app opens on appears in the first paint, with no
 * spinner frame before it (the spinner's commit and a second one for the page used to put the
 * page's largest paint a render later). The component stays the one React.lazy made, so a page is
 * never remounted when its code arrives.
 */
function page(load: () => Promise<{ default: ComponentType<any> }>): PageComponent {
  let loaded: { default: ComponentType<any> } | null = null;
  // Each page comes with the data layer and renders inside its providers (src/client/data.tsx).
  const settle = () =>
    withData(load)().then((m) => {
      loaded = m;
      return m;
    });
  const Lazy = lazy(() => {
    const ready = loaded;
    if (!ready) return settle();
    // A thenable that calls back at once: React.lazy resolves it synchronously.
    const settled: PromiseLike<{ default: ComponentType<any> }> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, read only by React.lazy.
      then: (resolve) => Promise.resolve(resolve ? resolve(ready) : ready) as never,
    };
    return settled as Promise<{ default: ComponentType<any> }>;
  });
  return Object.assign(Lazy, { preload: () => settle().then(() => undefined) });
}

const Login = page(() => import('./pages/auth/Login'));
const Register = page(() => import('./pages/auth/Register'));
const ForgotPassword = page(() => import('./pages/auth/ForgotPassword'));
const NotFound = page(() => import('./pages/NotFound'));

/** Every screen of both route tables (customer doc point 2, merchant doc point 2) plus footer and menu paths. */
export const ROUTES: RouteDef[] = [
  // Public
  { name: 'Home', paths: ['/'], access: 'public', component: Home },
  { name: 'AboutUs', paths: ['/about-us', '/about'], access: 'public', component: page(() => import('./pages/public/AboutUs')) },
  { name: 'ContactUs', paths: ['/contact-us', '/contact'], access: 'public', component: page(() => import('./pages/public/ContactUs')) },
  { name: 'Faq', paths: ['/faq', '/faqs'], access: 'public', component: page(() => import('./pages/public/Faq')) },
  { name: 'PrivacyPolicy', paths: ['/privacy-policy'], access: 'public', component: page(() => import('./pages/public/PrivacyPolicy')) },
  {
    name: 'TermsAndConditions',
    paths: ['/terms-and-conditions'],
    access: 'public',
    component: page(() => import('./pages/public/TermsAndConditions')),
  },
  { name: 'CookiePolicy', paths: ['/cookie-policy'], access: 'public', component: page(() => import('./pages/public/CookiePolicy')) },
  { name: 'HelpCenter', paths: ['/help-center'], access: 'public', component: page(() => import('./pages/public/HelpCenter')) },
  { name: 'Services', paths: ['/services'], access: 'public', component: page(() => import('./pages/public/Services')) },
  { name: 'PartnerWithUs', paths: ['/partner-with-us'], access: 'public', component: page(() => import('./pages/public/PartnerWithUs')) },
  {
    name: 'BusinessSolutions',
    paths: ['/business-solutions'],
    access: 'public',
    component: page(() => import('./pages/public/BusinessSolutions')),
  },
  {
    name: 'SalonManagementInfo',
    paths: ['/salon-management'],
    access: 'public',
    component: page(() => import('./pages/public/SalonManagement')),
  },
  {
    name: 'MarketingToolsInfo',
    paths: ['/marketing-tools'],
    access: 'public',
    component: page(() => import('./pages/public/MarketingTools')),
  },
  { name: 'AnalyticsInfo', paths: ['/analytics'], access: 'public', component: page(() => import('./pages/public/Analytics')) },
  { name: 'ApiAccess', paths: ['/api-access'], access: 'public', component: page(() => import('./pages/public/ApiAccess')) },
  {
    name: 'MerchantOnboarding',
    paths: ['/merchantonBoarding', '/business-signup'],
    access: 'public',
    component: page(() => import('./pages/public/MerchantOnboarding')),
  },
  { name: 'BlogList', paths: ['/blogs'], access: 'public', component: page(() => import('./pages/blog/BlogList')) },
  { name: 'BlogDetails', paths: ['/blog/:id'], access: 'public', component: page(() => import('./pages/blog/BlogDetails')) },
  { name: 'SalonList', paths: ['/salons', '/Salons'], access: 'public', component: page(() => import('./pages/salon/SalonList')) },
  { name: 'SalonDetails', paths: ['/salon/:id'], access: 'public', component: page(() => import('./pages/salon/SalonDetails')) },
  { name: 'SalonLink', paths: ['/s/:slug'], access: 'public', component: page(() => import('./pages/salon/SalonLink')) },
  { name: 'SpecialOffer', paths: ['/special-offer/:id'], access: 'public', component: page(() => import('./pages/salon/SpecialOffer')) },
  {
    name: 'SelectProfessional',
    paths: ['/salon/:id/booking/select'],
    access: 'public',
    component: page(() => import('./pages/booking/SelectProfessional')),
  },
  {
    name: 'BookingConfirmation',
    paths: ['/salon/:id/booking/confirmation'],
    access: 'public',
    component: page(() => import('./pages/booking/BookingConfirmation')),
  },

  // Guests only
  {
    name: 'DeskBookingInvite',
    paths: ['/desk-booking/:token'],
    access: 'public',
    component: page(() => import('./pages/booking/DeskBookingInvite')),
  },
  { name: 'StaffInvite', paths: ['/staff-invite/:token'], access: 'public', component: page(() => import('./pages/auth/StaffInvite')) },
  { name: 'Login', paths: ['/login'], access: 'guest', component: Login },
  { name: 'Register', paths: ['/register'], access: 'guest', component: Register },
  { name: 'ForgotPassword', paths: ['/forgot-password'], access: 'guest', component: ForgotPassword },
  { name: 'MerchantLogin', paths: ['/merchant/login'], access: 'guest', component: Login, props: { initialMode: 'merchant' } },
  {
    name: 'MerchantRegister',
    paths: ['/merchant/register'],
    access: 'guest',
    component: Register,
    props: { initialTab: 'business' },
  },
  {
    name: 'MerchantForgotPassword',
    paths: ['/merchant/forgot-password'],
    access: 'guest',
    component: ForgotPassword,
  },

  // Any signed-in user
  { name: 'Notifications', paths: ['/notifications'], access: 'auth', component: page(() => import('./pages/account/Notifications')) },
  { name: 'Loyalty', paths: ['/loyalty'], access: 'auth', component: page(() => import('./pages/account/Loyalty')) },
  { name: 'GiftCards', paths: ['/gift-cards'], access: 'auth', component: page(() => import('./pages/account/GiftCards')) },
  { name: 'Support', paths: ['/support'], access: 'auth', component: page(() => import('./pages/account/Support')) },

  // Customer or admin
  { name: 'Wallet', paths: ['/wallet'], access: 'customer', component: page(() => import('./pages/customer/Wallet')) },
  { name: 'Profile', paths: ['/profile'], access: 'customer', component: page(() => import('./pages/customer/Profile')) },
  {
    name: 'ProfileSettings',
    paths: ['/profile/settings'],
    access: 'customer',
    component: page(() => import('./pages/customer/ProfileSettings')),
  },
  {
    name: 'BookingReview',
    paths: ['/salon/:id/booking/review'],
    access: 'customer',
    component: page(() => import('./pages/booking/BookingReview')),
  },
  { name: 'Bookings', paths: ['/bookings'], access: 'customer', component: page(() => import('./pages/customer/Bookings')) },
  {
    name: 'BookAgain',
    paths: ['/bookings/again/:bookingId'],
    access: 'customer',
    component: page(() => import('./pages/booking/BookAgain')),
  },
  { name: 'Rewards', paths: ['/rewards'], access: 'customer', component: page(() => import('./pages/customer/Rewards')) },

  // Admin blog tools
  { name: 'CreateBlog', paths: ['/create-blog'], access: 'admin', component: page(() => import('./pages/blog/CreateBlog')) },
  { name: 'EditBlog', paths: ['/edit-blog', '/edit-blog/:id'], access: 'admin', component: page(() => import('./pages/blog/EditBlog')) },
  { name: 'BlogManagement', paths: ['/bloglist'], access: 'admin', component: page(() => import('./pages/blog/BlogManagement')) },

  // Merchant area (merchant or admin)
  {
    name: 'MerchantHome',
    paths: ['/merchant', '/merchant/dashboard'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/MerchantHome')),
  },
  {
    name: 'Appointments',
    paths: ['/merchant/appointments'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/Appointments')),
  },
  { name: 'Customers', paths: ['/merchant/customers'], access: 'merchant', component: page(() => import('./pages/merchant/Customers')) },
  {
    name: 'ClientRecord',
    paths: ['/merchant/clients/:key'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/ClientRecord')),
  },
  { name: 'MerchantReports', paths: ['/merchant/reports'], access: 'merchant', component: page(() => import('./pages/merchant/Reports')) },
  { name: 'Marketing', paths: ['/merchant/marketing'], access: 'merchant', component: page(() => import('./pages/merchant/Marketing')) },
  {
    name: 'StaffManagement',
    paths: ['/merchant/staff'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/StaffManagement')),
  },
  {
    name: 'ServicesPricing',
    paths: ['/merchant/services'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/ServicesPricing')),
  },
  { name: 'Reviews', paths: ['/merchant/reviews'], access: 'merchant', component: page(() => import('./pages/merchant/Reviews')) },
  {
    name: 'MerchantSettings',
    paths: ['/merchant/settings'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/Settings')),
  },
  { name: 'Commission', paths: ['/merchant/commission'], access: 'merchant', component: page(() => import('./pages/merchant/Commission')) },
  {
    name: 'Settlements',
    paths: ['/merchant/settlements'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/Settlements')),
  },
  { name: 'Checkout', paths: ['/merchant/checkout'], access: 'merchant', component: page(() => import('./pages/merchant/Checkout')) },
  { name: 'Receipt', paths: ['/merchant/receipts/:id'], access: 'merchant', component: page(() => import('./pages/merchant/Receipt')) },
  { name: 'Products', paths: ['/merchant/products'], access: 'merchant', component: page(() => import('./pages/merchant/Products')) },
  { name: 'Packages', paths: ['/merchant/packages'], access: 'merchant', component: page(() => import('./pages/merchant/Packages')) },
  {
    name: 'Subscription',
    paths: ['/merchant/subscription'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/Subscription')),
  },
  { name: 'Help', paths: ['/merchant/help'], access: 'merchant', component: page(() => import('./pages/merchant/Help')) },
  {
    name: 'GettingStarted',
    paths: ['/merchant/help/getting-started'],
    access: 'merchantOnly',
    component: page(() => import('./pages/merchant/GettingStarted')),
  },
  {
    name: 'KnowledgeBaseArticle',
    paths: ['/merchant/knowledge-base/:id'],
    access: 'merchantOnly',
    component: page(() => import('./pages/merchant/KnowledgeBaseArticle')),
  },
  {
    name: 'ShopImages',
    paths: ['/merchant/shop/images'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/ShopImages')),
  },
  { name: 'Coupons', paths: ['/merchant/coupons'], access: 'merchant', component: page(() => import('./pages/merchant/Coupons')) },
  { name: 'MyDay', paths: ['/merchant/my-day'], access: 'merchant', component: page(() => import('./pages/merchant/MyDay')) },
  { name: 'MyPay', paths: ['/merchant/my-pay'], access: 'merchant', component: page(() => import('./pages/merchant/MyPay')) },
  {
    name: 'StaffAccess',
    paths: ['/merchant/staff/access'],
    access: 'merchant',
    component: page(() => import('./pages/merchant/StaffAccess')),
  },

  // Admin area
  {
    name: 'AdminDashboard',
    paths: ['/admin', '/admin/dashboard'],
    access: 'admin',
    component: page(() => import('./pages/admin/AdminDashboard')),
  },
  { name: 'UserManagement', paths: ['/admin/users'], access: 'admin', component: page(() => import('./pages/admin/UserManagement')) },
  {
    name: 'BookingManagement',
    paths: ['/admin/bookings'],
    access: 'admin',
    component: page(() => import('./pages/admin/BookingManagement')),
  },
  { name: 'SalonManagement', paths: ['/admin/salons'], access: 'admin', component: page(() => import('./pages/admin/SalonManagement')) },
  { name: 'CouponManagement', paths: ['/admin/coupons'], access: 'admin', component: page(() => import('./pages/admin/CouponManagement')) },
  { name: 'Feedback', paths: ['/admin/feedback'], access: 'admin', component: page(() => import('./pages/admin/Feedback')) },
  { name: 'Reports', paths: ['/admin/reports'], access: 'admin', component: page(() => import('./pages/admin/Reports')) },
  { name: 'SettingsAccess', paths: ['/admin/settings'], access: 'admin', component: page(() => import('./pages/admin/SettingsAccess')) },
  { name: 'SystemHealth', paths: ['/admin/system'], access: 'admin', component: page(() => import('./pages/admin/SystemHealth')) },
  { name: 'Security', paths: ['/admin/security'], access: 'admin', component: page(() => import('./pages/admin/Security')) },
  {
    name: 'AdminNotifications',
    paths: ['/admin/notifications'],
    access: 'admin',
    component: page(() => import('./pages/admin/AdminNotifications')),
  },
  {
    name: 'PushNotification',
    paths: ['/admin/PushNotification'],
    access: 'admin',
    component: page(() => import('./pages/admin/PushNotification')),
  },
  { name: 'Payments', paths: ['/admin/payments'], access: 'admin', component: page(() => import('./pages/admin/Payments')) },
  { name: 'Payables', paths: ['/admin/payables'], access: 'admin', component: page(() => import('./pages/admin/Payables')) },
  { name: 'EmailSettings', paths: ['/admin/email'], access: 'admin', component: page(() => import('./pages/admin/EmailSettings')) },
  {
    name: 'ServiceManagement',
    paths: ['/admin/services'],
    access: 'admin',
    component: page(() => import('./pages/admin/ServiceManagement')),
  },
  { name: 'AdminProfile', paths: ['/admin/profile'], access: 'admin', component: page(() => import('./pages/admin/AdminProfile')) },
];

/** Renders the page, or redirects per the access guard. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useAtomValue(sessionAtom);
  const [location] = useLocation();
  const search = useSearch();
  const intended = search ? `${location}?${search}` : location;
  const redirectParam = new URLSearchParams(search).get('redirect');
  const target = accessRedirect(access, { signedIn: Boolean(session.token), userType: session.userType }, intended, redirectParam);
  if (target) return <Redirect to={target} replace />;
  return <>{children}</>;
}

function PageFallback() {
  return <PageSpinner label="Loading page" />;
}

/** Paths as registered, deduplicated case-insensitively (wouter matches without case). */
const ROUTE_ENTRIES = (() => {
  const seen = new Set<string>();
  const entries: { path: string; def: RouteDef }[] = [];
  for (const def of ROUTES) {
    for (const path of def.paths) {
      const key = path.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({ path, def });
    }
  }
  return entries;
})();

/** Loads the code of the page at `pathname` (if it has its own chunk), so the first render draws it. */
export function preloadPage(pathname: string): Promise<void> {
  const pattern = matchAppPath(pathname)?.pattern.toLowerCase();
  const def = pattern ? ROUTES.find((d) => d.paths.some((p) => p.toLowerCase() === pattern)) : undefined;
  return def?.component.preload?.() ?? Promise.resolve();
}

export function AppRoutes() {
  return (
    <Switch>
      {ROUTE_ENTRIES.map(({ path, def }) => {
        const Page = def.component;
        return (
          <Route key={path} path={path}>
            {(params) => (
              <Guard access={def.access}>
                <Suspense fallback={<PageFallback />}>
                  <Page params={params} {...def.props} />
                </Suspense>
              </Guard>
            )}
          </Route>
        );
      })}
      <Route>
        <Suspense fallback={<PageFallback />}>
          <NotFound />
        </Suspense>
      </Route>
    </Switch>
  );
}
