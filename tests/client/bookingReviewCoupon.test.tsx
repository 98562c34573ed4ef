import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDraftAtom, emptyDraft } from '../../src/client/features/booking/draft';
import BookingReview from '../../src/client/pages/booking/BookingReview';
import { renderWithTrpc, type StubHandler } from './trpcStub';

/*
 * The review step's coupon box on react-hook-form with validateCoupon's rule for a code: a blank
 * code is refused before anything is asked, and the server's answer about the code shows under it.
 */
const SALON = '77777777-7777-4777-8777-777777777777';
const SERVICE = '66666666-6666-4666-8666-666666666666';

beforeEach(() => {
  getDefaultStore().set(bookingDraftAtom, {
    ...emptyDraft(),
    salonId: SALON,
    salonName: 'Glow Studio',
    selectedServices: [{ _id: SERVICE, serviceName: "Men's Haircut", duration: 30, price: 400 }],
    selectedDate: '2099-01-05',
    selectedTime: '10:00 AM',
    totalAmount: 400,
    totalDuration: 30,
  });
});
afterEach(cleanup);

function open(validate: StubHandler) {
  return renderWithTrpc(<BookingReview params={{ id: SALON }} />, {
    'users.getWallet': () => ({ data: { balance: 0, entries: [], paging: { page: 1, limit: 50, total: 0, hasMore: false } } }),
    'users.validateCoupon': validate,
  });
}

const box = () => screen.getByTestId('coupon-input') as HTMLInputElement;
const errorOfBox = () => document.getElementById(`${box().id}-error`)?.textContent ?? null;
const apply = () => act(async () => fireEvent.click(screen.getByTestId('apply-coupon')));
const asked = (calls: { path: string; input: unknown }[]) => calls.filter((c) => c.path === 'users.validateCoupon').map((c) => c.input);

describe('the coupon box', () => {
  it('asks for a code before checking one', async () => {
    const { calls } = open(() => ({}));
    await apply();
    expect(errorOfBox()).toBe('Enter a coupon code.');
    expect(asked(calls)).toEqual([]);
  });

  it('checks the code as typed (upper case, trimmed) and applies it', async () => {
    const { calls } = open(() => ({ valid: true, code: 'GLOW10', subtotal: 400, discount: 40, total: 360, message: 'Coupon applied.' }));
    fireEvent.input(box(), { target: { value: ' glow10 ' } });
    expect(box().value).toBe(' GLOW10 ');
    await apply();
    await screen.findByTestId('coupon-applied');
    expect(asked(calls)).toEqual([{ merchantId: SALON, serviceIds: [SERVICE], code: 'GLOW10', bookingDate: '2099-01-05' }]);
    expect(errorOfBox()).toBeNull();
  });

  it('shows why a code does not apply under the box, and the server’s refusal of the code there too', async () => {
    let answer: StubHandler = () => ({
      valid: false,
      code: 'OLD',
      subtotal: 400,
      discount: 0,
      total: 400,
      message: 'This coupon has expired.',
    });
    open((input) => answer(input));
    fireEvent.input(box(), { target: { value: 'OLD' } });
    await apply();
    await waitFor(() => expect(errorOfBox()).toBe('This coupon has expired.'));
    expect(screen.queryByTestId('coupon-applied')).toBeNull();

    answer = () => {
      throw TRPCClientError.from({
        error: { message: 'code: coupon codes are letters and digits', code: -32600, data: { httpStatus: 400, field: 'code' } },
      });
    };
    fireEvent.input(box(), { target: { value: 'OLD!' } });
    await apply();
    await waitFor(() => expect(errorOfBox()).toBe('Coupon codes are letters and digits'));
  });
});
