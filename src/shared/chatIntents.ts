/**
 * The chat assistant's understanding of a message: a pure, rule-based intent matcher plus the
 * policy texts it states (customer doc, "Chat assistant"). No React, no network: the panel turns an
 * intent into an answer, fetching real data where the intent needs it.
 */

export const CHAT_INTENTS = [
  'bookings',
  'cancellation',
  'reschedule',
  'payment',
  'offers',
  'support',
  'search',
  'greeting',
  'fallback',
] as const;
export type ChatIntent = (typeof CHAT_INTENTS)[number];

/** A tappable suggestion; `response` names the answer the bot gives when it is tapped. */
export interface QuickReply {
  id: string;
  text: string;
  response: Exclude<ChatIntent, 'greeting' | 'fallback'>;
}

export const QUICK_REPLIES: readonly QuickReply[] = [
  { id: 'qr-bookings', text: 'My bookings', response: 'bookings' },
  { id: 'qr-cancellation', text: 'Cancellation policy', response: 'cancellation' },
  { id: 'qr-reschedule', text: 'Reschedule', response: 'reschedule' },
  { id: 'qr-payment', text: 'Payment methods', response: 'payment' },
  { id: 'qr-offers', text: 'Offers', response: 'offers' },
  { id: 'qr-support', text: 'Support hours', response: 'support' },
  { id: 'qr-search', text: 'Find a spa in Bengaluru', response: 'search' },
];

/** The policy the spec has the assistant state, word for word where it gives words. */
export const CHAT_TEXT = {
  greeting: "Hi there! I'm your GlowBook assistant. Ask me about your bookings, cancellations, rescheduling, payments or today's offers.",
  cancellation:
    'Cancellation policy: free cancellation up to 2 hours before your appointment; 50% refund if you cancel 1 to 2 hours before; no refund under 1 hour before.',
  reschedule: 'You can reschedule for free up to 4 hours before your appointment. Open My Bookings and choose Reschedule on the booking.',
  payment: 'We accept UPI and wallets, credit and debit cards, net banking, and cash at the salon for select partners.',
  support: 'Our support team is available from 9 AM to 9 PM, every day. You can also reach us through the Contact Us page.',
  // The spec's sample offers, which the demo data carries as live coupons with these rules: the
  // live answer reads the same, and this text stands in when the offers cannot be fetched.
  offersStatic: 'Current offers: GLOW20 (20% off facials), NEWUSER (₹200 off first booking), WEEKEND (buy 1 get 1).',
  offersNone: 'There are no active offers right now. Check back soon!',
  fallback:
    "Sorry, I didn't quite get that. I can search salons for you: try “find a spa in Bengaluru”, “haircut near Koramangala” or “facial in Pune”. I can also help with these:",
  bookingsError: "Oops! Couldn't fetch your bookings right now. Please try again later",
  bookingsLogin: 'Please log in to see your bookings.',
  bookingsNone: 'You have no upcoming bookings. Find a salon and book your next appointment!',
  bookingsMerchant: 'You can see and manage all your salon’s bookings on the Appointments page.',
  bookingsAdmin: 'All bookings on the platform are on the admin Bookings page.',
} as const;

