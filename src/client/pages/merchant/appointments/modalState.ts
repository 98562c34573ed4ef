import type { BookingWire } from '../../../../shared/schemas/bookings';
import type { CreateRequest } from '../../../features/calendar/DeskCalendar';

/** The one modal the appointments desk shows (the QR scanner may sit over it: see `scanning`). */
export type DeskModal =
  | { kind: 'none' }
  | { kind: 'details'; booking: BookingWire }
  /** bookingId '' and booking null: "Enter booking ID" with an empty field. */
  | { kind: 'confirm'; bookingId: string; booking: BookingWire | null }
  | { kind: 'cancel'; booking: BookingWire }
  | { kind: 'complete'; booking: BookingWire }
  | { kind: 'noShow'; booking: BookingWire }
  | { kind: 'book'; prefill: CreateRequest | null };

export interface DeskModalState {
  modal: DeskModal;
  /** The QR scanner is open, over whatever modal is (the confirm modal's "Scan" keeps it underneath). */
  scanning: boolean;
}

export type DeskModalAction =
  | { type: 'view'; booking: BookingWire }
  | { type: 'confirm'; booking: BookingWire }
  | { type: 'enterId' }
  | { type: 'cancel'; booking: BookingWire }
  | { type: 'complete'; booking: BookingWire }
  | { type: 'noShow'; booking: BookingWire }
  | { type: 'book'; prefill: CreateRequest | null }
  | { type: 'scan' }
  | { type: 'closeScan' }
  /** The scanner read a booking: it closes and the confirm modal opens on that booking. */
  | { type: 'scanned'; booking: BookingWire }
  /** A desk modal changed this booking: open details of it show it as it is now. */
  | { type: 'moved'; booking: BookingWire }
  | { type: 'close' };

export const initialDeskModalState: DeskModalState = { modal: { kind: 'none' }, scanning: false };

export function deskModalReducer(state: DeskModalState, action: DeskModalAction): DeskModalState {
  switch (action.type) {
    case 'view':
      return { ...state, modal: { kind: 'details', booking: action.booking } };
    case 'confirm':
      return { ...state, modal: { kind: 'confirm', bookingId: action.booking._id, booking: action.booking } };
    case 'enterId':
      return { ...state, modal: { kind: 'confirm', bookingId: '', booking: null } };
    case 'cancel':
      return { ...state, modal: { kind: 'cancel', booking: action.booking } };
    case 'complete':
      return { ...state, modal: { kind: 'complete', booking: action.booking } };
    case 'noShow':
      return { ...state, modal: { kind: 'noShow', booking: action.booking } };
    case 'book':
      return { ...state, modal: { kind: 'book', prefill: action.prefill } };
    case 'scan':
      return state.scanning ? state : { ...state, scanning: true };
    case 'closeScan':
      return { ...state, scanning: false };
    case 'scanned':
      return { scanning: false, modal: { kind: 'confirm', bookingId: action.booking._id, booking: action.booking } };
    case 'moved':
      return state.modal.kind === 'details' && state.modal.booking._id === action.booking._id
        ? { ...state, modal: { kind: 'details', booking: action.booking } }
        : state;
    case 'close':
      return { ...state, modal: { kind: 'none' } };
  }
}

/** The booking a modal of this kind is about, or null when another (or none) shows. */
export function subjectOf(modal: DeskModal, kind: 'details' | 'cancel' | 'complete' | 'noShow'): BookingWire | null {
  return modal.kind === kind && 'booking' in modal ? modal.booking : null;
}
