import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { salonToday } from '../../src/client/features/booking/format';
import { SlotPicker } from '../../src/client/features/booking/SlotPicker';
import { addDays, type SalonDayHours } from '../../src/shared/slots';
import { renderWithTrpc } from './trpcStub';

/*
 * Issue 43 item 7: the date strip is a listbox that answers the arrow keys (Left/Right/Home/End,
 * selection following focus, closed days skipped), and the times are one tab stop with the arrow
 * keys moving between them (roving tabindex).
 */

const TZ = 'Asia/Kolkata';
const today = salonToday(TZ);
const TIMES = ['10:00 AM', '10:30 AM', '2:00 PM', '2:30 PM', '6:00 PM'];

/** Open every day but the one two days from today. */
function hoursClosedOn(closed: string): SalonDayHours[] {
  const weekday = new Date(`${closed}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((name) => ({
    name,
    enabled: name !== weekday,
    openTime: '09:00',
    closeTime: '18:00',
  }));
}

function Picker({ openingHours }: { openingHours?: SalonDayHours[] }) {
  const [date, setDate] = useState<string | null>(today);
  const [time, setTime] = useState<string | null>(null);
  return (
    <SlotPicker
      merchantId="44444444-4444-4444-8444-444444444444"
      serviceIds={['66666666-6666-4666-8666-666666666666']}
      staffId={null}
      timeZone={TZ}
      openingHours={openingHours}
      date={date}
      time={time}
      onDate={setDate}
      onTime={setTime}
    />
  );
}

const slotsAnswer = (input: unknown) => ({
  data: {
    date: (input as { date: string }).date,
    timeZone: TZ,
    totalDuration: 30,
    totalPrice: 500,
    slots: TIMES.map((time) => ({ time, staffIds: ['55555555-5555-4555-8555-555555555555'] })),
  },
});

const options = () => screen.getAllByRole('option') as HTMLButtonElement[];
const tabStops = (els: HTMLElement[]) => els.filter((el) => el.tabIndex === 0);
const key = (el: Element, k: string) => act(() => void fireEvent.keyDown(el, { key: k }));

afterEach(cleanup);

describe('the date strip is a listbox that answers the arrow keys', () => {
  it('has one tab stop, the chosen date; Right, Left, End and Home move focus and choose the date', async () => {
    renderWithTrpc(<Picker />, { 'users.getAvailableSlots': slotsAnswer });
    const listbox = screen.getByRole('listbox', { name: 'Choose a date' });
    expect(tabStops(options())).toEqual([screen.getByTestId(`booking-date-${today}`)]);
    expect(screen.getByTestId(`booking-date-${today}`).getAttribute('aria-selected')).toBe('true');

    options()[0].focus();
    await key(document.activeElement!, 'ArrowRight');
    const next = addDays(today, 1);
    expect(document.activeElement).toBe(screen.getByTestId(`booking-date-${next}`));
    expect(screen.getByTestId(`booking-date-${next}`).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId(`booking-date-${today}`).getAttribute('aria-selected')).toBe('false');
    expect(tabStops(options())).toEqual([screen.getByTestId(`booking-date-${next}`)]);

    await key(document.activeElement!, 'End');
    const last = options()[options().length - 1];
    expect(document.activeElement).toBe(last);
    expect(last.getAttribute('aria-selected')).toBe('true');

    await key(document.activeElement!, 'ArrowLeft');
    expect(document.activeElement).toBe(options()[options().length - 2]);

    await key(document.activeElement!, 'Home');
    expect(document.activeElement).toBe(options()[0]);
    expect(options()[0].getAttribute('aria-selected')).toBe('true');
    expect(listbox.contains(document.activeElement)).toBe(true);
  });

  it('skips a closed day', async () => {
    const closed = addDays(today, 2);
    renderWithTrpc(<Picker openingHours={hoursClosedOn(closed)} />, { 'users.getAvailableSlots': slotsAnswer });
    const before = screen.getByTestId(`booking-date-${addDays(today, 1)}`);
    before.focus();
    await key(before, 'ArrowRight');
    expect(document.activeElement).toBe(screen.getByTestId(`booking-date-${addDays(today, 3)}`));
    expect(screen.getByTestId(`booking-date-${closed}`).getAttribute('aria-selected')).toBe('false');
  });
});

describe('the times are one tab stop with the arrow keys inside', () => {
  it('only the first time is tabbable; the arrows move focus; once chosen, the chosen time is the stop', async () => {
    renderWithTrpc(<Picker />, { 'users.getAvailableSlots': slotsAnswer });
    const slots = (await screen.findAllByTestId('booking-slot')) as HTMLButtonElement[];
    expect(slots.map((s) => s.getAttribute('data-time'))).toEqual(TIMES);
    expect(tabStops(slots)).toEqual([slots[0]]);

    slots[0].focus();
    await key(slots[0], 'ArrowRight');
    expect(document.activeElement).toBe(slots[1]);
    // Across the day-part groups: from the morning's last to the afternoon's first.
    await key(slots[1], 'ArrowDown');
    expect(document.activeElement).toBe(slots[2]);
    await key(slots[2], 'End');
    expect(document.activeElement).toBe(slots[4]);
    await key(slots[4], 'ArrowRight');
    expect(document.activeElement).toBe(slots[4]);
    await key(slots[4], 'Home');
    expect(document.activeElement).toBe(slots[0]);

    await act(() => void fireEvent.click(slots[3]));
    const after = screen.getAllByTestId('booking-slot') as HTMLButtonElement[];
    expect(after[3].getAttribute('aria-pressed')).toBe('true');
    expect(tabStops(after)).toEqual([after[3]]);
  });
});
