import { z } from 'zod';
import { STAFF_ROLES } from '../staffRoles.js';
import { emailSchema, idSchema, mobileSchema, nameSchema, passwordSchema } from '../validation.js';
import { blankToUndefined, merchantIdField, moneySchema, realDateSchema } from './shop.js';

/*
 * Staff roles (members who sign in) and staff pay (issue 41 item 5): inputs and answers shared by
 * the server and the merchant panel.
 */

const roleSchema = z.enum(STAFF_ROLES, { error: 'role: receptionist or professional' });

/** A percentage 0–100 with at most 2 decimals (rates of commission). */
export const percentSchema = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
    z
      .number({ error: `${label} is required.` })
      .finite(`${label} must be a number.`)
      .min(0, `${label} cannot be negative.`)
      .max(100, `${label} is at most 100 %.`)
      .multipleOf(0.01, `${label} can have at most 2 decimals.`),
  );

export const inviteMemberInput = z
  .object({
    merchantId: merchantIdField,
    role: roleSchema,
    name: nameSchema('Name'),
    email: emailSchema,
    /** Also sends the link by WhatsApp to this number. */
    phone: z.preprocess(blankToUndefined, mobileSchema.optional()),
    /** A professional's login is linked to their staff row (required for a professional, refused otherwise). */
    staffId: z.preprocess(blankToUndefined, idSchema.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'professional' && !v.staffId)
      ctx.addIssue({ code: 'custom', path: ['staffId'], message: 'choose the staff member this login belongs to' });
    if (v.role === 'receptionist' && v.staffId)
      ctx.addIssue({ code: 'custom', path: ['staffId'], message: 'only a professional is linked to a staff member' });
  });

export const memberTargetInput = z.object({ merchantId: merchantIdField, memberId: idSchema });

export const memberWire = z.object({
  _id: z.string(),
  role: roleSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  staffId: z.string().nullable(),
  staffName: z.string().nullable(),
  status: z.enum(['invited', 'active', 'revoked']),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  inviteExpiresAt: z.string().nullable(),
});
export type MemberWire = z.infer<typeof memberWire>;

export const membersAnswer = z.object({ members: z.array(memberWire) });
export const inviteAnswer = z.object({
  member: memberWire,
  /** Where the invitation went (the outbox: e-mail, and WhatsApp when a number was given). */
  sentTo: z.array(z.object({ channel: z.enum(['email', 'whatsapp']), to: z.string() })),
});
export const memberAnswer = z.object({ member: memberWire });

export const myMembershipAnswer = z.object({
  role: z.enum(['owner', ...STAFF_ROLES]),
  name: z.string(),
  staffId: z.string().nullable(),
  shopName: z.string(),
});
export type MyMembership = z.infer<typeof myMembershipAnswer>;

export const staffInviteInput = z.object({ token: z.string().min(20, 'token: not a valid invitation link').max(200) });
export const staffInviteAnswer = z.object({
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  shopName: z.string(),
  expiresAt: z.string(),
});
export const acceptStaffInviteInput = z.object({
  token: z.string().min(20, 'token: not a valid invitation link').max(200),
  password: passwordSchema,
});

/** A professional's pay settings. */
export const staffPayWire = z.object({
  staffId: z.string(),
  staffName: z.string(),
  serviceRate: z.number(),
  productRate: z.number(),
  baseMonthly: z.number(),
  categoryRates: z.array(z.object({ categoryId: z.string(), categoryName: z.string(), rate: z.number() })),
});
export type StaffPayWire = z.infer<typeof staffPayWire>;

export const staffPayListAnswer = z.object({
  staff: z.array(staffPayWire),
  /** The categories of the salon's services, for rates per category. */
  categories: z.array(z.object({ _id: z.string(), name: z.string() })),
});

export const setStaffPayInput = z
  .object({
    merchantId: merchantIdField,
    staffId: idSchema,
    serviceRate: percentSchema('Service commission'),
    productRate: percentSchema('Product commission'),
    baseMonthly: moneySchema('Monthly base', { max: 10_000_000 }),
    categoryRates: z
      .array(z.object({ categoryId: idSchema, rate: percentSchema('Category commission') }))
      .max(100, 'At most 100 categories.')
      .default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.categoryRates.forEach((r, i) => {
      if (seen.has(r.categoryId))
        ctx.addIssue({ code: 'custom', path: ['categoryRates', i, 'categoryId'], message: 'one rate per category' });
      seen.add(r.categoryId);
    });
  });
export const staffPayAnswer = z.object({ pay: staffPayWire });

/** The longest statement period (days): a year and a day. */
export const MAX_STATEMENT_DAYS = 366;

export const payStatementInput = z
  .object({
    merchantId: merchantIdField,
    staffId: idSchema,
    /** First and last salon-local day (Asia/Kolkata), both included. */
    from: realDateSchema,
    to: realDateSchema,
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
    else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1 > MAX_STATEMENT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `a statement covers at most ${MAX_STATEMENT_DAYS} days` });
  });

export const statementLine = z.object({
  kind: z.enum(['service', 'product']),
  date: z.string(),
  receiptNumber: z.string(),
  checkoutId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  quantity: z.number(),
  /** What was charged for the line before GST: its taxable value (its share of the bill's discount off). */
  charged: z.number(),
  rate: z.number(),
  commission: z.number(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const payStatementAnswer = z.object({
  staffId: z.string(),
  staffName: z.string(),
  shopName: z.string(),
  from: z.string(),
  to: z.string(),
  lines: z.array(statementLine),
  tips: z.array(z.object({ date: z.string(), receiptNumber: z.string(), checkoutId: z.string(), amount: z.number() })),
  totals: z.object({
    services: z.number(),
    serviceCommission: z.number(),
    products: z.number(),
    productCommission: z.number(),
    tips: z.number(),
    base: z.number(),
    total: z.number(),
  }),
});
export type PayStatement = z.infer<typeof payStatementAnswer>;
