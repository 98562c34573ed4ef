import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salonToday } from '../../src/client/features/booking/format';
import { DeskBookingModal } from '../../src/client/features/bookingDesk/DeskBookingModal';
import { appStore } from '../../src/client/state/session';
import { toast, toastsAtom } from '../../src/client/state/toast';
import { longDate } from '../../src/shared/dates';
import type { BookingWire } from '../../src/shared/schemas/bookings';
import { addDays } from '../../src/shared/slots';
import { renderWithTrpc, type StubCall, type StubHandler } from './trpcStub';
import { bookingFixture, shopFixture } from './wireFixtures';

const MERCHANT = '44444444-4444-4444-8444-444444444444';
const CUT = '66666666-6666-4666-8666-666666666666';
const SPA = '77777777-7777-4777-8777-777777777777';
const RETIRED = '88888888-8888-4888-8888-888888888888';
const RUTUJA = '55555555-5555-4555-8555-555555555555';
const AWAY = '99999999-9999-4999-8999-999999999999';
const DATE = addDays(salonToday('Asia/Kolkata'), 3);

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function service(id: string, name: string, duration: number, price: number, over: Record<string, unknown> = {}) {
  return {
    _id: id,
    merchantId: MERCHANT,
    name,
    category: null,
    selectedCategoryId: null,
    categoryName: 'Hair',
    description: '',
    duration,
    price,
    discountType: null,
    discountValue: 0,
    isDiscountActive: false,
    finalPrice: price,
    active: true,
    image: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    rebookWeeks: null,
    ...over,
  };
}

function staff(id: string, name: string, status: string) {
  return {
    _id: id,
    merchantId: MERCHANT,
    name,
    role: 'Stylist',
    status,
    email: null,
    phone: null,
    rate: 0,
    avatar: null,
    specialization: [],
    experience: 3,
    workingHours: [],
    daysOff: [],
    totalBookings: 0,
    totalEarnings: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function bookingAnswer(input: { bookingDate: string; bookingTime: string }): { data: { booking: BookingWire } } {
  return {
    data: {
      booking: bookingFixture({
        bookingDate: input.bookingDate,
        bookingTime: input.bookingTime,
        services: [
          { _id: CUT, serviceName: "Men's Haircut", duration: 30, price: 400 },
          { _id: SPA, serviceName: 'Hair Spa', duration: 60, price: 1200 },
        ],
      }),
    },
  };
}

function slots(times: string[]) {
  return {
    data: {
      date: DATE,
      timeZone: 'Asia/Kolkata',
      totalDuration: 30,
      totalPrice: 400,
      slots: times.map((time) => ({ time, staffIds: [RUTUJA] })),
    },
  };
}

function open(createSlot: StubHandler, available: () => string[] = () => ['10:00 AM', '10:30 AM', '2:00 PM']) {
  const onClose = vi.fn();
  const onBooked = vi.fn();
  const view = renderWithTrpc(<DeskBookingModal open merchantId={MERCHANT} onClose={onClose} onBooked={onBooked} />, {
    'merchants.getShop': () => ({
      shop: shopFixture({
        _id: MERCHANT,
        timeZone: 'Asia/Kolkata',
        openingHours: DAYS.map((name) => ({ name, enabled: true, openTime: '09:00', closeTime: '21:00' })),
      }),
    }),
    'services.getAllServices': () => ({
      services: [
        service(CUT, "Men's Haircut", 30, 400),
        service(SPA, 'Hair Spa', 60, 1500, { finalPrice: 1200 }),
        service(RETIRED, 'Old Facial', 45, 900, { active: false }),
      ],
    }),
    'merchants.getAllStaffByMerchant': () => ({
      staff: [staff(RUTUJA, 'Rutuja Patil', 'Active'), staff(AWAY, 'Kavya Rao', 'On Leave')],
      summary: { totalStaff: 2, activeStaff: 1, totalBookings: 0, totalEarnings: 0 },
    }),
    'users.getAvailableSlots': () => slots(available()),
    'merchants.createSlot': createSlot,
  });
  return { ...view, onClose, onBooked };
}

const modal = () => screen.getByTestId('desk-booking-modal');
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByTestId('desk-booking-submit')));
const createCalls = (calls: StubCall[]) => calls.filter((c) => c.path === 'merchants.createSlot');
const slotCalls = (calls: StubCall[]) => calls.filter((c) => c.path === 'users.getAvailableSlots');

