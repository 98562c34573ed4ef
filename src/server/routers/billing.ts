/** Subscription, invoices and help & support (issue 6). */
export const billingMerchantProcedures = {};
export const supportProcedures = {};
export const billingAdminProcedures = {};
