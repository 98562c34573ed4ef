import { CHAT_TEXT, type ChatIntent, parseSearch, QUICK_REPLIES, type QuickReply, type SearchRequest } from '../../../shared/chatIntents';
import { formatClock } from '../../../shared/clock';
import { isActiveBookingStatus } from '../../../shared/policy';
import type { BookingWire } from '../../../shared/schemas/bookings';
import type { SpecialOffersAnswer } from '../../../shared/schemas/discovery';
import { longDate } from '../../lib/dates';
import type { UserType } from '../../state/session';

/** Most bookings the assistant lists (customer doc, "Chat assistant"). */
export const CHAT_BOOKINGS_LIMIT = 3;
/** Offers named in one answer, as many as the spec's sample names. */
export const CHAT_OFFERS_LIMIT = 3;

export interface ChatBookingLine {
  _id: string;
  salonName: string;
  /** The product's date style (shared/dates.ts), e.g. "5 Mar 2026". */
  date: string;
  /** 12-hour time, e.g. "10:30 AM". */
  time: string;
}

export interface ChatLink {
  to: string;
  label: string;
}

/** The spec's chat message (id, text, isUser, timestamp, quick replies) plus what a bot answer shows below its text. */
export interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: Date;
  quickReplies?: readonly QuickReply[];
  bookings?: ChatBookingLine[];
  link?: ChatLink;
  tone?: 'error';
}

export type BotAnswer = Omit<ChatMessage, 'id' | 'isUser' | 'timestamp'>;

export interface ChatSalonResult {
  _id: string;
  name: string;
  city: string;
}

export interface AnswerContext {
  userType: UserType | null;
  /** The stored user_id; without it the assistant cannot look bookings up. */
  userId: string | null;
  fetchBookings: (userId: string) => Promise<BookingWire[]>;
  fetchOffers: () => Promise<SpecialOffersAnswer['data']['offers']>;
  /** merchants/search with the service text and place the message named. */
  fetchSearch: (q: SearchRequest) => Promise<{ total: number; salons: ChatSalonResult[] }>;
  now?: Date;
}

/** Bookings that still lie ahead and hold their slot, soonest first. */
export function upcomingBookings(bookings: BookingWire[], now: Date = new Date(), limit = CHAT_BOOKINGS_LIMIT): ChatBookingLine[] {
  return bookings
    .filter((b) => isActiveBookingStatus(b.status) && new Date(b.startsAt).getTime() > now.getTime())
    .sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime())
    .slice(0, limit)
    .map((b) => {
      return {
        _id: b._id,
        salonName: b.salonName,
        date: longDate(b.bookingDate),
        time: formatClock(b.bookingTime),
      };
    });
}

/** The other topics, so the conversation can go on with a tap. */
function followUps(answered: ChatIntent): readonly QuickReply[] {
  return QUICK_REPLIES.filter((q) => q.response !== answered);
}

async function bookingsAnswer(ctx: AnswerContext): Promise<BotAnswer> {
  if (ctx.userType === 'merchant') {
    return { text: CHAT_TEXT.bookingsMerchant, link: { to: '/merchant/appointments', label: 'Open Appointments' } };
  }
  if (ctx.userType === 'admin') {
    return { text: CHAT_TEXT.bookingsAdmin, link: { to: '/admin/bookings', label: 'Open Bookings' } };
  }
  if (!ctx.userId) return { text: CHAT_TEXT.bookingsLogin, link: { to: '/login', label: 'Log in' } };

  let all: BookingWire[];
  try {
    all = await ctx.fetchBookings(ctx.userId);
  } catch {
    return { text: CHAT_TEXT.bookingsError, tone: 'error' };
  }
  const next = upcomingBookings(all, ctx.now);
  if (next.length === 0) return { text: CHAT_TEXT.bookingsNone, link: { to: '/salons', label: 'Find a salon' } };
  return {
    text: next.length === 1 ? 'Here is your upcoming booking:' : `Here are your next ${next.length} upcoming bookings:`,
    bookings: next,
    link: { to: '/bookings', label: 'View all bookings' },
  };
}

type Offer = SpecialOffersAnswer['data']['offers'][number];

