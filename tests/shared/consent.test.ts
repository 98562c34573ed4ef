import { describe, expect, it } from 'vitest';
import { boundByQuietHours, heldLabel, heldUntilOf, indiaDay, isQuietHours, quietHoursEnd } from '../../src/shared/consent';

/** An instant given as India wall-clock time (IST is UTC+5:30 all year). */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

describe('TRAI quiet hours (21:00–09:00 IST)', () => {
  it('starts at 21:00 and ends at 09:00 India time, whatever the server’s zone', () => {
    expect(isQuietHours(ist('2026-11-26', '20:59'))).toBe(false);
    expect(isQuietHours(ist('2026-11-26', '21:00'))).toBe(true);
    expect(isQuietHours(ist('2026-11-27', '03:00'))).toBe(true);
    expect(isQuietHours(ist('2026-11-27', '08:59'))).toBe(true);
    expect(isQuietHours(ist('2026-11-27', '09:00'))).toBe(false);
  });

  it('holds until the next 09:00 IST: the next morning before midnight, the same morning after', () => {
    expect(quietHoursEnd(ist('2026-11-26', '22:30'))).toEqual(ist('2026-11-27', '09:00'));
    expect(quietHoursEnd(ist('2026-12-31', '23:59'))).toEqual(ist('2027-01-01', '09:00'));
    expect(quietHoursEnd(ist('2026-11-27', '00:10'))).toEqual(ist('2026-11-27', '09:00'));
    expect(quietHoursEnd(ist('2026-11-27', '12:00'))).toBeNull();
    expect(heldLabel(ist('2026-11-27', '09:00'))).toBe('Held until 9:00 am (TRAI quiet hours)');
  });

  it('binds promotional SMS and WhatsApp only', () => {
    expect(boundByQuietHours('promotional', 'sms')).toBe(true);
    expect(boundByQuietHours('promotional', 'whatsapp')).toBe(true);
    expect(boundByQuietHours('promotional', 'email')).toBe(false);
    expect(boundByQuietHours('transactional', 'sms')).toBe(false);
    const now = ist('2026-11-26', '22:00');
    const m = { status: 'queued', category: 'promotional' as const, channel: 'sms', nextAttemptAt: ist('2026-11-27', '09:00') };
    expect(heldUntilOf(m, now)).toEqual(ist('2026-11-27', '09:00'));
    expect(heldUntilOf({ ...m, status: 'sent' }, now)).toBeNull();
    expect(heldUntilOf(m, ist('2026-11-27', '09:01'))).toBeNull();
  });
});

describe('the India day of the daily limit', () => {
  it('turns at midnight IST, not UTC', () => {
    expect(indiaDay(new Date('2026-11-26T18:29:00Z'))).toBe('2026-11-26');
    expect(indiaDay(new Date('2026-11-26T18:30:00Z'))).toBe('2026-11-27');
  });
});
