import { describe, expect, it } from 'vitest';
import { commissionCsv, commissionMonth, monthLabel } from '../../src/shared/commission';

describe('commission statement', () => {
  it('counts paid up to the commission and the rest as outstanding', () => {
    expect(
      commissionMonth({
        month: '2026-10',
        completedBookings: 2,
        directBookings: 1,
        noShows: 1,
        gross: 1500.5,
        commission: 150.05,
        deducted: 50.05,
        payments: 30,
      }),
    ).toEqual({
      month: '2026-10',
      completedBookings: 2,
      directBookings: 1,
      noShows: 1,
      gross: 1500.5,
      commission: 150.05,
      net: 1350.45,
      paid: 80.05,
      outstanding: 70,
    });
    expect(
      commissionMonth({
        month: '2026-10',
        completedBookings: 1,
        directBookings: 0,
        noShows: 0,
        gross: 100,
        commission: 10,
        deducted: 10,
        payments: 5,
      }),
    ).toMatchObject({ paid: 10, outstanding: 0 });
  });

  it('exports CSV with a header, one row per month and a total', () => {
    const m = commissionMonth({
      month: '2026-10',
      completedBookings: 2,
      directBookings: 1,
      noShows: 1,
      gross: 1500.5,
      commission: 150.05,
      deducted: 50.05,
      payments: 0,
    });
    const n = commissionMonth({
      month: '2026-09',
      completedBookings: 1,
      directBookings: 0,
      noShows: 0,
      gross: 1000,
      commission: 100,
      deducted: 0,
      payments: 0,
    });
    expect(commissionCsv([m, n]).split('\r\n')).toEqual([
      'Month,Completed bookings,Direct bookings (0% commission),No-shows,Gross (INR),Commission (INR),Net (INR),Paid (INR),Outstanding (INR)',
      '2026-10,2,1,1,1500.50,150.05,1350.45,50.05,100.00',
      '2026-09,1,0,0,1000.00,100.00,900.00,0.00,100.00',
      'Total,3,1,1,2500.50,250.05,2250.45,50.05,200.00',
      '',
    ]);
    expect(monthLabel('2026-03')).toBe('March 2026');
  });
});
