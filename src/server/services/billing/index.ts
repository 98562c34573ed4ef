/*
 * Plan billing, one module per job: subscription.ts (the owner's view and the quotes),
 * payments.ts (paying for a plan, its verification, the reconcile job), refunds.ts (late
 * payments), fulfil.ts (a paid plan put in place), planChanges.ts (changes at the period's end),
 * renewals.ts (the renewal job), invoices.ts (tax documents issued, the GSTIN), documents.ts
 * (printed documents), admin.ts (the admin's view), jobs.ts (how the jobs are queued).
 * Cancelling an invoice (cancellation.ts), commission (commission.ts) and plan limits
 * (entitlements.ts) stand on their own.
 */
export { adminInvoices } from './admin.js';
export { creditNoteDocument, invoiceDocument, invoiceFor } from './documents.js';
export { type GstParties, issueCreditNote, issueInvoice, toCreditNoteWire, toInvoiceWire, updateGstin } from './invoices.js';
export { PAYMENT_RECONCILE, SUBSCRIPTION_RENEW, scheduleRenewal } from './jobs.js';
export { changePlan, createPlanOrder, PAYMENT_IN_PROGRESS, paymentReconcileJob } from './payments.js';
export { cancelScheduledChange, schedulePlanChange } from './planChanges.js';
export { lateRefundReceipt } from './refunds.js';
export { subscriptionRenewJob } from './renewals.js';
export { getSubscription, type PlanQuote, toPlanPaymentWire } from './subscription.js';
