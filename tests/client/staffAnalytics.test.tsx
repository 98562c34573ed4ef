import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StaffAnalyticsModal } from '../../src/client/features/shop/StaffAnalyticsModal';
import type { StaffWire } from '../../src/shared/schemas/staff';
import { renderWithTrpc } from './trpcStub';

afterEach(cleanup);

const staff = { _id: 'staff-1', name: 'Asha' } as StaffWire;
const row = (id: string, status: 'Completed' | 'Upcoming', earnings: number) => ({
  id,
  dateTime: '2026-11-25T04:30:00.000Z',
  bookingDate: '2026-11-25',
  bookingTime: '10:00 AM',
  serviceName: 'Haircut',
  duration: 45,
  earnings,
  status,
});
const analytics =
  (over: object = {}) =>
  () => ({
    staffId: 'staff-1',
    period: 'today',
    startDate: '2026-11-25',
    endDate: '2026-11-25',
    totalBookings: 3,
    completedBookings: 2,
    cancelledBookings: 1,
    hoursWorked: 1.6,
    totalEarnings: 599,
    recentBookings: [row('a', 'Upcoming', 399), row('b', 'Completed', 200), row('c', 'Completed', 399)],
    ...over,
  });

describe('Staff Analytics modal', () => {
  it('labels what each card counts and lists the same bookings Total Bookings counts', async () => {
    renderWithTrpc(<StaffAnalyticsModal open onClose={() => undefined} merchantId="m-1" staff={staff} />, {
      'merchants.getStaffAnalytics': analytics(),
    });
    expect((await screen.findByTestId('analytics-total-bookings-caption')).textContent).toBe('2 completed · 1 upcoming');
    expect(screen.getByTestId('analytics-total-bookings').textContent).toBe('3');
    expect(screen.getByTestId('analytics-hours-caption').textContent).toBe('From 2 completed bookings');
    expect(screen.getByTestId('analytics-earnings-caption').textContent).toBe('From 2 completed bookings');
    expect(screen.getByTestId('analytics-cancelled').textContent).toBe('1 cancelled booking in this period is not counted or listed.');
    expect(screen.getByTestId('analytics-table-caption').textContent).toContain('The 3 bookings counted above.');
    const rows = within(screen.getByTestId('staff-analytics-modal')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    // An upcoming booking's earning is marked as expected: it is not in Total Earnings yet.
    expect(rows[0].textContent).toContain('expected');
    expect(rows[1].textContent).not.toContain('expected');
  });

  it('says when the table shows only the latest of the bookings counted', async () => {
    renderWithTrpc(<StaffAnalyticsModal open onClose={() => undefined} merchantId="m-1" staff={staff} />, {
      'merchants.getStaffAnalytics': analytics({
        totalBookings: 25,
        completedBookings: 25,
        cancelledBookings: 0,
        recentBookings: Array.from({ length: 20 }, (_, i) => row(`r${i}`, 'Completed', 100)),
      }),
    });
    expect((await screen.findByTestId('analytics-table-caption')).textContent).toBe('The latest 20 of the 25 bookings counted above.');
    expect(screen.getByTestId('analytics-hours-caption').textContent).toBe('From 25 completed bookings');
    expect(screen.queryByTestId('analytics-cancelled')).toBeNull();
  });
});
