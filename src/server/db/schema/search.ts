/** Table types for search read model (issue 4); merged into Database in ../types.ts. */
export interface SearchTables {}
