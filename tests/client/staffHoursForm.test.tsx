import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StaffHoursModal } from '../../src/client/features/shop/StaffHoursModal';
import { appStore } from '../../src/client/state/session';
import { toast, toastsAtom } from '../../src/client/state/toast';
import type { StaffWire } from '../../src/shared/schemas/staff';
import { mswTrpc, Refusal, renderApp } from './mswTrpc';

/*
 * The working hours modal on react-hook-form with the server's staff hours rules, against a fake
 * /trpc (msw): a day that ends before it starts is refused under that day before anything is
 * sent, and a server refusal naming the days off lands under the days off.
 */
const api = mswTrpc();
beforeAll(api.listen);
afterEach(() => {
  cleanup();
  api.reset();
  toast.clear();
});
afterAll(api.close);

const STAFF_ID = '11111111-1111-4111-8111-111111111111';
const MERCHANT_ID = '22222222-2222-4222-8222-222222222222';
const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({
  day,
  enabled: day !== 'Sunday',
  start: '10:00',
  end: '19:00',
}));

const staff = (over: Partial<StaffWire> = {}): StaffWire => ({
  _id: STAFF_ID,
  merchantId: MERCHANT_ID,
  name: 'Rutuja Patil',
  email: 'rutuja@lotus.in',
  phone: '9876543210',
  role: 'Stylist',
  rate: 200,
  status: 'Active',
  avatar: null,
  specialization: ['Haircut'],
  experience: 4,
  workingHours: WEEK,
  daysOff: [],
  totalBookings: 3,
  totalEarnings: 600,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const toasts = () => appStore.get(toastsAtom).map((t) => t.message);
const box = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.input(box(id), { target: { value } });
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;
const save = () => act(async () => fireEvent.click(screen.getByTestId('staff-hours-save')));

function open(member = staff()) {
  const onClose = vi.fn();
  renderApp(<StaffHoursModal onClose={onClose} merchantId={MERCHANT_ID} staff={member} />);
  return { onClose };
}

describe('Working hours modal: the form', () => {
  it('starts from the saved week and refuses a day that ends before it starts, under that day', async () => {
    open();
    expect(box('staff-follow-shop').checked).toBe(false);
    expect(box('staff-day-Monday-start').value).toBe('10:00');
    expect(box('staff-day-Sunday-end').disabled).toBe(true);
    type('staff-day-Tuesday-end', '09:30');
    await save();
    // Under Tuesday's end, without the day the API's message starts with.
    expect(errorOf('staff-day-Tuesday-end')).toBe('The end time must be after the start time.');
    expect(box('staff-day-Tuesday-end').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box('staff-day-Tuesday-end'));
    expect(api.calls).toEqual([]);

    // Fixed, it re-checks as it is typed and sends the week the server takes.
    type('staff-day-Tuesday-end', '18:00');
    await waitFor(() => expect(errorOf('staff-day-Tuesday-end')).toBeNull());
  });

  it('sends no week while the member follows the shop’s hours, even one that would be wrong', async () => {
    api.answer({ 'merchants.updateStaffHours': () => ({ staff: staff({ workingHours: [] }) }) });
    const { onClose } = open();
    type('staff-day-Tuesday-end', '09:30');
    await act(async () => fireEvent.click(box('staff-follow-shop')));
    expect(document.getElementById('staff-day-Tuesday-end')).toBeNull();
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('merchants.updateStaffHours')).toEqual([{ merchantId: MERCHANT_ID, staffId: STAFF_ID, workingHours: [], daysOff: [] }]);
    expect(toasts()).toEqual(['Working hours updated successfully.']);
  });

  it('puts the server’s refusal of the days off under the days off, and keeps the modal open', async () => {
    api.answer({
      'merchants.updateStaffHours': () => new Refusal('daysOff.0: Rutuja has a day off planned that the salon is closed', 'daysOff.0'),
    });
    const { onClose } = open();
    fireEvent.change(screen.getByLabelText('Add a day off'), { target: { value: '2026-11-28' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    await save();
    await waitFor(() => expect(errorOf('staff-day-off')).toBe('Rutuja has a day off planned that the salon is closed'));
    expect(screen.queryByTestId('staff-hours-error')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(api.sent('merchants.updateStaffHours')).toEqual([
      { merchantId: MERCHANT_ID, staffId: STAFF_ID, workingHours: WEEK, daysOff: ['2026-11-28'] },
    ]);
  });

  it('shows a failure that is no field’s as the modal’s own error', async () => {
    api.answer({ 'merchants.updateStaffHours': () => new Refusal('This staff member was removed.', null, 404) });
    open();
    await save();
    await waitFor(() => expect(screen.getByTestId('staff-hours-error').textContent).toBe('This staff member was removed.'));
  });
});
