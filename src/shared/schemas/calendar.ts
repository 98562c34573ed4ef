import { z } from 'zod';
import { parseTimeToMinutes } from '../clock.js';
import { CLOCK_TIME_RE, dateSchema, GRID_TIME_RE, idSchema, timeSchema } from '../validation.js';
import { bookingServiceWire, bookingStatusSchema, bookingWire } from './bookings.js';
import { jsonValue } from './jsonValue.js';
import { queryNumber } from './query.js';

/*
 * The merchant's calendar (merchants/getCalendar, createBlock, deleteBlock, moveBooking): a day or
 * a week of bookings and blocked time per professional, with each professional's hours.
 */

export const BLOCK_KINDS = ['break', 'leave', 'training', 'other'] as const;
export const blockKindSchema = z.enum(BLOCK_KINDS, { error: `kind: one of ${BLOCK_KINDS.join(', ')}` });

/** The longest block over a date range (leave from Monday to Wednesday), in days; longer leave is two blocks. */
export const MAX_BLOCK_DAYS = 90;

/** How long a desk can still undo a move before the customer is told. */
export const MOVE_UNDO_SECONDS = 10;

const merchantIdField = idSchema.optional();

export const calendarInput = z.object({
  merchantId: merchantIdField,
  /** The first salon-local day shown. */
  date: dateSchema,
  /** 1 (a day) or 7 (a week from `date`). */
  days: queryNumber(
    z.number({ error: 'days: 1 or 7' }).refine((d) => d === 1 || d === 7, 'days: 1 or 7'),
    1,
  ),
  /** Only this professional (the week view of one person). */
  staffId: idSchema.optional(),
});

/** A span of salon-local wall-clock minutes of one day, [start, end). */
const minutesSpan = z.object({ start: z.number(), end: z.number() });

export const calendarProfessionalWire = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  image: z.string().nullable(),
  specializations: z.array(z.string()),
  /** Their bookable hours per shown date (salon hours ∩ their own); null: not working (day off, closed). */
  hours: z.array(z.object({ date: z.string(), span: minutesSpan.nullable() })),
});

export const calendarBookingWire = z.object({
  _id: z.string(),
  /** The short reference customers see (#44947DD4). */
  reference: z.string(),
  staffId: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  /** Salon-local minutes of bookingDate (end may pass 1440 for a booking that runs past midnight). */
  start: z.number(),
  end: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: bookingStatusSchema,
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  services: z.array(bookingServiceWire),
  totalPrice: z.number(),
  totalDuration: z.number(),
});
export type CalendarBooking = z.infer<typeof calendarBookingWire>;

export const calendarBlockWire = z.object({
  /** This occurrence. */
  _id: z.string(),
  /** The block it belongs to (a weekly block has one occurrence per week). */
  blockId: z.string(),
  staffId: z.string(),
  date: z.string(),
  start: z.number(),
  end: z.number(),
  kind: blockKindSchema,
  reason: z.string(),
  repeatWeekly: z.boolean(),
  untilDate: z.string().nullable(),
  /**
   * A one-off block's days as they stand (several for leave over a date range): the first, the
   * last and how many remain; null for a weekly block.
   */
  days: z.object({ first: z.string(), last: z.string(), count: z.number() }).nullable(),
});
export type CalendarBlock = z.infer<typeof calendarBlockWire>;

export const calendarAnswer = z.object({
  timeZone: z.string(),
  dates: z.array(z.string()),
  /** The salon's opening hours per shown date; null: closed. */
  salonHours: z.array(z.object({ date: z.string(), span: minutesSpan.nullable() })),
  professionals: z.array(calendarProfessionalWire),
  bookings: z.array(calendarBookingWire),
  blocks: z.array(calendarBlockWire),
});
export type CalendarAnswer = z.infer<typeof calendarAnswer>;

const clock = (field: string) =>
  z
    .string()
    .regex(CLOCK_TIME_RE, 'Use a time like 10:30 AM or 14:30.')
    .regex(GRID_TIME_RE, `${field}: use the 15-minute grid`)
    .transform((v) => parseTimeToMinutes(v)!);

