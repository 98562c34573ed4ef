import type { BookingWire } from '../../../shared/schemas/bookings';
import type { SpecialOffersAnswer } from '../../../shared/schemas/discovery';
import { isActiveBookingStatus } from '../../../shared/policy';
import { CHAT_TEXT, QUICK_REPLIES, type ChatIntent, type QuickReply } from '../../../shared/chatIntents';
import { formatClock } from '../../../shared/clock';
import type { UserType } from '../../state/session';
import { longDate } from '../../lib/dates';

/** Most bookings the assistant lists (customer doc, "Chat assistant"). */
export const CHAT_BOOKINGS_LIMIT = 3;
/** Offers named in one answer, as many as the spec's sample names. */
export const CHAT_OFFERS_LIMIT = 3;

export interface ChatBookingLine {
  _id: string;
  salonName: string;
  /** en-US long date, e.g. "March 5, 2026". */
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

export interface AnswerContext {
  userType: UserType | null;
  /** The stored user_id; without it the assistant cannot look bookings up. */
  userId: string | null;
  fetchBookings: (userId: string) => Promise<BookingWire[]>;
  fetchOffers: () => Promise<SpecialOffersAnswer['data']['offers']>;
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

/** The bot's reply to a topic; only bookings and offers touch the network. */
export async function answerFor(intent: ChatIntent, ctx: AnswerContext): Promise<BotAnswer> {
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
    case 'greeting':
      return { text: CHAT_TEXT.greeting, quickReplies: QUICK_REPLIES };
    case 'fallback':
      return { text: CHAT_TEXT.fallback, quickReplies: QUICK_REPLIES };
  }
}
