import { describe, expect, it } from 'vitest';
import { formatBlogDate } from '../../src/client/features/blog/BlogCard';
import { salonClock } from '../../src/client/features/booking/format';
import { dayMonth, longDate, longDateTime, weekdayDate } from '../../src/client/lib/dates';

describe('dates across the app', () => {
  it('show instants in en-IN form on India time', () => {
    expect(longDate('2026-11-24T09:30:00Z')).toBe('24 Nov 2026');
    // 20:00 UTC is already the next day in India.
    expect(longDate('2026-11-24T20:00:00Z')).toBe('25 Nov 2026');
    expect(longDate(new Date('2026-11-24T09:30:00Z'))).toBe('24 Nov 2026');
  });

  it("write day and month by hand exactly as Intl's en-IN does, on India's clock and for calendar dates", () => {
    const intl = (options: Intl.DateTimeFormatOptions, timeZone: string) => new Intl.DateTimeFormat('en-IN', { ...options, timeZone });
    const zones = ['Asia/Kolkata', 'Asia/Calcutta', 'UTC'];
    const long = new Map(zones.map((z) => [z, intl({ day: 'numeric', month: 'short', year: 'numeric' }, z)]));
    const short = new Map(zones.map((z) => [z, intl({ day: 'numeric', month: 'short' }, z)]));
    // Every 29 h 17 min from 1946 to 2040: every day of every month, either side of midnight.
    for (let ms = Date.UTC(1946, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 29 * 3_600_000 + 17 * 60_000) {
      const at = new Date(ms);
      for (const zone of zones) {
        expect(longDate(at, zone)).toBe(long.get(zone)!.format(at));
        expect(dayMonth(at, zone)).toBe(short.get(zone)!.format(at));
      }
    }
    expect(longDate('2026-09-05')).toBe(long.get('UTC')!.format(new Date('2026-09-05T00:00:00Z')));
    // Before India's clock was fixed, and other zones, Intl answers.
    expect(longDate('1943-01-01T18:00:00Z')).toBe(long.get('Asia/Kolkata')!.format(new Date('1943-01-01T18:00:00Z')));
    expect(longDate('2026-11-24T20:00:00Z', 'America/New_York')).toBe('24 Nov 2026');
  });

  it("read an instant in a salon's zone when given", () => {
    expect(longDate('2026-11-24T20:00:00Z', 'America/New_York')).toBe('24 Nov 2026');
  });

  it('show a calendar date as that day in every zone', () => {
    expect(longDate('2026-11-24')).toBe('24 Nov 2026');
    expect(longDate('2026-11-24', 'America/Los_Angeles')).toBe('24 Nov 2026');
  });

  it('add a 12-hour time for timestamps', () => {
    expect(longDateTime('2026-11-24T09:35:00Z')).toBe('24 Nov 2026 at 3:05 PM');
    expect(longDateTime('2026-11-24T18:45:00Z')).toBe('25 Nov 2026 at 12:15 AM');
  });

  it('name the weekday of a calendar date, the same in every zone', () => {
    expect(weekdayDate('2026-11-24')).toBe('Tuesday, 24 Nov 2026');
    expect(weekdayDate('2026-11-24', 'Pacific/Honolulu')).toBe('Tuesday, 24 Nov 2026');
    // An instant is read on India time: 20:00 UTC on Tuesday is Wednesday there.
    expect(weekdayDate('2026-11-24T20:00:00Z')).toBe('Wednesday, 25 Nov 2026');
    expect(weekdayDate('')).toBe('');
  });

  it("reads the salon's clock, India's when the zone is unknown", () => {
    const at = new Date('2026-11-24T20:00:00Z');
    expect(salonClock('Asia/Kolkata', at)).toEqual({ date: '2026-11-25', minutes: 90 });
    expect(salonClock('America/New_York', at)).toEqual({ date: '2026-11-24', minutes: 15 * 60 });
    expect(salonClock('Not/AZone', at)).toEqual({ date: '2026-11-25', minutes: 90 });
  });

  it('give empty text for missing or unreadable values', () => {
    expect(longDate(null)).toBe('');
    expect(longDate('not a date')).toBe('');
    expect(longDateTime(undefined)).toBe('');
  });

  it('use the long form on blog cards', () => {
    expect(formatBlogDate('2026-11-24T09:30:00Z')).toBe('24 Nov 2026');
    expect(formatBlogDate(null)).toBe('Not published');
  });
});
