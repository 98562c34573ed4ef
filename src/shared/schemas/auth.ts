import { z } from 'zod';
import { ROLES, SHOP_TYPES } from '../constants.js';
import { emailSchema, mobileSchema, nameSchema, passwordSchema } from '../validation.js';

export const roleSchema = z.enum(ROLES);
export const shopTypeSchema = z.enum(SHOP_TYPES);

/** The account as the wire shows it; merchants' `_id` is also their merchantId. */
export const userWire = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  userType: roleSchema,
  avatar: z.string().nullable(),
  profileImage: z.string().nullable(),
  createdAt: z.string(),
  /** Whether a one-time code sent to the e-mail address / mobile number has been entered. */
  emailVerified: z.boolean().optional(),
  phoneVerified: z.boolean().optional(),
  shop_Name: z.string().optional(),
  shop_type: z.array(z.string()).optional(),
});
export type UserWire = z.infer<typeof userWire>;

export const merchantAccountWire = z.object({
  _id: z.string(),
  role: z.literal('merchant'),
  userType: z.literal('merchant'),
  shop_Name: z.string(),
  shop_Owner: z.string(),
  email: z.string(),
  official_Email: z.string().nullable(),
  phone: z.string().nullable(),
  shop_type: z.array(z.string()),
  City: z.string(),
  State: z.string(),
  Shop_Address: z.string(),
  isPublished: z.boolean(),
  createdAt: z.string(),
});
export type MerchantAccountWire = z.infer<typeof merchantAccountWire>;

export const registerUserInput = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  phone: z
    .union([mobileSchema, z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined)),
  password: passwordSchema,
});
export type RegisterUserInput = z.input<typeof registerUserInput>;

export const loginInput = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(128),
});
export type LoginInput = z.input<typeof loginInput>;

export const registerMerchantInput = z.object({
  shop_Name: nameSchema('Shop name'),
  shop_Owner: nameSchema('Owner name'),
  email: emailSchema,
  phone: mobileSchema,
  password: passwordSchema,
  shop_type: z.array(shopTypeSchema, { error: 'Choose at least one shop type.' }).min(1, 'Choose at least one shop type.').max(5),
  City: nameSchema('City'),
  State: nameSchema('State'),
  Shop_Address: z.string({ error: 'Address is required.' }).trim().min(1, 'Address is required.').max(300),
});
export type RegisterMerchantInput = z.input<typeof registerMerchantInput>;

export const authAnswer = z.object({ token: z.string(), user: userWire, userType: roleSchema });
export const registerAnswer = z.object({ user: userWire, token: z.string(), role: roleSchema });
export const merchantAuthAnswer = z.object({ token: z.string(), merchant: merchantAccountWire });

export const changePasswordInput = z.object({
  currentPassword: z.string({ error: 'Current password is required.' }).min(1, 'Current password is required.').max(128),
  newPassword: passwordSchema,
});

export const forgotPasswordInput = z.object({ email: emailSchema });
export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits.');
export const verifyResetOtpInput = z.object({ email: emailSchema, otp: otpSchema });
export const resetPasswordInput = z.object({ email: emailSchema, otp: otpSchema, newPassword: passwordSchema });
export const messageAnswer = z.object({ message: z.string() });

/**
 * The screens ask for a new password twice; the server takes it once. The confirmation box and
 * its rule are added to the server's own schema, so the password rules stay in one place.
 */
const confirmation = { confirmPassword: z.string().min(1, 'Please confirm your new password.') };
const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: 'The two new passwords do not match.' };
export const changePasswordForm = changePasswordInput.extend(confirmation).refine(passwordsMatch, mismatch);
export const resetPasswordForm = resetPasswordInput.pick({ newPassword: true }).extend(confirmation).refine(passwordsMatch, mismatch);
