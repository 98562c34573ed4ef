import { atom } from 'jotai';

/**
 * What "Book again" could not carry over from the visit (services the salon dropped, a professional
 * who left or no longer offers them), shown once on the salon's booking page it leads to.
 */
export interface BookAgainNotes {
  salonId: string;
  notes: string[];
}

export const bookAgainNotesAtom = atom<BookAgainNotes | null>(null);
