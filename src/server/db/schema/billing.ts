/** Table types for subscription plans, invoices, support tickets, knowledge base (issue 6); merged into Database in ../types.ts. */
export interface BillingTables {}
