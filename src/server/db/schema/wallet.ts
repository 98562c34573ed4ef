/** Table types for wallet ledger, loyalty, rewards, gift cards (issue 7); merged into Database in ../types.ts. */
export interface WalletTables {}
