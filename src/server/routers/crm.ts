/** Merchant customers, messages and marketing (issue 6). */
export const crmMerchantProcedures = {};
export const marketingProcedures = {};
