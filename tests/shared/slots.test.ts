import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../src/shared/hours.js';
import {
  addDays,
  canPerformAll,
  computeSlots,
  instantToZoned,
  localTimeExists,
  offsetMinutesAt,
  type SalonDayHours,
  type SlotQuery,
  type SlotStaff,
  weekdayOf,
  zonedDayBounds,
  zonedDayClock,
  zonedTimeToInstant,
} from '../../src/shared/slots.js';

const week = (open: string, close: string, closed: string[] = []): SalonDayHours[] =>
  WEEKDAYS.map((name) => ({ name, enabled: !closed.includes(name), openTime: open, closeTime: close }));

const staff = (id: string, extra: Partial<SlotStaff> = {}): SlotStaff => ({
  id,
  workingHours: [],
  daysOff: [],
  specializations: [],
  status: 'Active',
  ...extra,
});

// 2030-01-07 is a Monday; India has no clock changes.
const MONDAY = '2030-01-07';
const LONG_AGO = new Date('2020-01-01T00:00:00Z');

const query = (over: Partial<SlotQuery> = {}): SlotQuery => ({
  date: MONDAY,
  timeZone: 'Asia/Kolkata',
  openingHours: week('09:00', '12:00'),
  staff: [staff('a')],
  services: [{ name: 'Haircut', categoryName: 'Hair' }],
  busy: [],
  durationMinutes: 60,
  now: LONG_AGO,
  ...over,
});

const times = (q: SlotQuery) => computeSlots(q).map((s) => s.time);

