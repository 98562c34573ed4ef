import { describe, expect, it } from 'vitest';
import { byAppointment, cancelledText, couponAppliedText } from '../../src/client/features/booking/format';
import { formatINR, fromPrice } from '../../src/client/features/discovery/format';

describe('customer rupee amounts', () => {
  it('show paise to two decimals and whole rupees bare', () => {
    expect(formatINR(279.2)).toBe('₹279.20');
    expect(formatINR(279.25)).toBe('₹279.25');
    expect(formatINR(349)).toBe('₹349');
    expect(formatINR(150000)).toBe('₹1,50,000');
    expect(formatINR(1234.5)).toBe('₹1,234.50');
  });

  it('write the "From" line in the same format, and no price where there is none', () => {
    expect(fromPrice(279.2)).toBe('From ₹279.20');
    // A search's headline price (issue 43.4): whole rupees when the paise are zero, never '.00'.
    expect(fromPrice(279)).toBe('From ₹279');
    expect(fromPrice(1300.0)).toBe('From ₹1,300');
    expect(fromPrice(899.5)).toBe('From ₹899.50');
    expect(fromPrice(1500)).toBe('From ₹1,500');
    expect(fromPrice(null)).toBe('No prices listed yet');
  });
});

describe('couponAppliedText', () => {
  it("shows the server's message as one sentence, without repeating the saving", () => {
    const text = couponAppliedText({ code: 'GLOW20', amount: 259.8, message: 'Coupon applied: you save ₹259.80' });
    expect(text).toBe('Coupon applied: you save ₹259.80.');
    expect(text.match(/you save/g)).toHaveLength(1);
  });

  it('does not double a full stop, and names code and saving when there is no message', () => {
    expect(couponAppliedText({ code: 'GLOW20', amount: 100, message: 'Coupon applied: you save ₹100.' })).toBe(
      'Coupon applied: you save ₹100.',
    );
    expect(couponAppliedText({ code: 'GLOW20', amount: 259.8, message: '' })).toBe('GLOW20 applied: you save ₹259.80.');
  });
});

describe('the cancellation toast', () => {
  it('names the wallet credit, a kept payment, or that nothing was prepaid', () => {
    expect(cancelledText({ refundPercent: 50, walletCredit: 139.6 }, 279.2)).toBe(
      'Booking cancelled. ₹139.60 (50%) is back in your wallet.',
    );
    expect(cancelledText({ refundPercent: 0, walletCredit: 0 }, 279.2)).toBe(
      'Booking cancelled. No refund: 0% of the ₹279.20 you paid comes back this close to the appointment.',
    );
    expect(cancelledText({ refundPercent: 100, walletCredit: 0 }, 0)).toBe(
      'Booking cancelled. Nothing was prepaid, so there is nothing to refund.',
    );
  });
});

describe('appointment order', () => {
  it('puts live bookings soonest first, then finished ones most recent first', () => {
    const b = (id: string, status: string, startsAt: string) => ({ id, status, startsAt });
    const list = [
      b('done-old', 'completed', '2026-11-20T05:00:00Z'),
      b('later', 'upcoming', '2026-12-01T05:00:00Z'),
      b('cancelled-recent', 'cancelled', '2026-11-23T05:00:00Z'),
      b('soon', 'confirmed', '2026-11-25T05:00:00Z'),
      b('pending', 'pending', '2026-11-29T05:00:00Z'),
    ];
    expect(byAppointment(list).map((x) => x.id)).toEqual(['soon', 'pending', 'later', 'cancelled-recent', 'done-old']);
    expect(list[0].id).toBe('done-old');
  });
});
