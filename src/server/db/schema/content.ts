/** Table types for blogs and content pages (issue 7); merged into Database in ../types.ts. */
export interface ContentTables {}
