import type { CalendarBlock, CalendarBooking } from '../../../shared/schemas/calendar';
import type { BlockDraft } from './BlockTimeModal';

/** The one modal the desk calendar shows. */
export type CalendarModal =
  | { kind: 'none' }
  /** A booking card's dialog (its actions and the keyboard's way to move it). */
  | { kind: 'booking'; booking: CalendarBooking }
  /** Block time, prefilled. */
  | { kind: 'newBlock'; draft: BlockDraft }
  /** An existing block's details (remove it). */
  | { kind: 'block'; block: CalendarBlock };

export type CalendarModalAction =
  | { type: 'openBooking'; booking: CalendarBooking }
  | { type: 'blockTime'; draft: BlockDraft }
  | { type: 'openBlock'; block: CalendarBlock }
  | { type: 'close' };

export const noCalendarModal: CalendarModal = { kind: 'none' };

export function calendarModalReducer(_state: CalendarModal, action: CalendarModalAction): CalendarModal {
  switch (action.type) {
    case 'openBooking':
      return { kind: 'booking', booking: action.booking };
    case 'blockTime':
      return { kind: 'newBlock', draft: action.draft };
    case 'openBlock':
      return { kind: 'block', block: action.block };
    case 'close':
      return noCalendarModal;
  }
}
