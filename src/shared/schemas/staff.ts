import { z } from 'zod';
import { WEEKDAYS } from '../hours.js';
import { emailSchema, INDIAN_MOBILE_RE, idSchema } from '../validation.js';
import {
  blankToUndefined,
  clockTimeSchema,
  closesAfterOpening,
  type HoursClash,
  hoursClashWire,
  imageUrlSchema,
  intSchema,
  merchantIdField,
  moneySchema,
  realDateSchema,
  weekdaySchema,
} from './shop.js';

export const STAFF_ROLES = ['Manager', 'Stylist', 'Receptionist', 'Other'] as const;
export const STAFF_STATUSES = ['Active', 'Inactive', 'On Leave'] as const;

const roleSchema = z.enum(STAFF_ROLES, {
  error: (iss) =>
    iss.input === undefined || iss.input === '' ? 'Staff role is required.' : 'Choose a role: Manager, Stylist, Receptionist or Other.',
});
const statusSchema = z.enum(STAFF_STATUSES, { error: 'Choose a status: Active, Inactive or On Leave.' });

export const workingDaySchema = z.object({
  day: weekdaySchema,
  enabled: z.boolean({ error: 'Say whether they work that day.' }),
  start: clockTimeSchema,
  end: clockTimeSchema,
});

/**
 * A staff member's week: empty means "works the salon's opening hours"; otherwise all 7 days,
 * each named once, stored Monday first.
 */
export const workingHoursSchema = z
  .array(workingDaySchema, { error: 'List the working hours of all 7 days, or none to follow the shop hours.' })
  .superRefine((days, ctx) => {
    if (days.length !== 0 && days.length !== 7) {
      ctx.addIssue({ code: 'custom', message: 'List the working hours of all 7 days, or none to follow the shop hours.' });
      return;
    }
    const seen = new Set<string>();
    days.forEach((d, i) => {
      if (seen.has(d.day)) ctx.addIssue({ code: 'custom', path: [i, 'day'], message: `${d.day} is listed twice.` });
      seen.add(d.day);
      if (d.enabled && !closesAfterOpening(d.start, d.end)) {
        ctx.addIssue({ code: 'custom', path: [i, 'end'], message: `${d.day}: the end time must be after the start time.` });
      }
    });
  })
  .transform((days) => (days.length === 0 ? [] : WEEKDAYS.map((day) => days.find((d) => d.day === day)!)));

export const daysOffSchema = z
  .array(realDateSchema, { error: 'List days off as dates (YYYY-MM-DD).' })
  .max(366, 'At most 366 days off.')
  .transform((list) => [...new Set(list)].sort());

/** Service or category names; the spec's form needs at least one. */
const specializationName = z.string().trim().min(1, 'Service name is required.').max(120, 'Service name is too long.');
const specializationSchema = z
  .array(specializationName, {
    error: 'Please add at least one specialization.',
  })
  .min(1, 'Please add at least one specialization.')
  .max(50, 'At most 50 specializations.')
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((s) => (seen.has(s.toLowerCase()) ? false : (seen.add(s.toLowerCase()), true)));
  });

const staffNameSchema = z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(100, 'Name is too long.');
const staffPhoneSchema = z
  .string({ error: 'Phone is required.' })
  .trim()
  .min(1, 'Phone is required.')
  .regex(INDIAN_MOBILE_RE, 'Enter a valid 10-digit mobile number.');

/** The Add/Edit Staff form, server side (the avatar is optional here; the form asks for one). */
export const staffFormFields = {
  name: staffNameSchema,
  email: emailSchema,
  phone: staffPhoneSchema,
  role: roleSchema,
  rate: moneySchema('Rate', { max: 1_000_000 }).default(0),
  status: statusSchema.default('Active'),
  avatar: z.preprocess(blankToUndefined, imageUrlSchema.nullable().optional()),
  specialization: specializationSchema,
  experience: intSchema('Experience', 0, 80, 'Experience must be a whole number of years from 0 to 80.').default(0),
  workingHours: workingHoursSchema.optional(),
  daysOff: daysOffSchema.optional(),
};

export const addStaffInput = z.object({ merchantId: merchantIdField, ...staffFormFields });
/** The screen's Add Staff form: there a new staff member needs a profile picture. */
export const newStaffForm = addStaffInput.superRefine((v, ctx) => {
  if (!v.avatar) ctx.addIssue({ code: 'custom', path: ['avatar'], message: 'Please upload a profile picture.' });
});
/** The Add/Edit Service box of the staff form: one specialization. */
export const specializationForm = z.object({ name: specializationName });

export const updateStaffInput = z
  .object({
    merchantId: merchantIdField,
    staffId: z.preprocess(blankToUndefined, idSchema.optional()),
    name: staffNameSchema.optional(),
    email: emailSchema.optional(),
    phone: staffPhoneSchema.optional(),
    role: roleSchema.optional(),
    rate: moneySchema('Rate', { max: 1_000_000 }).optional(),
    status: statusSchema.optional(),
    avatar: z.preprocess((v) => (v === '' ? null : v), imageUrlSchema.nullable().optional()),
    specialization: specializationSchema.optional(),
    experience: intSchema('Experience', 0, 80, 'Experience must be a whole number of years from 0 to 80.').optional(),
    workingHours: workingHoursSchema.optional(),
    daysOff: daysOffSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.staffId) ctx.addIssue({ code: 'custom', path: ['staffId'], message: 'No staff member selected for editing.' });
  });

