/** Wallet, loyalty, rewards, gift cards and profile (issue 7). */
export const walletUserProcedures = {};
