/*
 * A third-party client of /api written against types that openapi-typescript generates from the
 * live /api/openapi.json (./openapi.d.ts, written by generatedClient.test.ts next to a copy of this
 * file in a scratch directory and type-checked there). It is left out of the project's tsconfig:
 * its types exist only once a server has served its document. At run time the type import is
 * erased and the calls go through openapi-fetch, as a legacy client's would.
 */
import createClient from 'openapi-fetch';
import type { paths } from './openapi';

export interface FlowInput {
  /** `servers[0].url` of the document: the client finds the API where the document says it is. */
  baseUrl: string;
  customer: { firstName: string; lastName: string; email: string; password: string };
  search: { service: string; location: string };
  date: string;
  idempotencyKey: string;
}

/** Thrown with the API's own error body when a step fails. */
export class StepError extends Error {
  constructor(step: string, status: number, body: unknown) {
    super(`${step}: ${status} ${JSON.stringify(body)}`);
  }
}

export async function registerSignInSearchBookCancel(input: FlowInput) {
  const api = createClient<paths>({ baseUrl: input.baseUrl });

  const registered = await api.POST('/users/registerUser', { body: input.customer });
  if (!registered.data) throw new StepError('register', registered.response.status, registered.error);

  const signIn = await api.POST('/users/loginUser/emailLogin', { body: { email: input.customer.email, password: input.customer.password } });
  if (!signIn.data) throw new StepError('sign in', signIn.response.status, signIn.error);
  const token: string = signIn.data.token;
  const userType = signIn.data.userType;
  const headers = { Authorization: `Bearer ${token}` };

  const found = await api.GET('/merchants/search', { params: { query: { service: input.search.service, location: input.search.location, page: 1, limit: 10 } } });
  if (!found.data) throw new StepError('search', found.response.status, found.error);
  const salon = found.data.data.merchants[0];
  if (!salon) throw new StepError('search', found.response.status, 'no salon found');
  const total: number = found.data.data.total;

  const details = await api.GET('/merchants/getMerchantById/{id}', { params: { path: { id: salon._id } } });
  if (!details.data) throw new StepError('salon', details.response.status, details.error);
  const service = details.data.merchant.services.find((s) => s.name.toLowerCase().includes(input.search.service.toLowerCase()));
  if (!service) throw new StepError('salon', details.response.status, 'the service is not on the menu');

  const slots = await api.POST('/users/getAvailableSlots', { body: { merchantId: salon._id, date: input.date, serviceIds: [service._id] }, headers });
  if (!slots.data) throw new StepError('slots', slots.response.status, slots.error);
  const slot = slots.data.data.slots[0];
  if (!slot) throw new StepError('slots', slots.response.status, 'no free slot');

  const booking = { merchantId: salon._id, serviceIds: [service._id], bookingDate: input.date, bookingTime: slot.time };
  const booked = await api.POST('/users/createBooking', { body: booking, params: { header: { 'Idempotency-Key': input.idempotencyKey } }, headers });
  if (!booked.data) throw new StepError('book', booked.response.status, booked.error);
  // A retry after a lost answer: the same key answers the same booking.
  const retried = await api.POST('/users/createBooking', { body: booking, params: { header: { 'Idempotency-Key': input.idempotencyKey } }, headers });
  if (!retried.data) throw new StepError('book again', retried.response.status, retried.error);

  const taken = await api.POST('/users/createBooking', { body: { ...booking, bookingTime: slot.time }, headers });
  const conflict = taken.error ? { status: taken.response.status, message: taken.error.message, code: taken.error.code } : null;

  const cancelled = await api.POST('/users/cancelBooking', { body: { bookingId: booked.data.data.booking._id, reason: 'Plans changed' }, headers });
  if (!cancelled.data) throw new StepError('cancel', cancelled.response.status, cancelled.error);

  const after = await api.POST('/users/getBookingById', { body: { bookingId: booked.data.data.booking._id }, headers });
  if (!after.data) throw new StepError('read back', after.response.status, after.error);

  const anonymous = await api.POST('/users/cancelBooking', { body: { bookingId: booked.data.data.booking._id } });

  return {
    userType,
    total,
    salonId: salon._id,
    serviceId: service._id,
    slot: slot.time,
    bookingStatus: booked.response.status,
    booking: booked.data.data.booking,
    retriedId: retried.data.data.booking._id,
    conflict,
    refundPercent: cancelled.data.data.refundPercent,
    statusAfter: after.data.data.booking.status,
    anonymous: { status: anonymous.response.status, code: anonymous.error?.code },
  };
}
