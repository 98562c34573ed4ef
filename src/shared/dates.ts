/*
 * The one way dates are written across the product, on every screen and in every message: Indian
 * English, day before month ("26 Nov 2026", "Thursday, 26 Nov 2026"), times on the 12-hour clock
 * with capital AM/PM ("3:05 PM"). Instants are read on India's clock (the marketplace's zone)
 * unless a salon's zone is given; a bare 'YYYY-MM-DD' is a calendar date and shows as that day in
 * every zone.
 */

const INDIA = 'Asia/Kolkata';
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const OPTIONS = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  weekdayDate: { weekday: 'long', day: 'numeric', month: 'short', year: 'numeric' },
  dayMonth: { day: 'numeric', month: 'short' },
  month: { month: 'long', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit', hour12: true },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: keyof typeof OPTIONS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    // Times keep the capital AM/PM the whole product writes (en-IN would say 'pm').
    f = new Intl.DateTimeFormat(kind === 'time' ? 'en-US' : 'en-IN', { ...OPTIONS[kind], timeZone });
    formatters.set(key, f);
  }
  return f;
}

/*
 * "26 Nov 2026" and "26 Nov" on India's clock (UTC+05:30 since 15 Oct 1945) or a calendar date's UTC
 * are written by hand, as Intl writes them (en-IN says "Sept"; tests/client/dates.test.ts holds it to
 * Intl's output). A page's first Intl.DateTimeFormat costs tens of milliseconds of start-up on a
 * phone (its locale data), and the dates on the first screens (reviews, testimonials) need none.
 */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const FIXED_OFFSET_MS = new Map([
  ['UTC', 0],
  [INDIA, 330 * 60_000],
  ['Asia/Calcutta', 330 * 60_000],
]);
const INDIA_FIXED_SINCE_MS = Date.UTC(1945, 9, 15);

function byHand(kind: keyof typeof OPTIONS, at: Date, zone: string): string | null {
  if (kind !== 'date' && kind !== 'dayMonth') return null;
  const offset = FIXED_OFFSET_MS.get(zone);
  if (offset === undefined || (offset !== 0 && at.getTime() < INDIA_FIXED_SINCE_MS)) return null;
  const wall = new Date(at.getTime() + offset);
  const dayMonth = `${wall.getUTCDate()} ${SHORT_MONTHS[wall.getUTCMonth()]}`;
  return kind === 'date' ? `${dayMonth} ${wall.getUTCFullYear()}` : dayMonth;
}

/** The instant and the zone to read it in; calendar dates are pinned to UTC midnight and read in UTC. */
function parse(value: string | Date, timeZone: string): { at: Date; zone: string } | null {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const at = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(at.getTime()) ? null : { at, zone: 'UTC' };
  }
  const at = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(at.getTime()) ? null : { at, zone: timeZone };
}

type DateInput = string | Date | null | undefined;

function format(kind: keyof typeof OPTIONS, value: DateInput, timeZone: string): string {
  const p = value ? parse(value, timeZone) : null;
  return p ? (byHand(kind, p.at, p.zone) ?? formatter(kind, p.zone).format(p.at)) : '';
}

/** "26 Nov 2026"; '' for a missing or unreadable value. */
export function longDate(value: DateInput, timeZone: string = INDIA): string {
  return format('date', value, timeZone);
}

/** "Thursday, 26 Nov 2026"; '' for a missing or unreadable value. */
export function weekdayDate(value: DateInput, timeZone: string = INDIA): string {
  return format('weekdayDate', value, timeZone);
}

/** "26 Nov", for chart axes and narrow columns. */
export function dayMonth(value: DateInput, timeZone: string = INDIA): string {
  return format('dayMonth', value, timeZone);
}

/** "November 2026". */
export function monthYear(value: DateInput, timeZone: string = INDIA): string {
  return format('month', value, timeZone);
}

/** "3:05 PM" (a plain space before AM/PM); '' for a missing or unreadable value. */
export function clockTime(value: DateInput, timeZone: string = INDIA): string {
  // Newer ICU puts a narrow no-break space before AM/PM; the rest of the product writes a plain one.
  return format('time', value, timeZone).replace(/\u202f/g, ' ');
}

/** "26 Nov 2026 at 3:05 PM"; '' for a missing or unreadable value. */
export function longDateTime(value: DateInput, timeZone: string = INDIA): string {
  const day = longDate(value, timeZone);
  return day ? `${day} at ${clockTime(value, timeZone)}` : '';
}