/** "GLOW20 (20% off facials)": the code and the offer's own words, the way the spec's sample reads. */
export function offerPhrase(offer: Pick<Offer, 'code' | 'description' | 'title'>): string {
  const words = (offer.description || offer.title).trim().replace(/\.$/, '');
  // "Buy 1 get 1" reads "buy 1 get 1" mid-sentence; "GLOW..." or "₹200 ..." stay as written.
  const inSentence = /^[A-Z][a-z]/.test(words) ? words[0].toLowerCase() + words.slice(1) : words;
  return `${offer.code} (${inSentence})`;
}

/** The live offers (platform-wide first, soonest to end first) in one sentence; the spec's sample if the call fails. */
async function offersAnswer(ctx: AnswerContext): Promise<BotAnswer> {
  let offers: Offer[];
  try {
    offers = await ctx.fetchOffers();
  } catch {
    return { text: CHAT_TEXT.offersStatic };
  }
  if (offers.length === 0) return { text: CHAT_TEXT.offersNone };
  return {
    text: `Current offers: ${offers.slice(0, CHAT_OFFERS_LIMIT).map(offerPhrase).join(', ')}.`,
    link: offers.length > CHAT_OFFERS_LIMIT ? { to: '/', label: `See all ${offers.length} offers` } : undefined,
  };
}

/** The search page's address for what the message asked (its service and place fields filled in). */
export function searchHref(q: SearchRequest): string {
  const params = new URLSearchParams();
  if (q.service) params.set('service', q.service);
  if (q.place) params.set('location', q.place);
  const query = params.toString();
  return query ? `/salons?${query}` : '/salons';
}

/** Salons SALONS_NAMED at most by name, then the way to the full search. */
export const SALONS_NAMED = 3;

async function searchAnswer(text: string, ctx: AnswerContext): Promise<BotAnswer> {
  const q = parseSearch(text) ?? { service: null, place: null };
  const what = q.service ? `“${q.service}”` : 'salons, spas and parlours';
  const where = q.place ? ` in ${q.place}` : '';
  const link = { to: searchHref(q), label: `See ${q.service ? `${q.service} results` : 'all results'}${where}` };
  let found: { total: number; salons: ChatSalonResult[] };
  try {
    found = await ctx.fetchSearch(q);
  } catch {
    return { text: `Here is the search for ${what}${where}.`, link };
  }
  if (found.total === 0) {
    return {
      text: `I found no places for ${what}${where}. Try another service or area.`,
      link: q.place
        ? { to: searchHref({ service: null, place: q.place }), label: `See all salons in ${q.place}` }
        : { to: '/salons', label: 'See all salons' },
    };
  }
  const names = found.salons.slice(0, SALONS_NAMED).map((s) => s.name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return {
    text: `I found ${found.total === 1 ? '1 place' : `${found.total} places`} for ${what}${where}: ${list}${found.total > names.length ? ' and more' : ''}.`,
    link,
  };
}

/** The bot's reply to a topic; bookings, offers and searches touch the network. */
export async function answerFor(intent: ChatIntent, ctx: AnswerContext, text = ''): Promise<BotAnswer> {
  const withFollowUps = (answer: BotAnswer): BotAnswer => ({ ...answer, quickReplies: followUps(intent) });
  switch (intent) {
    case 'bookings':
      return withFollowUps(await bookingsAnswer(ctx));
    case 'offers':
      return withFollowUps(await offersAnswer(ctx));
    case 'cancellation':
    case 'reschedule':
      return withFollowUps({
        text: CHAT_TEXT[intent],
        link: ctx.userType === 'customer' ? { to: '/bookings', label: 'Go to My Bookings' } : undefined,
      });
    case 'payment':
    case 'support':
      return withFollowUps({ text: CHAT_TEXT[intent] });
    case 'search':
      return withFollowUps(await searchAnswer(text, ctx));
    case 'greeting':
      return { text: CHAT_TEXT.greeting, quickReplies: QUICK_REPLIES };
    case 'fallback':
      return { text: CHAT_TEXT.fallback, quickReplies: QUICK_REPLIES };
  }
}
