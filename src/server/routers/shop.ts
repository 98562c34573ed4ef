import { merchantCatalogueProcedures } from './shopServices.js';
import { merchantSettingsProcedures } from './settings.js';
import { staffProcedures } from './staff.js';

export { shopCategoryProcedures, serviceProcedures } from './shopServices.js';
export { reviewProcedures } from './reviews.js';
export { couponProcedures } from './coupons.js';
export { imageProcedures } from './images.js';

/** Every shop-management call under merchants/*: services list, amenities, pricing, staff, settings, publishing. */
export const shopMerchantProcedures = {
  ...merchantCatalogueProcedures,
  ...staffProcedures,
  ...merchantSettingsProcedures,
};
