import { describe, expect, it } from 'vitest';
import {
  type DeskModalState,
  deskModalReducer,
  initialDeskModalState,
  subjectOf,
} from '../../src/client/pages/merchant/appointments/modalState';
import type { BookingWire } from '../../src/shared/schemas/bookings';

/** Issue 37.7: which modal the appointments desk shows is one reducer's state. */
const booking = (id: string, status: BookingWire['status'] = 'pending') => ({ _id: id, status }) as BookingWire;
const run = (...actions: Parameters<typeof deskModalReducer>[1][]): DeskModalState =>
  actions.reduce(deskModalReducer, initialDeskModalState);

describe('the appointments desk modal reducer', () => {
  it('opens one modal at a time, each on its booking', () => {
    const a = booking('a');
    expect(run({ type: 'view', booking: a }).modal).toEqual({ kind: 'details', booking: a });
    // From the details modal to a move: the details close, the move's modal opens on the same booking.
    for (const kind of ['cancel', 'complete', 'noShow'] as const) {
      const s = run({ type: 'view', booking: a }, { type: kind, booking: a });
      expect(s.modal).toEqual({ kind, booking: a });
      expect(subjectOf(s.modal, 'details')).toBeNull();
      expect(subjectOf(s.modal, kind)).toBe(a);
    }
    expect(run({ type: 'confirm', booking: a }).modal).toEqual({ kind: 'confirm', bookingId: 'a', booking: a });
    expect(run({ type: 'enterId' }).modal).toEqual({ kind: 'confirm', bookingId: '', booking: null });
    expect(run({ type: 'book', prefill: null }).modal).toEqual({ kind: 'book', prefill: null });
    expect(run({ type: 'view', booking: a }, { type: 'close' })).toEqual(initialDeskModalState);
  });

  it('keeps the confirm modal under the scanner and replaces it with the scanned booking', () => {
    const opened = run({ type: 'enterId' }, { type: 'scan' });
    expect(opened).toEqual({ modal: { kind: 'confirm', bookingId: '', booking: null }, scanning: true });
    expect(deskModalReducer(opened, { type: 'closeScan' })).toEqual({
      modal: { kind: 'confirm', bookingId: '', booking: null },
      scanning: false,
    });
    const b = booking('b');
    expect(deskModalReducer(opened, { type: 'scanned', booking: b })).toEqual({
      modal: { kind: 'confirm', bookingId: 'b', booking: b },
      scanning: false,
    });
    // Scanning again while open changes nothing.
    expect(deskModalReducer(opened, { type: 'scan' })).toBe(opened);
  });

  it('shows a moved booking in open details of it only', () => {
    const a = booking('a');
    const doneA = booking('a', 'completed');
    expect(run({ type: 'view', booking: a }, { type: 'moved', booking: doneA }).modal).toEqual({ kind: 'details', booking: doneA });
    const other = run({ type: 'view', booking: booking('c') });
    expect(deskModalReducer(other, { type: 'moved', booking: doneA })).toBe(other);
    const completing = run({ type: 'complete', booking: a });
    expect(deskModalReducer(completing, { type: 'moved', booking: doneA })).toBe(completing);
  });
});
