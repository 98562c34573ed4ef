import { describe, expect, it } from 'vitest';
import { moveTimeChoices } from '../../src/client/features/calendar/moveTimes';

/** Issue 43.10: the Move form offers times within the professional's hours (salon ∩ their own), not the whole day. */
const day = {
  dates: ['2026-12-10'],
  professionals: [
    {
      _id: 'asha',
      name: 'Asha',
      role: '',
      image: null,
      specializations: [],
      hours: [{ date: '2026-12-10', span: { start: 600, end: 720 } }],
    },
    { _id: 'ravi', name: 'Ravi', role: '', image: null, specializations: [], hours: [{ date: '2026-12-10', span: null }] },
  ],
  bookings: [{ _id: 'other', staffId: 'asha', bookingDate: '2026-12-10', start: 630, end: 660, status: 'upcoming' as const }],
  blocks: [{ staffId: 'asha', date: '2026-12-10', start: 690, end: 720 }],
} as unknown as Parameters<typeof moveTimeChoices>[0];

describe('the Move form’s times', () => {
  it('are the professional’s hours on the 15-minute grid, the whole visit fitting, with held times marked taken', () => {
    const r = moveTimeChoices(day, { staffId: 'asha', date: '2026-12-10', duration: 30, bookingId: 'me', nowMinutes: null })!;
    expect(r.hours).toEqual({ start: 600, end: 720 });
    expect(r.choices.map((c) => c.value)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30']);
    expect(r.choices.filter((c) => c.taken).map((c) => c.label)).toEqual([
      '10:15 AM (taken)',
      '10:30 AM (taken)',
      '10:45 AM (taken)',
      '11:15 AM (taken)',
      '11:30 AM (taken)',
    ]);
  });

  it('leave out past times today, offer nothing on a day off but the booking’s own time, and wait for an unknown day', () => {
    expect(
      moveTimeChoices(day, { staffId: 'asha', date: '2026-12-10', duration: 60, bookingId: 'me', nowMinutes: 620 })!.choices.map(
        (c) => c.value,
      ),
    ).toEqual(['10:30', '10:45', '11:00']);
    const off = moveTimeChoices(day, { staffId: 'ravi', date: '2026-12-10', duration: 30, bookingId: 'me', nowMinutes: null, keep: 600 })!;
    expect(off.hours).toBeNull();
    expect(off.choices.map((c) => c.value)).toEqual(['10:00']);
    expect(moveTimeChoices(day, { staffId: 'asha', date: '2026-12-11', duration: 30, bookingId: 'me', nowMinutes: null })).toBeNull();
  });
});
