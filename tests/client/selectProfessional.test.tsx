import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDraftAtom, emptyDraft } from '../../src/client/features/booking/draft';
import SelectProfessional from '../../src/client/pages/booking/SelectProfessional';
import type { MerchantDetailWire } from '../../src/shared/schemas/discovery';
import { renderWithTrpc } from './trpcStub';

/*
 * Issue 37.7: the booking page split into a salon query hook, a draft hook and the steps'
 * components. What the page does with the draft stays as it was.
 */

const SALON = '44444444-4444-4444-8444-444444444444';
const HAIRCUT = '66666666-6666-4666-8666-666666666661';
const FACIAL = '66666666-6666-4666-8666-666666666662';
const BALA = '55555555-5555-4555-8555-555555555552';

const service = (id: string, name: string, category: string) => ({
  _id: id,
  name,
  serviceName: name,
  duration: 30,
  price: 500,
  finalPrice: 500,
  description: '',
  discountType: null,
  discountValue: 0,
  isDiscountActive: false,
  image: null,
  category: { _id: `cat-${category}`, name: category },
});

// The whole answer, as the output schema the stub parses it through requires.
const salon: MerchantDetailWire = {
  _id: SALON,
  shop_Name: 'Glow Studio',
  shop_Owner: 'Asha',
  Shop_Address: '12 FC Road',
  City: 'Pune',
  State: 'Maharashtra',
  Country: 'India',
  shop_type: ['Salon'],
  description: '',
  phone: null,
  official_Email: null,
  location: null,
  timeZone: 'Asia/Kolkata',
  amenities: [],
  gender: 'unisex',
  rating: 0,
  reviewCount: 0,
  reviews: [],
  ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  openingHours: [],
  shop_Images: [],
  isPublished: true,
  isSponsored: false,
  promotionMessage: null,
  lowestPrice: 500,
  socialLinks: [],
  services: [service(HAIRCUT, 'Haircut', 'Hair'), service(FACIAL, 'Facial', 'Skin')],
  categories: [
    { _id: 'cat-Hair', name: 'Hair', icon: null, services: [service(HAIRCUT, 'Haircut', 'Hair')] },
    { _id: 'cat-Skin', name: 'Skin', icon: null, services: [service(FACIAL, 'Facial', 'Skin')] },
  ],
  stylists: [{ _id: BALA, name: 'Bala', role: 'Barber', image: null, specialization: ['Haircut'], status: 'Active', experience: 4 }],
};

const store = getDefaultStore();
const option = (testId: string, attr: string, value: string) =>
  screen.getAllByTestId(testId).find((el) => el.getAttribute(attr) === value)!;

beforeEach(() => {
  store.set(bookingDraftAtom, emptyDraft());
  window.history.pushState({}, '', `/salon/${SALON}/booking/select?service=${HAIRCUT}`);
});
afterEach(() => {
  cleanup();
  store.set(bookingDraftAtom, emptyDraft());
  window.history.pushState({}, '', '/');
});

describe('the booking page after its split', { timeout: 30_000 }, () => {
  it("starts with the link's service, keeps a chosen professional who does it, and falls back to Any when a service is added they do not do", async () => {
    renderWithTrpc(<SelectProfessional params={{ id: SALON }} />, { 'merchants.getMerchantById': () => ({ merchant: salon }) });
    await screen.findByTestId('page-title');
    expect(option('service-option', 'data-service-id', HAIRCUT).getAttribute('aria-checked')).toBe('true');
    expect(store.get(bookingDraftAtom)).toMatchObject({ salonId: SALON, selectedServices: [{ _id: HAIRCUT }] });

    await act(() => void fireEvent.click(option('professional-option', 'data-professional-id', BALA)));
    expect(option('professional-option', 'data-professional-id', BALA).getAttribute('aria-checked')).toBe('true');

    await act(() => void fireEvent.click(option('service-option', 'data-service-id', FACIAL)));
    expect(store.get(bookingDraftAtom).selectedServices.map((s) => s._id)).toEqual([HAIRCUT, FACIAL]);
    expect(store.get(bookingDraftAtom).selectedProfessional?._id).toBeNull();
    // Bala does not do facials: only "Any professional" is offered now.
    expect(screen.getAllByTestId('professional-option').map((el) => el.getAttribute('data-professional-id'))).toEqual(['any']);
    expect(screen.getByTestId('select-bar-detail').textContent).toBe('2 services · 1 hr');
    expect((screen.getByTestId('continue-to-review-bar') as HTMLButtonElement).disabled).toBe(true);
  });
});
