import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import CouponManagement from '../../src/client/pages/admin/CouponManagement';
import Coupons from '../../src/client/pages/merchant/Coupons';
import { readSessionFromStorage, sessionAtom } from '../../src/client/state/session';
import { toast } from '../../src/client/state/toast';
import type { CouponWire } from '../../src/shared/schemas/coupons';
import { renderWithTrpc, resetSession } from './trpcStub';

/*
 * One coupon form (CouponFormModal) for the admin's Platform Coupons and a salon's Coupons: the
 * same fields and rules; a platform coupon is sent without a salon, a salon's with its merchantId.
 */

// happy-dom has no HTMLSelectElement.size (0 in browsers); react-hook-form reads it.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', { configurable: true, get: () => 0 });
}

afterEach(() => {
  cleanup();
  toast.clear();
  resetSession();
});

const SALON = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const COUPON = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const sent = (calls: { path: string; input: unknown }[], path: string) => calls.filter((c) => c.path === path).map((c) => c.input);
const click = (el: HTMLElement) => act(async () => fireEvent.click(el));
const type = (id: string, value: string) => fireEvent.input(document.getElementById(id)!, { target: { value } });

const coupon = (c: Partial<CouponWire>): CouponWire => ({
  _id: COUPON,
  merchantId: null,
  code: 'WELCOME10',
  description: '',
  discountType: 'percentage',
  discountValue: 10,
  minAmount: 0,
  maxDiscount: null,
  validFrom: null,
  validUntil: null,
  expiryDate: null,
  usageLimit: null,
  usedCount: 0,
  active: true,
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  buyOneGetOne: false,
  weekendOnly: false,
  firstBookingOnly: false,
  serviceCategory: null,
  ...c,
});

describe('the coupon form', () => {
  it('makes a platform coupon on the admin screen: sent without a salon', async () => {
    const { calls } = renderWithTrpc(<CouponManagement />, {
      'Coupons.getAllCoupons': () => ({ coupons: [], paging: { page: 1, limit: 200, total: 0, hasMore: false } }),
      'Coupons.createCoupon': () => ({ coupon: coupon({ code: 'FESTIVE20', discountValue: 20 }) }),
    });
    await click(await screen.findByTestId('add-coupon'));
    expect(screen.getByRole('dialog', { name: 'Create Platform Coupon' })).toBeTruthy();
    expect(screen.getByText('Customers can use the code at every salon while it is active and valid.')).toBeTruthy();
    type('coupon-code', 'festive20');
    type('coupon-value', '20');
    await click(screen.getByTestId('coupon-save'));
    await waitFor(() => expect(sent(calls, 'Coupons.createCoupon')).toHaveLength(1));
    const [body] = sent(calls, 'Coupons.createCoupon') as Record<string, unknown>[];
    expect(body).toMatchObject({ code: 'FESTIVE20', discountType: 'percentage', discountValue: 20, minAmount: 0, active: true });
    expect(body.merchantId).toBeUndefined();
  });

  it("edits a salon's coupon on the salon's screen: sent with its merchantId, the same rules refusing first", async () => {
    getDefaultStore().set(sessionAtom, {
      ...readSessionFromStorage(),
      token: 'token',
      userType: 'merchant',
      userRole: 'merchant',
      userId: SALON,
    });
    const mine = coupon({ merchantId: SALON, code: 'GLOW15', discountValue: 15 });
    const { calls } = renderWithTrpc(<Coupons />, {
      'Coupons.getAllCoupons': () => ({ coupons: [mine], paging: { page: 1, limit: 200, total: 1, hasMore: false } }),
      'Coupons.updateCoupon': () => ({ coupon: { ...mine, discountValue: 25 } }),
    });
    await click(await screen.findByRole('button', { name: 'Edit GLOW15' }));
    expect(screen.getByRole('dialog', { name: 'Edit Coupon' })).toBeTruthy();
    expect(screen.getByText('Customers can use the code at this salon while it is active and valid.')).toBeTruthy();
    type('coupon-value', '150');
    await click(screen.getByTestId('coupon-save'));
    expect(document.getElementById('coupon-value-error')?.textContent).toBe('Discount percentage cannot exceed 100%.');
    expect(sent(calls, 'Coupons.updateCoupon')).toEqual([]);

    type('coupon-value', '25');
    await click(screen.getByTestId('coupon-save'));
    await waitFor(() => expect(sent(calls, 'Coupons.updateCoupon')).toHaveLength(1));
    expect(sent(calls, 'Coupons.updateCoupon')[0]).toMatchObject({
      merchantId: SALON,
      couponId: COUPON,
      code: 'GLOW15',
      discountValue: 25,
    });
  });
});
