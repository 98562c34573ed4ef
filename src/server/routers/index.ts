import { router } from '../trpc/init.js';
import { adminProcedures } from './admin.js';
import { otpMerchantProcedures, otpUserProcedures } from './authExtras.js';
import { billingAdminProcedures, billingMerchantProcedures, supportProcedures } from './billing.js';
import { bookingMerchantProcedures, bookingUserProcedures } from './bookings.js';
import { calendarMerchantProcedures } from './calendar.js';
import { channelMerchantProcedures, channelPublicProcedures } from './channels.js';
import { checkoutMerchantProcedures } from './checkout.js';
import { clientAdminProcedures, clientProcedures } from './clients.js';
import { commissionAdminProcedures, commissionMerchantProcedures } from './commission.js';
import { blogProcedures, contentProcedures, supportContentProcedures } from './content.js';
import { crmMerchantProcedures, marketingProcedures } from './crm.js';
import {
  discoveryCategoryProcedures,
  discoveryLocationProcedures,
  discoveryMerchantProcedures,
  discoveryUserProcedures,
  geoProcedures,
  newsletterProcedures,
  testimonialProcedures,
} from './discovery.js';
import { merchantAuthRouter, merchantSignInProcedures } from './merchantAuth.js';
import { notificationUserProcedures } from './notifications.js';
import { packageMerchantProcedures, packagePublicProcedures, packageUserProcedures } from './packages.js';
import { paymentProcedures } from './payments.js';
import { pushProcedures, pushUserProcedures } from './push.js';
import { rebookingMerchantProcedures, rebookingUserProcedures } from './rebooking.js';
import { reportMerchantProcedures } from './reports.js';
import { settlementAdminProcedures, settlementMerchantProcedures } from './settlements.js';
import {
  couponProcedures,
  imageProcedures,
  reviewProcedures,
  serviceProcedures,
  shopCategoryProcedures,
  shopMerchantProcedures,
} from './shop.js';
import { staffInvitePublicProcedures, staffPayMerchantProcedures } from './staffPay.js';
import { userAccountProcedures } from './users.js';
import { waitlistMerchantProcedures, waitlistUserProcedures } from './waitlist.js';
import { walletUserProcedures } from './wallet.js';

/**
 * The tRPC namespaces mirror the /api path prefixes (users/*, merchants/*, ...). A namespace
 * gathers plain procedure objects from each domain file, so domains grow without touching
 * each other.
 */
export const appRouter = router({
  users: router({
    ...userAccountProcedures,
    ...bookingUserProcedures,
    ...discoveryUserProcedures,
    ...notificationUserProcedures,
    ...pushUserProcedures,
    ...walletUserProcedures,
    ...otpUserProcedures,
    ...waitlistUserProcedures,
    ...rebookingUserProcedures,
    ...packageUserProcedures,
  }),
  merchants: router({
    ...merchantSignInProcedures,
    ...bookingMerchantProcedures,
    ...calendarMerchantProcedures,
    ...shopMerchantProcedures,
    ...discoveryMerchantProcedures,
    ...crmMerchantProcedures,
    ...billingMerchantProcedures,
    ...commissionMerchantProcedures,
    ...settlementMerchantProcedures,
    ...checkoutMerchantProcedures,
    ...reportMerchantProcedures,
    ...otpMerchantProcedures,
    ...waitlistMerchantProcedures,
    ...rebookingMerchantProcedures,
    ...channelMerchantProcedures,
    ...channelPublicProcedures,
    ...packageMerchantProcedures,
    ...packagePublicProcedures,
    ...staffPayMerchantProcedures,
    ...staffInvitePublicProcedures,
  }),
  categories: router({
    ...shopCategoryProcedures,
    ...discoveryCategoryProcedures,
  }),
  services: router({ ...serviceProcedures }),
  reviewRoutes: router({ ...reviewProcedures }),
  Coupons: router({ ...couponProcedures }),
  images: router({ ...imageProcedures }),
  merchantAuth: merchantAuthRouter,
  locations: router({ ...discoveryLocationProcedures }),
  testimonials: router({ ...testimonialProcedures }),
  newsletter: router({ ...newsletterProcedures }),
  geo: router({ ...geoProcedures }),
  admin: router({
    ...adminProcedures,
    ...billingAdminProcedures,
    ...commissionAdminProcedures,
    ...settlementAdminProcedures,
    ...clientAdminProcedures,
  }),
  clients: router({ ...clientProcedures }),
  marketing: router({ ...marketingProcedures }),
  support: router({ ...supportContentProcedures, ...supportProcedures }),
  blogs: router({ ...blogProcedures }),
  content: router({ ...contentProcedures }),
  notification: router({ ...pushProcedures }),
  payments: router({ ...paymentProcedures }),
});

export type AppRouter = typeof appRouter;
