import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createSalon, createService, createStaff, localDate, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Issue 30 item 1: a booking's page and the desk's QR scan follow the booking's real status. */

let rt: TestRuntime;
let salon: SalonFixture;
let trim: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Sach Salon' });
  trim = await createService(rt, salon.id, { name: 'Beard Trim', duration: 15, price: 150 });
  await createStaff(rt, salon.id, { name: 'Asha' });
});
afterAll(async () => {
  await rt.close();
});

async function book(time: string) {
  const customer = await createCustomer(rt);
  const { data } = await rt
    .caller(customer)
    .users.createBooking({ merchantId: salon.id, serviceIds: [trim], bookingDate: localDate(3), bookingTime: time });
  return { customer, booking: data.booking };
}

describe('a cancelled or completed booking', () => {
  it('has no check-in QR, and the desk’s scan of its old QR is refused with the reason', async () => {
    const { customer, booking } = await book('10:00 AM');
    expect(booking.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    const scan = { bookingId: booking._id, merchantId: salon.id, userId: customer.id };
    await expect(rt.caller(salon.owner).merchants.scanQRForBooking(scan)).resolves.toMatchObject({ booking: { _id: booking._id } });

    await rt.caller(customer).users.cancelBooking({ bookingId: booking._id, reason: 'Travelling that week' });
    const after = await rt.caller(customer).users.getBookingById({ bookingId: booking._id });
    expect(after.data.booking).toMatchObject({ status: 'cancelled', qrCodeImage: null });
    await expect(rt.caller(salon.owner).merchants.scanQRForBooking(scan)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This booking was cancelled by the customer (Travelling that week): it cannot be checked in',
    });
  });

  it('a completed booking’s QR is refused as already completed', async () => {
    const { customer, booking } = await book('11:00 AM');
    await rt.deps.db.updateTable('bookings').set({ status: 'completed', completed_at: new Date() }).where('id', '=', booking._id).execute();
    const after = await rt.caller(customer).users.getBookingById({ bookingId: booking._id });
    expect(after.data.booking).toMatchObject({ status: 'completed', qrCodeImage: null });
    await expect(
      rt.caller(salon.owner).merchants.scanQRForBooking({ bookingId: booking._id, merchantId: salon.id, userId: customer.id }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already completed/) });
  });
});

describe('a customer’s own review (item 13)', () => {
  it('comes with the booking and is marked theirs on the salon page; they edit and delete it', async () => {
    const { customer, booking } = await book('12:00 PM');
    await rt.deps.db.updateTable('bookings').set({ status: 'completed', completed_at: new Date() }).where('id', '=', booking._id).execute();
    await rt.deps.db.updateTable('merchants').set({ is_published: true }).where('id', '=', salon.id).execute();
    const { review } = await rt.caller(customer).reviewRoutes.createReview({ bookingId: booking._id, rating: 3, comment: 'Fine' });
    const mine = async () => (await rt.caller(customer).users.getBookingById({ bookingId: booking._id })).data.booking.review;
    expect(await mine()).toEqual({ _id: review._id, rating: 3, comment: 'Fine' });

    const page = await rt.caller(customer).merchants.getMerchantById({ id: salon.id });
    expect(page.merchant.reviews.find((r) => r._id === review._id)).toMatchObject({ mine: true });
    const anonymous = await rt.caller().merchants.getMerchantById({ id: salon.id });
    expect(anonymous.merchant.reviews.find((r) => r._id === review._id)).toMatchObject({ mine: false });

    await rt.caller(customer).reviewRoutes.updateReview({ reviewId: review._id, rating: 5, comment: 'Lovely, on second thought' });
    expect(await mine()).toEqual({ _id: review._id, rating: 5, comment: 'Lovely, on second thought' });
    const stranger = await createCustomer(rt);
    await expect(rt.caller(stranger).reviewRoutes.updateReview({ reviewId: review._id, rating: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await rt.caller(customer).reviewRoutes.deleteReview({ reviewId: review._id });
    expect(await mine()).toBeNull();
  });
});