export const staffTargetInput = z.object({ merchantId: merchantIdField, staffId: idSchema });

export const updateStaffHoursInput = z.object({
  merchantId: merchantIdField,
  staffId: idSchema,
  workingHours: workingHoursSchema,
  daysOff: daysOffSchema.optional(),
});

/**
 * The Working Hours modal: the week stays as typed while "works the shop's opening hours" is
 * ticked, and is sent as none then; what is sent is checked by the server's own rules
 * (updateStaffHoursInput), so each mistake lands on its day. The staff member and the salon are
 * the modal's, not fields.
 */
const staffHoursFields = updateStaffHoursInput.pick({ workingHours: true, daysOff: true });
export const staffHoursForm = z
  .object({
    followShop: z.boolean(),
    workingHours: z.array(z.object({ day: z.string(), enabled: z.boolean(), start: z.string(), end: z.string() })),
    daysOff: z.array(z.string()),
  })
  .transform(
    ({ followShop, workingHours, daysOff }): z.input<typeof staffHoursFields> => ({
      workingHours: followShop ? [] : workingHours,
      daysOff,
    }),
  )
  .pipe(staffHoursFields);

export const STAFF_PERIODS = ['today', 'tomorrow', 'week', 'month', 'custom'] as const;

export const staffAnalyticsInput = z
  .object({
    merchantId: merchantIdField,
    staffId: idSchema,
    period: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(STAFF_PERIODS, { error: 'Use today, tomorrow, week, month or custom.' }).default('today'),
    ),
    startDate: z.preprocess(blankToUndefined, realDateSchema.optional()),
    endDate: z.preprocess(blankToUndefined, realDateSchema.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.period !== 'custom') return;
    if (!v.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Choose a start date.' });
    if (!v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Choose an end date.' });
    if (v.startDate && v.endDate && v.startDate > v.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date must not be before the start date.' });
    }
  });

// ---------------------------------------------------------------- wire

export const workingDayWire = z.object({ day: z.string(), enabled: z.boolean(), start: z.string(), end: z.string() });

export const staffWire = z.object({
  _id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  /** Rupees per service performed. */
  rate: z.number(),
  status: z.enum(STAFF_STATUSES),
  avatar: z.string().nullable(),
  specialization: z.array(z.string()),
  experience: z.number(),
  /** Empty: works the shop's opening hours. */
  workingHours: z.array(workingDayWire),
  daysOff: z.array(z.string()),
  /** Bookings that were not cancelled, all time. */
  totalBookings: z.number(),
  /** Whole rupees: rate × services performed in completed bookings. */
  totalEarnings: z.number(),
  createdAt: z.string(),
});
export type StaffWire = z.infer<typeof staffWire>;

export const staffSummaryWire = z.object({
  totalStaff: z.number(),
  activeStaff: z.number(),
  totalBookings: z.number(),
  totalEarnings: z.number(),
});

export const staffListAnswer = z.object({ staff: z.array(staffWire), summary: staffSummaryWire });
export { type HoursClash, hoursClashWire } from './shop.js';
export const staffHoursClashWire = hoursClashWire;
export type StaffHoursClash = HoursClash;

export const staffAnswer = z.object({
  staff: staffWire,
  /**
   * updateStaffHours (and updateStaffByMerchant when it changes workingHours or daysOff): the
   * member's bookings the saved hours leave uncovered, soonest first; [] when none. Absent otherwise.
   */
  clashes: z.array(staffHoursClashWire).optional(),
});

export const staffSessionWire = z.object({
  id: z.string(),
  /** The start instant, ISO 8601. */
  dateTime: z.string(),
  /** Salon-local date and time as the booking desk shows them. */
  bookingDate: z.string(),
  bookingTime: z.string(),
  serviceName: z.string(),
  /** Minutes. */
  duration: z.number(),
  /** Whole rupees: rate × services in the booking (what an upcoming one is expected to earn). */
  earnings: z.number(),
  status: z.enum(['Completed', 'Upcoming', 'Cancelled']),
});

export const staffAnalyticsAnswer = z.object({
  staffId: z.string(),
  period: z.enum(STAFF_PERIODS),
  startDate: z.string(),
  endDate: z.string(),
  /** Bookings in the period that were not cancelled. */
  totalBookings: z.number(),
  completedBookings: z.number(),
  cancelledBookings: z.number(),
  /** Hours of completed bookings, one decimal. */
  hoursWorked: z.number(),
  /** Whole rupees earned in completed bookings. */
  totalEarnings: z.number(),
  /** The latest 20 of the bookings totalBookings counts (cancelled ones are not listed), newest first. */
  recentBookings: z.array(staffSessionWire),
});
export type StaffAnalyticsAnswer = z.infer<typeof staffAnalyticsAnswer>;
