/** Table types for customers, message templates, campaigns (issue 6); merged into Database in ../types.ts. */
export interface CrmTables {}