async function chooseServicesAndTime(ids: string[], time: string) {
  await screen.findAllByTestId('desk-service');
  for (const id of ids) {
    const box = screen.getAllByTestId('desk-service').find((el) => el.getAttribute('data-service-id') === id)!;
    await act(async () => fireEvent.click(box));
  }
  await act(async () => fireEvent.click(screen.getByTestId(`desk-date-${DATE}`)));
  const slot = (await screen.findAllByTestId('desk-slot')).find((el) => el.getAttribute('data-time') === time)!;
  await act(async () => fireEvent.click(slot));
}

afterEach(() => {
  cleanup();
  toast.clear();
});

describe('Book a slot (the desk books a free time for a customer)', () => {
  it('lists the active services with duration and price, and the active professionals after "Any professional"', async () => {
    open(() => null);
    const rows = await screen.findAllByTestId('desk-service');
    expect(rows.map((r) => r.getAttribute('data-service-id'))).toEqual([CUT, SPA]);
    const list = screen.getByTestId('desk-services');
    expect(list.textContent).toContain("Men's Haircut");
    expect(list.textContent).toContain('30 min');
    expect(list.textContent).toContain('₹400');
    expect(list.textContent).toContain('1 hr');
    expect(list.textContent).toContain('₹1,200');
    expect(list.textContent).not.toContain('Old Facial');
    const select = screen.getByTestId('desk-staff') as HTMLSelectElement;
    await screen.findByRole('option', { name: /Rutuja Patil/ });
    expect([...select.options].map((o) => o.text)).toEqual(['Any professional', 'Rutuja Patil · Stylist']);
  });

  it('shows the validation messages and calls nothing until the form is complete', async () => {
    const { calls } = open(() => {
      throw new Error('should not be called');
    });
    await screen.findAllByTestId('desk-service');
    await submit();
    const text = modal().textContent;
    expect(text).toContain('Name is required.');
    expect(text).toContain('Mobile number is required.');
    expect(text).toContain('Email is required.');
    expect(text).toContain('Choose at least one service.');
    expect(text).toContain('Choose a service, then a time.');

    type('desk-name', 'Tanvi Deshpande');
    type('desk-mobile', '12345');
    type('desk-email', 'not-an-email');
    await submit();
    expect(modal().textContent).toContain('Enter a valid 10-digit mobile number.');
    expect(modal().textContent).toContain('Enter a valid email address.');
    expect(modal().textContent).not.toContain('Name is required.');

    // Mobile digits only: letters typed are dropped.
    type('desk-mobile', '98a76-54 3210');
    expect((document.getElementById('desk-mobile') as HTMLInputElement).value).toBe('9876543210');
    type('desk-email', 'tanvi@example.in');
    await act(async () => fireEvent.click((await screen.findAllByTestId('desk-service'))[0]));
    await submit();
    expect(modal().textContent).toContain('Choose a time.');
    expect(createCalls(calls)).toEqual([]);
  });

  it('sends the services, the date and time and the customer, without a professional for "Any"; then toasts and hands the booking back', async () => {
    const { calls, onBooked } = open((input) => bookingAnswer(input as { bookingDate: string; bookingTime: string }));
    type('desk-name', '  Tanvi Deshpande ');
    type('desk-mobile', '9876543210');
    type('desk-email', 'Tanvi@Example.in');
    await chooseServicesAndTime([CUT, SPA], '2:00 PM');
    expect(screen.getByTestId('desk-services-total').textContent).toBe('2 selected · 1 hr 30 min · ₹1,600');
    // The picker asked for the free times of both services with any professional.
    expect(slotCalls(calls).at(-1)?.input).toEqual({ merchantId: MERCHANT, date: DATE, serviceIds: [CUT, SPA] });
    await submit();

    const sent = createCalls(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0].input).toEqual({
      merchantId: MERCHANT,
      serviceIds: [CUT, SPA],
      bookingDate: DATE,
      bookingTime: '2:00 PM',
      name: 'Tanvi Deshpande',
      mobile: '9876543210',
      email: 'tanvi@example.in',
    });
    expect(sent[0].input).not.toHaveProperty('staffId');
    expect(onBooked).toHaveBeenCalledTimes(1);
    const longDay = longDate(DATE);
    expect(appStore.get(toastsAtom).map((t) => t.message)).toContain(
      `Booked Men's Haircut, Hair Spa for Tanvi Deshpande on ${longDay} at 2:00 PM. tanvi@example.in gets an e-mail to confirm it.`,
    );
  });

  it('sends the chosen professional', async () => {
    const { calls } = open((input) => bookingAnswer(input as { bookingDate: string; bookingTime: string }));
    type('desk-name', 'Tanvi Deshpande');
    type('desk-mobile', '9876543210');
    type('desk-email', 'tanvi@example.in');
    await screen.findByRole('option', { name: /Rutuja Patil/ });
    fireEvent.change(screen.getByTestId('desk-staff'), { target: { value: RUTUJA } });
    await chooseServicesAndTime([CUT], '10:00 AM');
    expect(slotCalls(calls).at(-1)?.input).toMatchObject({ staffId: RUTUJA });
    await submit();
    expect(createCalls(calls)[0].input).toMatchObject({ serviceIds: [CUT], staffId: RUTUJA, bookingTime: '10:00 AM' });
  });

  it('on a 409 shows the message, keeps the form open and reloads the free times without the taken one', async () => {
    let free = ['10:00 AM', '10:30 AM', '2:00 PM'];
    const { calls, onBooked } = open(
      () => {
        free = ['10:00 AM', '2:00 PM'];
        throw TRPCClientError.from({
          error: {
            message: 'This time slot is no longer available',
            code: -32603,
            data: { httpStatus: 409, code: 'CONFLICT', field: null },
          },
        });
      },
      () => free,
    );
    type('desk-name', 'Tanvi Deshpande');
    type('desk-mobile', '9876543210');
    type('desk-email', 'tanvi@example.in');
    await chooseServicesAndTime([CUT], '10:30 AM');
    const before = slotCalls(calls).length;
    await submit();

    const alert = await screen.findByTestId('desk-booking-error');
    expect(alert.textContent).toBe('This time slot is no longer available');
    expect(onBooked).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(slotCalls(calls).length).toBeGreaterThan(before));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId('desk-slot').map((b) => b.getAttribute('data-time'))).toEqual(['10:00 AM', '2:00 PM']),
    );
    // No time stays chosen; the customer's details stay for the next try.
    expect(screen.getAllByTestId('desk-slot').every((b) => b.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect((document.getElementById('desk-name') as HTMLInputElement).value).toBe('Tanvi Deshpande');
  });

  it('shows a refusal that names a field under that field', async () => {
    open(() => {
      throw TRPCClientError.from({
        error: {
          message: 'email: this e-mail belongs to a salon or admin account; enter the customer’s own',
          code: -32600,
          data: { httpStatus: 400, code: 'BAD_REQUEST', field: 'email' },
        },
      });
    });
    type('desk-name', 'Tanvi Deshpande');
    type('desk-mobile', '9876543210');
    type('desk-email', 'merchant@demo.in');
    await chooseServicesAndTime([CUT], '10:00 AM');
    await submit();
    const error = await screen.findByTestId('desk-email-error');
    expect(error.textContent).toBe('This e-mail belongs to a salon or admin account; enter the customer’s own');
    expect(within(modal()).queryByTestId('desk-booking-error')).toBeNull();
  });
});