/** Lower-case, punctuation and extra spaces removed, so "Can I cancel?!" reads as "can i cancel". */
export function normalizeMessage(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Checked in this order: a message about cancelling or moving a booking mentions "booking" too,
 * and "hi, any offers?" is about offers, so the specific topics win over bookings and greetings.
 */
const RULES: readonly { intent: Exclude<ChatIntent, 'fallback'>; patterns: readonly RegExp[]; test?: (message: string) => boolean }[] = [
  {
    intent: 'reschedule',
    patterns: [
      /\bre ?schedul\w*/,
      /\bpostpone\w*/,
      /\b(change|move|shift) (the |my )?(booking|appointment|appt|slot|time|date)s?\b/,
      /\b(another|different|new) (time|date|slot|day)\b/,
    ],
  },
  {
    intent: 'cancellation',
    patterns: [/\bcancel\w*/, /\brefund\w*/, /\bmoney back\b/, /\bno show\b/],
  },
  {
    intent: 'payment',
    patterns: [
      /\bpa(y|ys|ying|yment|yments|id)\b/,
      /\b(upi|gpay|google pay|phonepe|paytm|bhim|wallets?|net ?banking|cards?|credit|debit|cash|cod|emi)\b/,
    ],
  },
  {
    intent: 'offers',
    patterns: [
      /\b(offers?|coupons?|discounts?|deals?|promos?|promo codes?|promotions?|vouchers?|cashback|sale)\b/,
      /\b(glow20|newuser|weekend)\b/,
      /\b(percent|%) off\b/,
    ],
  },
  {
    intent: 'support',
    patterns: [
      /\b(support|helpline|help line|customer (care|service)|contact|reach you|call you|email you|phone number)\b/,
      /\b(talk|speak|chat) (to|with) (a |an )?(human|person|agent|someone|representative)\b/,
      /\b(working|support|office|business) hours\b/,
      /\bwhat time (are|do) you (open|close)\b/,
      /\b(are|is) (you|anyone|someone) (available|there|online)\b/,
    ],
  },
  {
    intent: 'bookings',
    patterns: [
      /\b(bookings?|booked|appointments?|appts?|apointments?|reservations?)\b/,
      /\bupcoming\b/,
      /\bmy (visit|visits|schedule|slot|slots)\b/,
    ],
  },
  {
    intent: 'search',
    patterns: [],
    test: (message) => parseSearch(message) !== null,
  },
  {
    intent: 'greeting',
    patterns: [
      /^(hi+|hello+|hey+|hiya|helo|yo|namaste|namaskar|hola|greetings|howdy|sup)\b/,
      /^good (morning|afternoon|evening|day)\b/,
      /^(hi|hello|hey) there\b/,
    ],
  },
];

/** What the message is about; 'fallback' when nothing matches (the bot then offers quick replies). */
export function matchIntent(text: string): ChatIntent {
  const message = normalizeMessage(text);
  if (!message) return 'fallback';
  for (const rule of RULES) {
    if (rule.patterns.some((p) => p.test(message)) || rule.test?.(message)) return rule.intent;
  }
  return 'fallback';
}

/** Reply delay (customer doc): 1 to 2 s after typed text, 0.8 to 1.4 s after a quick reply. */
export function replyDelayMs(source: 'typed' | 'quickReply', random: () => number = Math.random): number {
  const [min, max] = source === 'typed' ? [1000, 2000] : [800, 1400];
  return Math.round(min + random() * (max - min));
}

/** What a "find me a spa in Bengaluru" message asks for: a service (or kind of place) and a place. */
export interface SearchRequest {
  /** null: any salon, spa or parlour. */
  service: string | null;
  /** null: no place named (the search page uses the customer's location if it has one). */
  place: string | null;
}

const SEARCH_VERB =
  /^(?:(?:hi|hello|hey|please|pls|ok|okay)\s+)*(?:(?:can|could|will) you\s+)?(?:(?:i|we)\s+(?:want|need|would like|am looking for|m looking for|are looking for)(?:\s+to\s+(?:find|book|get))?|im looking for|find|search(?:\s+for)?|look(?:ing)?\s+for|show(?:\s+me)?|recommend|suggest|book|get|where\s+(?:can|do)\s+i\s+(?:get|find|book))\b\s*/;
const FILLER = /^(?:me|us|a|an|the|some|any|good|best|nice|great|top|nearby|cheap|affordable|please)\s+/;
const PLACE = /\s+(?:in|near|around|at|nearby)\s+(.+)$/;
const WHEN = /\s+(?:today|tomorrow|tonight|now|please|this (?:week|weekend|evening)|asap)$/;
/** Words that name any salon rather than a service. */
const GENERIC = new Set([
  'salon',
  'salons',
  'parlour',
  'parlours',
  'parlor',
  'parlors',
  'beauty salon',
  'beauty salons',
  'beauty parlour',
  'beauty parlours',
  'place',
  'places',
  'shop',
  'shops',
  'something',
  'one',
  'appointment',
  'slot',
]);
/** Words of other topics: a message with them is not a search. */
const NOT_A_SEARCH =
  /\b(my|booking|bookings|appointment|appointments|offer|offers|coupon|coupons|refund|cancel|reschedule|weather|joke|password|account|support|help)\b/;

const titleCase = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase());
/** "spas" → "spa", "haircuts" → "haircut"; "glass" stays. */
const singular = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

/**
 * Reads a search out of a message ("find me a spa in Bengaluru", "haircut near Koramangala",
 * "salons in Pune"); null when the message is not one. Needs a search verb or a place.
 */
export function parseSearch(text: string): SearchRequest | null {
  let message = normalizeMessage(text).replace(WHEN, '');
  if (!message || NOT_A_SEARCH.test(message)) return null;
  let place: string | null = null;
  const at = PLACE.exec(message);
  if (at) {
    const named = at[1].replace(/^(?:the\s+)?/, '').trim();
    place = named === 'me' || named === 'here' || named === 'by' ? null : named;
    message = message.slice(0, at.index).trim();
  }
  const verb = SEARCH_VERB.exec(message);
  if (verb) message = message.slice(verb[0].length);
  if (!verb && !at) return null;
  while (FILLER.test(message)) message = message.replace(FILLER, '');
  const words = message.split(' ').filter(Boolean);
  if (words.length > 4) return null;
  const what = words.join(' ');
  const service =
    !what || GENERIC.has(what)
      ? null
      : words
          .map(singular)
          .join(' ')
          .replace(/\s+(?:salon|parlour|parlor|studio|place|shop)$/, '');
  if (!service && !place && !verb && !at) return null;
  if (place && place.split(' ').length > 4) return null;
  return { service: service || null, place: place ? titleCase(place) : null };
}
