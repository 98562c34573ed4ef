/** Web push subscriptions (issue 7). */
export const pushProcedures = {};
export const pushUserProcedures = {};
