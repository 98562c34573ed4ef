/*
 * Dates across the app (customer, merchant and admin pages) in the spec's long English form
 * ("November 24, 2026"), times on the 12-hour clock. Instants are read on India's clock (the
 * marketplace's zone, PLATFORM_TIME_ZONE in shared/platform.ts, not imported so that this module
 * stays free of the slot arithmetic) unless a salon's zone is given; a bare 'YYYY-MM-DD' is a
 * calendar date and shows as that day in every zone.
 */

const INDIA = 'Asia/Kolkata';
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
const OPTIONS = {
  date: { year: 'numeric', month: 'long', day: 'numeric' },
  weekdayDate: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit', hour12: true },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function formatter(kind: keyof typeof OPTIONS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...OPTIONS[kind], timeZone });
    formatters.set(key, f);
  }
  return f;
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

/** "November 24, 2026"; '' for a missing or unreadable value. */
export function longDate(value: string | Date | null | undefined, timeZone: string = INDIA): string {
  const p = value ? parse(value, timeZone) : null;
  return p ? formatter('date', p.zone).format(p.at) : '';
}

/** "Tuesday, November 24, 2026"; '' for a missing or unreadable value. */
export function weekdayDate(value: string | Date | null | undefined, timeZone: string = INDIA): string {
  const p = value ? parse(value, timeZone) : null;
  return p ? formatter('weekdayDate', p.zone).format(p.at) : '';
}

/** "3:05 PM" (a plain space before AM/PM); '' for a missing or unreadable value. */
export function clockTime(value: string | Date | null | undefined, timeZone: string = INDIA): string {
  const p = value ? parse(value, timeZone) : null;
  // Newer ICU puts a narrow no-break space before AM/PM; the rest of the app writes a plain one.
  return p ? formatter('time', p.zone).format(p.at).replace(/\u202f/g, ' ') : '';
}

/** "November 24, 2026 at 3:05 PM"; '' for a missing or unreadable value. */
export function longDateTime(value: string | Date | null | undefined, timeZone: string = INDIA): string {
  const day = longDate(value, timeZone);
  return day ? `${day} at ${clockTime(value, timeZone)}` : '';
}
