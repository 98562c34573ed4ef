import { describe, expect, it } from 'vitest';
import { calendarModalReducer, noCalendarModal } from '../../src/client/features/calendar/calendarModalState';
import type { CalendarBlock, CalendarBooking } from '../../src/shared/schemas/calendar';

/** Issue 37.7: which modal the desk calendar shows is one reducer's state. */
const booking = { _id: 'b1', customerName: 'Asha' } as CalendarBooking;
const block = { _id: 'k1', staffId: 's1' } as CalendarBlock;
const draft = { staffId: '', date: '2026-12-02', start: 13 * 60 };

describe('the desk calendar modal reducer', () => {
  it('opens a booking card, Block time, or a block, one at a time', () => {
    expect(calendarModalReducer(noCalendarModal, { type: 'openBooking', booking })).toEqual({ kind: 'booking', booking });
    expect(calendarModalReducer(noCalendarModal, { type: 'blockTime', draft })).toEqual({ kind: 'newBlock', draft });
    const opened = calendarModalReducer(noCalendarModal, { type: 'openBlock', block });
    expect(opened).toEqual({ kind: 'block', block });
    // Another one replaces it.
    expect(calendarModalReducer(opened, { type: 'openBooking', booking })).toEqual({ kind: 'booking', booking });
  });

  it('closes whichever is open', () => {
    for (const state of [
      { kind: 'booking', booking },
      { kind: 'newBlock', draft },
      { kind: 'block', block },
    ] as const) {
      expect(calendarModalReducer(state, { type: 'close' })).toEqual({ kind: 'none' });
    }
  });
});