export const createBlockInput = z
  .object({
    merchantId: merchantIdField,
    staffId: idSchema,
    kind: blockKindSchema,
    reason: z.string().trim().max(200, 'reason: keep it under 200 characters').default(''),
    date: dateSchema,
    startTime: clock('startTime'),
    /** '24:00' (or '00:00') is the end of the day. */
    endTime: z
      .string()
      .transform((v) => (v.trim() === '24:00' ? 1440 : parseTimeToMinutes(v)))
      .refine((m) => m !== null, 'endTime: use a time like 13:30')
      .transform((m) => (m === 0 ? 1440 : m!))
      .refine((m) => m % 15 === 0, 'endTime: use the 15-minute grid'),
    /**
     * The last day of a block over several days (leave from Monday to Wednesday): the same hours
     * on every day from `date` to `endDate`, inclusive, placed whole or not at all.
     */
    endDate: dateSchema.optional(),
    repeatWeekly: jsonValue(z.boolean()).default(false),
    untilDate: dateSchema.optional(),
    /**
     * The answer to a 409 that listed the bookings in the way: the listed occurrences are left out
     * (a weekly block only; a one-off block over a booking cannot be placed).
     */
    skipConflicts: jsonValue(z.boolean()).default(false),
  })
  .superRefine((v, ctx) => {
    if (v.endTime <= v.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime: the block must end after it starts' });
    if (v.untilDate && !v.repeatWeekly)
      ctx.addIssue({ code: 'custom', path: ['untilDate'], message: 'untilDate: only a weekly block repeats until a date' });
    if (v.untilDate && v.untilDate < v.date)
      ctx.addIssue({ code: 'custom', path: ['untilDate'], message: 'untilDate: must not be before the first date' });
    if (v.endDate && v.repeatWeekly)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'endDate: a weekly block repeats until a date (untilDate); it does not span days',
      });
    else if (v.endDate && v.endDate < v.date)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate: must not be before the first date' });
    else if (v.endDate && Date.parse(`${v.endDate}T00:00:00Z`) - Date.parse(`${v.date}T00:00:00Z`) >= MAX_BLOCK_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `endDate: a block spans at most ${MAX_BLOCK_DAYS} days` });
    }
  });

/**
 * The Block time form as typed: "All day" instead of the hours, and both end dates kept while
 * "Repeat every week" is toggled. Its output is createBlock's input (the salon and skipConflicts
 * are the screen's), once the server's own rules (createBlockInput) pass it: each mistake lands
 * on the field of the same name.
 */
export const blockForm = z
  .object({
    staffId: z.string(),
    kind: blockKindSchema,
    reason: z.string(),
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    allDay: z.boolean(),
    repeatWeekly: z.boolean(),
    /** A weekly block's last date (blank: it goes on). */
    untilDate: z.string(),
    /** The last day of a block over several days (blank: one day). */
    endDate: z.string(),
  })
  .transform(
    (v): z.input<typeof createBlockInput> => ({
      staffId: v.staffId,
      kind: v.kind,
      reason: v.reason,
      date: v.date,
      startTime: v.allDay ? '00:00' : v.startTime,
      endTime: v.allDay ? '24:00' : v.endTime,
      repeatWeekly: v.repeatWeekly,
      ...(v.repeatWeekly && v.untilDate ? { untilDate: v.untilDate } : {}),
      ...(!v.repeatWeekly && v.endDate && v.endDate !== v.date ? { endDate: v.endDate } : {}),
    }),
  )
  .superRefine((request, ctx) => {
    // Checked, not parsed: what is sent keeps its clock times (the parsed input has minutes).
    const checked = createBlockInput.safeParse(request);
    if (!checked.success) for (const { path, message } of checked.error.issues) ctx.addIssue({ code: 'custom', path, message });
  });

export const blockConflictWire = z.object({
  bookingId: z.string(),
  reference: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  customerName: z.string(),
});

export const createBlockAnswer = z.object({
  blockId: z.string(),
  /** Occurrences placed now (a weekly block is kept topped up ahead by a daily job). */
  placed: z.number(),
  /** Dates left out because a booking holds that time (only with skipConflicts). */
  skipped: z.array(z.string()),
});

export const deleteBlockInput = z.object({
  merchantId: merchantIdField,
  /** An occurrence id (as listed by getCalendar). */
  occurrenceId: idSchema,
  /** This occurrence and the later ones (the later weeks of a weekly block and its rule, the later days of a range). */
  series: jsonValue(z.boolean()).default(false),
});
export const deleteBlockAnswer = z.object({ removed: z.number() });

export const moveBookingInput = z.object({
  merchantId: merchantIdField,
  bookingId: idSchema,
  /** The professional who will do it (the same one to change only the time). */
  staffId: idSchema,
  bookingDate: dateSchema,
  bookingTime: timeSchema,
});

/** The calendar card's Move form: who, which day and what time (the booking and the salon are the card's). */
export const moveBookingForm = moveBookingInput.pick({ staffId: true, bookingDate: true, bookingTime: true });

export const moveBookingAnswer = z.object({
  booking: bookingWire,
  /** Where it was: what Undo sends back. */
  previous: z.object({ staffId: z.string(), bookingDate: z.string(), bookingTime: z.string() }),
  /** When the customer is told (unless it is moved back before then). */
  customerToldAt: z.string(),
});

/** The live feed of one salon's calendar: something changed on a date; 'sync' means re-read everything. */
export const deskEventsInput = z.object({ merchantId: merchantIdField });
export interface DeskEvent {
  kind: 'sync' | 'changed';
  /** Salon-local dates whose calendar changed ('changed' only). */
  dates?: string[];
}
