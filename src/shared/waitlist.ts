/** The waitlist's rules both sides need (docs/waitlist.md). */

export const WAITLIST_ENTRY_STATUSES = ['waiting', 'booked', 'cancelled', 'expired'] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

/** open: held for the customer until expiresAt; taken: someone booked the time before they accepted. */
export const WAITLIST_OFFER_STATUSES = ['open', 'accepted', 'expired', 'taken', 'withdrawn'] as const;
export type WaitlistOfferStatus = (typeof WAITLIST_OFFER_STATUSES)[number];

/** How long an offered time is held for one waiting customer before it goes to the next in line. */
export const WAITLIST_HOLD_MINUTES = 15;

/** A customer waits for at most this many days and windows at once. */
export const MAX_WAITING_ENTRIES = 5;

/** The shortest window of start times worth waiting for. */
export const MIN_WAITLIST_WINDOW_MINUTES = 30;
