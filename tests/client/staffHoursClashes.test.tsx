import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffHoursModal } from '../../src/client/features/shop/StaffHoursModal';
import { appStore } from '../../src/client/state/session';
import { toast, toastsAtom } from '../../src/client/state/toast';
import type { StaffHoursClash, StaffWire } from '../../src/shared/schemas/staff';
import { renderWithTrpc } from './trpcStub';

afterEach(() => {
  cleanup();
  toast.clear();
});
const toasts = () => appStore.get(toastsAtom).map((t) => t.message);

const STAFF_ID = '11111111-1111-4111-8111-111111111111';
const MERCHANT_ID = '22222222-2222-4222-8222-222222222222';

const staff: StaffWire = {
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
  workingHours: [],
  daysOff: [],
  totalBookings: 3,
  totalEarnings: 600,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const clash = (over: Partial<StaffHoursClash> = {}): StaffHoursClash => ({
  bookingId: 'b-1',
  bookingDate: '2026-11-28',
  bookingTime: '12:00 PM',
  status: 'upcoming',
  customerName: 'Tanvi Deshpande',
  services: ["Men's Haircut"],
  reason: 'dayOff',
  ...over,
});

function open(clashes: StaffHoursClash[] | undefined) {
  const onClose = vi.fn();
  const view = renderWithTrpc(<StaffHoursModal onClose={onClose} merchantId={MERCHANT_ID} staff={staff} />, {
    'merchants.updateStaffHours': () => ({ staff: { ...staff, daysOff: ['2026-11-28'] }, ...(clashes ? { clashes } : {}) }),
  });
  return { ...view, onClose };
}

const addDayOffAndSave = async (date: string) => {
  await act(async () => fireEvent.change(screen.getByLabelText('Add a day off'), { target: { value: date } }));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
  await act(async () => fireEvent.click(screen.getByTestId('staff-hours-save')));
};

describe('Working hours modal: bookings the new hours leave uncovered', () => {
  it('saves, then keeps the modal open with the booking on the new day off instead of only a success toast', async () => {
    const { onClose, calls } = open([clash()]);
    await addDayOffAndSave('2026-11-28');
    const warning = await screen.findByTestId('staff-hours-clashes');
    expect(within(warning).getByTestId('staff-hours-clash-text').textContent).toBe(
      "Rutuja has 1 booking on a day off: 28 Nov 2026 · 12:00 PM, Tanvi Deshpande, Men's Haircut. Reassign or cancel it from Appointments.",
    );
    expect(within(warning).getByRole('link', { name: 'Appointments' }).getAttribute('href')).toBe('/merchant/appointments');
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
    expect(screen.getByTestId('staff-hours-close').textContent).toBe('Close');
    // The day off was sent and saved all the same.
    expect(calls.find((c) => c.path === 'merchants.updateStaffHours')?.input).toMatchObject({ staffId: STAFF_ID, daysOff: ['2026-11-28'] });
  });

  it('lists several bookings, saying which are on a day off and which outside the hours', async () => {
    open([
      clash(),
      clash({
        bookingId: 'b-2',
        bookingDate: '2026-11-30',
        bookingTime: '5:30 PM',
        customerName: 'Kabir Shah',
        services: ['Hair Spa', 'Beard Trim'],
        reason: 'outsideHours',
      }),
    ]);
    await addDayOffAndSave('2026-11-28');
    const text = await screen.findByTestId('staff-hours-clash-text');
    expect(text.textContent).toContain('Rutuja has 2 bookings on days off or outside their working hours:');
    expect(
      within(text)
        .getAllByTestId('staff-hours-clash')
        .map((li) => li.textContent),
    ).toEqual([
      "28 Nov 2026 · 12:00 PM, Tanvi Deshpande, Men's Haircut (day off)",
      '30 Nov 2026 · 5:30 PM, Kabir Shah, Hair Spa, Beard Trim (outside working hours)',
    ]);
    expect(text.textContent).toContain('Reassign or cancel them from Appointments.');
  });

  it('closes with the success toast when no booking is affected', async () => {
    const { onClose } = open([]);
    await addDayOffAndSave('2026-11-28');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByTestId('staff-hours-clashes')).toBeNull();
    expect(toasts()).toEqual(['Working hours updated successfully.']);
  });
});
