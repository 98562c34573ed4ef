/** OTP and Google sign-in (issue 7). */
export const otpUserProcedures = {};
export const otpMerchantProcedures = {};
