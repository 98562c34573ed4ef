import { merchantSettingsProcedures } from './settings.js';
import { merchantCatalogueProcedures } from './shopServices.js';
import { staffProcedures } from './staff.js';

export { couponProcedures } from './coupons.js';
export { imageProcedures } from './images.js';
export { reviewProcedures } from './reviews.js';
export { serviceProcedures, shopCategoryProcedures } from './shopServices.js';

/** Every shop-management call under merchants/*: services list, amenities, pricing, staff, settings, publishing. */
export const shopMerchantProcedures = {
  ...merchantCatalogueProcedures,
  ...staffProcedures,
  ...merchantSettingsProcedures,
};
