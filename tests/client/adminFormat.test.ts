import { describe, expect, it } from 'vitest';
import { countOf, formatBookingWhen, formatDateTime, formatDay, formatMonth, formatShortDay } from '../../src/client/features/admin/format';
import { formatClock } from '../../src/shared/clock';

describe('admin counts', () => {
  it('agree in number and group digits the Indian way', () => {
    expect(countOf(1, 'new account')).toBe('1 new account');
    expect(countOf(0, 'new account')).toBe('0 new accounts');
    expect(countOf(123456, 'new account')).toBe('1,23,456 new accounts');
    expect(countOf(2, 'salon', 'salons')).toBe('2 salons');
  });
});

describe('admin dates and times (spec: en-IN dates, 12-hour times)', () => {
  it('writes calendar days in long form, the same day in every zone', () => {
    expect(formatDay('2026-12-01')).toBe('1 Dec 2026');
    expect(formatDay('2026-12-01', 'America/Los_Angeles')).toBe('1 Dec 2026');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('not a date')).toBe('not a date');
  });

  it('writes instants on India’s clock by default, with a capital AM/PM', () => {
    // 13:57 UTC is 7:27 PM in India (the audit's "24 Nov 2026, 7:27 pm").
    expect(formatDateTime('2026-11-24T13:57:00Z')).toBe('24 Nov 2026 · 7:27 PM');
    // 23:43 UTC is 5:13 AM the next day in India (the audit's "5:13 am").
    expect(formatDateTime('2026-11-24T23:43:00Z')).toBe('25 Nov 2026 · 5:13 AM');
    expect(formatDay('2026-11-24T23:43:00Z')).toBe('25 Nov 2026');
    expect(formatDateTime(undefined)).toBe('—');
  });

  it('reads a booking’s instants in its salon’s zone when given one', () => {
    expect(formatDateTime('2026-11-24T23:43:00Z', 'Asia/Dubai')).toBe('25 Nov 2026 · 3:43 AM');
  });

  it('puts a booking’s salon-local time on the same 12-hour clock', () => {
    expect(formatClock('3:45 PM')).toBe('3:45 PM');
    expect(formatClock('5:13 am')).toBe('5:13 AM');
    expect(formatClock('17:00')).toBe('5:00 PM');
    expect(formatClock('00:30')).toBe('12:30 AM');
    expect(formatClock('12:00 PM')).toBe('12:00 PM');
    expect(formatClock('12:15 am')).toBe('12:15 AM');
    expect(formatClock('soon')).toBe('soon');
    expect(formatBookingWhen('2026-11-25', '10:00 AM')).toBe('25 Nov 2026 · 10:00 AM');
  });

  it('writes chart days and report months in English', () => {
    expect(formatShortDay('2026-11-24')).toBe('24 Nov');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('(no city)')).toBe('(no city)');
  });
});
