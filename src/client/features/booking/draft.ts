import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { readJson, STORAGE_KEYS, writeJson } from '../../state/storage';

export interface DraftService {
  _id: string;
  serviceName: string;
  duration: number;
  price: number;
}

export interface DraftProfessional {
  /** null: "Any professional". */
  _id: string | null;
  name: string;
  role: string;
  image: string | null;
  specialization: string[];
}

/** The local booking draft (customer doc, Entities). */
export interface BookingDraft {
  selectedServices: DraftService[];
  selectedProfessional: DraftProfessional | null;
  selectedDate: string | null;
  selectedTime: string | null;
  salonId: string | null;
  salonName: string;
  salonImage: string | null;
  totalAmount: number;
  totalDuration: number;
  bookingStatus: 'pending' | 'upcoming';
  bookingId: string;
  createdAt: string;
}

export const BOOKING_DRAFT_KEY = 'bookingDraft';

export const ANY_PROFESSIONAL: DraftProfessional = {
  _id: null,
  name: 'Any professional',
  role: 'First available',
  image: null,
  specialization: [],
};

/** A local booking id: 'BK', digits, then random text. */
export function localBookingId(): string {
  return `BK${Date.now()}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

export function emptyDraft(): BookingDraft {
  return {
    selectedServices: [],
    selectedProfessional: null,
    selectedDate: null,
    selectedTime: null,
    salonId: null,
    salonName: '',
    salonImage: null,
    totalAmount: 0,
    totalDuration: 0,
    bookingStatus: 'pending',
    bookingId: localBookingId(),
    createdAt: new Date().toISOString(),
  };
}

export function totalsOf(services: DraftService[]): { totalAmount: number; totalDuration: number } {
  return {
    totalAmount: Math.round(services.reduce((sum, s) => sum + s.price, 0) * 100) / 100,
    totalDuration: services.reduce((sum, s) => sum + s.duration, 0),
  };
}

/** Kept in localStorage so a reload, or the detour through sign-in, keeps the customer's choices. */
export const bookingDraftAtom = atomWithStorage<BookingDraft>(
  BOOKING_DRAFT_KEY,
  emptyDraft(),
  createJSONStorage(() => localStorage),
  { getOnInit: true },
);

export const resetDraftAtom = atom(null, (_get, set) => set(bookingDraftAtom, emptyDraft()));

/** Small stable hash, so the idempotency key changes whenever the selection does. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * One key per draft and selection: retrying the same confirmation answers the same booking, while
 * a different time or service after a failed attempt is a new request.
 */
export function idempotencyKeyFor(draft: BookingDraft): string {
  const selection = [
    draft.salonId,
    draft.selectedProfessional?._id ?? 'any',
    draft.selectedDate,
    draft.selectedTime,
    ...draft.selectedServices.map((s) => s._id),
  ].join('|');
  return `${draft.bookingId}-${hash(selection)}`;
}

/** A locally confirmed booking as the spec's 'confirmedBookings' store holds it. */
export interface ConfirmedBooking {
  id: string;
  localId: string;
  salonId: string;
  salonName: string;
  salonImage: string | null;
  services: DraftService[];
  professional: { name: string; role: string; image: string | null; specialization: string[] };
  date: string;
  time: string;
  totalAmount: number;
  totalDuration: number;
  status: 'upcoming';
  createdAt: string;
}

const CONFIRMED_KEEP = 50;

export function readConfirmedBookings(): ConfirmedBooking[] {
  const list = readJson<unknown>(STORAGE_KEYS.confirmedBookings, []);
  return Array.isArray(list) ? (list as ConfirmedBooking[]) : [];
}

export function saveConfirmedBooking(booking: ConfirmedBooking): void {
  const rest = readConfirmedBookings().filter((b) => b.id !== booking.id);
  writeJson(STORAGE_KEYS.confirmedBookings, [booking, ...rest].slice(0, CONFIRMED_KEEP));
}