describe('time-zone arithmetic', () => {
  it('maps salon-local wall-clock times to instants and back', () => {
    expect(zonedTimeToInstant('2030-01-07', 10 * 60, 'Asia/Kolkata').toISOString()).toBe('2030-01-07T04:30:00.000Z');
    expect(instantToZoned(new Date('2030-01-07T18:30:00Z'), 'Asia/Kolkata')).toEqual({ date: '2030-01-08', minutes: 0 });
    expect(offsetMinutesAt(new Date('2030-01-07T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(weekdayOf('2030-01-07')).toBe('Monday');
    expect(weekdayOf('2030-01-13')).toBe('Sunday');
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
  });

  it("reads India's clock by arithmetic exactly as Intl does, for both of its names", () => {
    const formats = new Map(
      ['Asia/Kolkata', 'Asia/Calcutta'].map((timeZone) => [
        timeZone,
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        }),
      ]),
    );
    const intl = (ms: number, timeZone: string) => {
      const parts = Object.fromEntries(
        formats
          .get(timeZone)!
          .formatToParts(new Date(ms))
          .map((p) => [p.type, p.value]),
      );
      return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
    };
    // Every 2 days 7 h 13 min from 1946 to 2040: minutes of the day and date boundaries all come round.
    for (let ms = Date.UTC(1946, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 55 * 3_600_000 + 13 * 60_000) {
      for (const zone of ['Asia/Kolkata', 'Asia/Calcutta']) expect(instantToZoned(ms, zone)).toEqual(intl(ms, zone));
    }
    // Before 15 Oct 1945 India's offsets differed: Intl still answers those.
    expect(offsetMinutesAt(Date.UTC(1943, 0, 1), 'Asia/Kolkata')).toBe(390);
  });

  it('handles Europe/London springing forward on 2026-03-29', () => {
    expect(zonedTimeToInstant('2026-03-29', 0, 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(zonedTimeToInstant('2026-03-29', 9 * 60, 'Europe/London').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(localTimeExists('2026-03-29', 60, 'Europe/London')).toBe(false);
    expect(localTimeExists('2026-03-29', 105, 'Europe/London')).toBe(false);
    expect(localTimeExists('2026-03-29', 120, 'Europe/London')).toBe(true);
    const day = zonedDayBounds('2026-03-29', 'Europe/London');
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
  });

  it('handles Europe/London falling back on 2026-10-25 (the repeated hour is its first occurrence)', () => {
    expect(zonedTimeToInstant('2026-10-25', 90, 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedTimeToInstant('2026-10-25', 9 * 60, 'Europe/London').toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(instantToZoned(new Date('2026-10-25T01:30:00Z'), 'Europe/London')).toEqual({ date: '2026-10-25', minutes: 90 });
    const day = zonedDayBounds('2026-10-25', 'Europe/London');
    expect(day.end.getTime() - day.start.getTime()).toBe(25 * 3_600_000);
  });
});

describe('computeSlots', () => {
  it('`at` answers one start exactly as the whole day lists it', () => {
    const days = [MONDAY, '2026-03-29', '2026-10-25'];
    const zones = ['Asia/Kolkata', 'Europe/London'];
    const staffLists = [
      [staff('a')],
      [
        staff('a', { workingHours: [{ day: 'Monday', enabled: true, start: '09:20', end: '11:10' }] }),
        staff('b', { specializations: ['Hair'] }),
      ],
      [staff('c', { daysOff: [MONDAY] }), staff('d', { status: 'Inactive' }), staff('e', { specializations: ['Nails'] })],
    ];
    const busy = [
      {
        staffId: 'a',
        start: zonedTimeToInstant(MONDAY, 10 * 60, 'Asia/Kolkata').getTime(),
        end: zonedTimeToInstant(MONDAY, 10 * 60 + 45, 'Asia/Kolkata').getTime(),
      },
    ];
    let compared = 0;
    let withSlots = 0;
    for (const date of days) {
      for (const timeZone of zones) {
        for (const list of staffLists) {
          for (const durationMinutes of [15, 60, 95]) {
            const q = query({
              date,
              timeZone,
              staff: list,
              busy,
              durationMinutes,
              openingHours: week('00:00', '24:00'),
              now: zonedTimeToInstant(date, 6 * 60 + 30, timeZone),
            });
            const whole = computeSlots(q);
            for (let at = -15; at <= 24 * 60 + 15; at += 5) {
              expect(computeSlots({ ...q, at }), `${date} ${timeZone} ${at}`).toEqual(whole.filter((s) => s.minutes === at));
              compared++;
            }
            if (whole.length) withSlots++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
    // Most of the days compared had free starts to find (and some had none).
    expect(withSlots).toBeGreaterThan(30);
  });

  it('offers 15-minute starts inside opening hours where the whole appointment fits', () => {
    expect(times(query())).toEqual([
      '9:00 AM',
      '9:15 AM',
      '9:30 AM',
      '9:45 AM',
      '10:00 AM',
      '10:15 AM',
      '10:30 AM',
      '10:45 AM',
      '11:00 AM',
    ]);
    const first = computeSlots(query())[0];
    expect(first.startsAt.toISOString()).toBe('2030-01-07T03:30:00.000Z');
    expect(first.endsAt.toISOString()).toBe('2030-01-07T04:30:00.000Z');
    expect(first.staffIds).toEqual(['a']);
  });

  it('puts starts on the wall-clock grid when the salon opens off the grid', () => {
    expect(times(query({ openingHours: week('09:10', '10:40'), durationMinutes: 30 }))).toEqual([
      '9:15 AM',
      '9:30 AM',
      '9:45 AM',
      '10:00 AM',
    ]);
  });

  it('offers nothing on a closed day or for an appointment longer than the day', () => {
    expect(times(query({ openingHours: week('09:00', '12:00', ['Monday']) }))).toEqual([]);
    expect(times(query({ durationMinutes: 240 }))).toEqual([]);
  });

  it('intersects the salon hours with each staff member’s own hours', () => {
    const q = query({
      staff: [
        staff('a', { workingHours: week('10:00', '11:00').map((d) => ({ day: d.name, enabled: true, start: '10:00', end: '11:00' })) }),
      ],
      durationMinutes: 30,
    });
    expect(times(q)).toEqual(['10:00 AM', '10:15 AM', '10:30 AM']);
    const offMonday = query({
      staff: [staff('a', { workingHours: WEEKDAYS.map((day) => ({ day, enabled: day !== 'Monday', start: '09:00', end: '12:00' })) })],
    });
    expect(times(offMonday)).toEqual([]);
  });

  it('skips staff on a day off or not active', () => {
    expect(times(query({ staff: [staff('a', { daysOff: [MONDAY] })] }))).toEqual([]);
    expect(times(query({ staff: [staff('a', { status: 'On Leave' })] }))).toEqual([]);
    expect(times(query({ staff: [staff('a', { daysOff: ['2030-01-08'] })] }))).toHaveLength(9);
  });

  it('offers only staff whose specializations cover every chosen service (by name or category)', () => {
    const q = query({
      staff: [
        staff('colour', { specializations: ['Hair Colour'] }),
        staff('cut', { specializations: ['haircut'] }),
        staff('hair', { specializations: ['Hair'] }),
      ],
    });
    expect(computeSlots(q)[0].staffIds).toEqual(['cut', 'hair']);
    expect(canPerformAll([], [{ name: 'Anything' }])).toBe(true);
    expect(canPerformAll(['Haircut'], [{ name: 'Haircut' }, { name: 'Facial', categoryName: 'Skin' }])).toBe(false);
  });

  it('keeps a staff member out of slots overlapping their bookings, touching ones allowed', () => {
    const busy = [{ staffId: 'a', start: Date.parse('2030-01-07T04:30:00Z'), end: Date.parse('2030-01-07T05:00:00Z') }]; // 10:00-10:30 IST
    const q = query({ staff: [staff('a'), staff('b')], busy });
    const slots = computeSlots(q);
    const byTime = Object.fromEntries(slots.map((s) => [s.time, s.staffIds]));
    expect(byTime['9:00 AM']).toEqual(['a', 'b']);
    expect(byTime['9:15 AM']).toEqual(['b']);
    expect(byTime['10:15 AM']).toEqual(['b']);
    expect(byTime['10:30 AM']).toEqual(['a', 'b']);
  });

  it('offers no past times (now injected)', () => {
    const now = new Date('2030-01-07T04:40:00Z'); // 10:10 IST
    expect(times(query({ now }))).toEqual(['10:15 AM', '10:30 AM', '10:45 AM', '11:00 AM']);
    expect(times(query({ now: new Date('2030-01-07T04:30:00Z') }))[0]).toBe('10:15 AM');
  });

  it('gives a London salon the right instants on the spring-forward day', () => {
    const q = query({ date: '2026-03-29', timeZone: 'Europe/London', openingHours: week('09:00', '11:00'), now: LONG_AGO });
    const slots = computeSlots(q);
    expect(slots[0].time).toBe('9:00 AM');
    expect(slots[0].startsAt.toISOString()).toBe('2026-03-29T08:00:00.000Z');
    // Busy 08:00-09:00Z is 9-10 AM BST, which must block the 9:00 AM slot (a naive GMT reading would not).
    const busy = [{ staffId: 'a', start: Date.parse('2026-03-29T08:00:00Z'), end: Date.parse('2026-03-29T09:00:00Z') }];
    expect(computeSlots({ ...q, busy }).map((s) => s.time)).toEqual(['10:00 AM']);
  });

  it('never offers the skipped hour and keeps real durations across the clock change', () => {
    const q = query({ date: '2026-03-29', timeZone: 'Europe/London', openingHours: week('00:00', '04:00'), durationMinutes: 60 });
    const slots = computeSlots(q);
    expect(slots.map((s) => s.time)).toEqual([
      '12:00 AM',
      '12:15 AM',
      '12:30 AM',
      '12:45 AM',
      '2:00 AM',
      '2:15 AM',
      '2:30 AM',
      '2:45 AM',
      '3:00 AM',
    ]);
    // 12:45 AM GMT + 60 real minutes ends at 2:45 AM BST, still before closing at 4:00.
    const late = slots.find((s) => s.time === '12:45 AM')!;
    expect(late.endsAt.toISOString()).toBe('2026-03-29T01:45:00.000Z');
  });

  it('offers the repeated hour once on the fall-back day and fits real durations', () => {
    const q = query({ date: '2026-10-25', timeZone: 'Europe/London', openingHours: week('00:00', '03:00'), durationMinutes: 60 });
    const slots = computeSlots(q);
    const labels = slots.map((s) => s.time);
    expect(new Set(labels).size).toBe(labels.length);
    // The local day 00:00-03:00 lasts 4 real hours: 00:00 BST = 23:00Z to 03:00 GMT = 03:00Z.
    expect(slots[0].startsAt.toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(slots.find((s) => s.time === '2:00 AM')!.startsAt.toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(labels.at(-1)).toBe('2:00 AM');
  });
});

describe('zonedDayClock', () => {
  it('agrees with the per-minute conversion on ordinary and clock-change days', () => {
    const cases: [string, string][] = [
      ['2026-11-26', 'Asia/Kolkata'],
      ['2026-03-29', 'Europe/London'],
      ['2026-10-25', 'Europe/London'],
      ['2026-03-08', 'America/New_York'],
      ['2026-11-01', 'America/New_York'],
      ['2026-10-04', 'Australia/Lord_Howe'],
      ['2026-06-15', 'Asia/Kathmandu'],
    ];
    for (const [date, tz] of cases) {
      const clock = zonedDayClock(date, tz);
      for (let m = 0; m <= 1440; m += 5) {
        const exact = m < 1440 && !localTimeExists(date, m, tz) ? null : zonedTimeToInstant(date, m, tz).getTime();
        expect(clock(m), `${date} ${tz} ${m}`).toBe(exact);
      }
    }
  });
});
