import { describe, expect, it } from 'vitest';
import {
  CHAT_TEXT,
  type ChatIntent,
  matchIntent,
  normalizeMessage,
  parseSearch,
  QUICK_REPLIES,
  replyDelayMs,
} from '../../src/shared/chatIntents.js';

const PHRASINGS: Record<ChatIntent, string[]> = {
  bookings: [
    'show my bookings',
    'When is my appointment?',
    'upcoming appointments',
    'Do I have anything booked',
    'MY BOOKING!!!',
    'list my reservations please',
  ],
  cancellation: ['how do refunds work', 'Can I cancel?', 'cancellation policy', 'I want to cancel my booking', 'will I get my money back'],
  reschedule: [
    'Can I reschedule my appointment?',
    'change my booking time',
    'I need a different date',
    'postpone appointment',
    're-schedule',
  ],
  payment: ['can I pay with upi', 'Payment options', 'do you take credit cards?', 'is cash accepted', 'how do I pay', 'Net banking?'],
  offers: ['any offers', 'Discount codes', 'do you have coupons?', 'what deals are running', 'promo code please'],
  support: ['support hours', 'How do I contact you?', 'talk to a human', 'customer care number', 'what time are you open'],
  greeting: ['hi', 'Hello!', 'hey there', 'Good morning', 'namaste 🙏'],
  search: [
    'find me a spa in Bengaluru',
    'Haircut near Koramangala',
    'looking for a facial in Pune today',
    'salons in Mumbai',
    'can you find a good bridal makeup artist',
    'hi, I want to book a pedicure in Andheri',
    'salon near me',
  ],
  fallback: ['what is the weather', 'asdfgh', 'tell me a joke', '', '   ?!  '],
};

describe('matchIntent', () => {
  for (const [intent, phrasings] of Object.entries(PHRASINGS) as [ChatIntent, string[]][]) {
    it(`understands ${phrasings.length} phrasings of ${intent}`, () => {
      for (const text of phrasings) expect(matchIntent(text), text).toBe(intent);
    });
  }

  it('prefers the specific topic over a greeting or a mention of bookings', () => {
    expect(matchIntent('hi, can I cancel my booking?')).toBe('cancellation');
    expect(matchIntent('Hello, any offers on bookings today?')).toBe('offers');
    expect(matchIntent('reschedule my upcoming appointment')).toBe('reschedule');
    expect(matchIntent('hey, show my appointments')).toBe('bookings');
  });

  it('ignores case and punctuation', () => {
    expect(matchIntent('CANCELLATION POLICY???')).toBe('cancellation');
    expect(matchIntent('...payment...options...')).toBe('payment');
    expect(matchIntent("What's UPCOMING?")).toBe('bookings');
  });

  it('does not read a word inside another word', () => {
    // "salon" contains neither "sale" nor "on"; "paying" is payment but "display" is not.
    expect(matchIntent('salon near me')).toBe('search');
    expect(matchIntent('display settings')).toBe('fallback');
  });
});

describe('parseSearch (issue 30 item 14)', () => {
  it('reads the service and the place', () => {
    expect(parseSearch('Find me a spa in Bengaluru')).toEqual({ service: 'spa', place: 'Bengaluru' });
    expect(parseSearch('haircuts near koramangala')).toEqual({ service: 'haircut', place: 'Koramangala' });
    expect(parseSearch('looking for a good facial in navi mumbai tomorrow')).toEqual({ service: 'facial', place: 'Navi Mumbai' });
    expect(parseSearch('salons in Pune')).toEqual({ service: null, place: 'Pune' });
    expect(parseSearch('book a bridal makeup')).toEqual({ service: 'bridal makeup', place: null });
    expect(parseSearch('spa near me')).toEqual({ service: 'spa', place: null });
  });

  it('is not a search without a search word or a place, or when it is about another topic', () => {
    expect(parseSearch('tell me a joke')).toBeNull();
    expect(parseSearch('show my bookings')).toBeNull();
    expect(parseSearch('what is the weather in Delhi')).toBeNull();
    expect(parseSearch('asdfgh')).toBeNull();
  });

  it('lists example searches in the fallback answer', () => {
    expect(CHAT_TEXT.fallback).toMatch(/^Sorry, I didn't quite get that\. I can search salons for you: try “find a spa in Bengaluru”/);
  });
});

describe('normalizeMessage', () => {
  it('lower-cases, drops punctuation and accents and collapses spaces', () => {
    expect(normalizeMessage('  Can   I  CANCEL?! ')).toBe('can i cancel');
    expect(normalizeMessage("What's my booking—today?")).toBe('whats my booking today');
    expect(normalizeMessage('Café')).toBe('cafe');
  });
});

describe('quick replies and texts', () => {
  it('offers a quick reply for every answerable topic, each of which its own text matches', () => {
    const topics = new Set(QUICK_REPLIES.map((q) => q.response));
    expect([...topics].sort()).toEqual(['bookings', 'cancellation', 'offers', 'payment', 'reschedule', 'search', 'support']);
    expect(new Set(QUICK_REPLIES.map((q) => q.id)).size).toBe(QUICK_REPLIES.length);
    for (const q of QUICK_REPLIES) expect(matchIntent(q.text), q.text).toBe(q.response);
  });

  it("states the spec's policy figures", () => {
    expect(CHAT_TEXT.cancellation).toContain('free cancellation up to 2 hours before');
    expect(CHAT_TEXT.cancellation).toContain('50% refund');
    expect(CHAT_TEXT.cancellation).toContain('no refund under 1 hour');
    expect(CHAT_TEXT.reschedule).toContain('up to 4 hours before');
    expect(CHAT_TEXT.payment).toMatch(/UPI and wallets.*cards.*net banking.*cash at the salon for select partners/);
    expect(CHAT_TEXT.support).toContain('9 AM to 9 PM');
    // The spec: GLOW20 (20% off facials), NEWUSER (200 off first booking), WEEKEND (buy 1 get 1).
    expect(CHAT_TEXT.offersStatic).toBe(
      'Current offers: GLOW20 (20% off facials), NEWUSER (₹200 off first booking), WEEKEND (buy 1 get 1).',
    );
    expect(CHAT_TEXT.bookingsError).toBe("Oops! Couldn't fetch your bookings right now. Please try again later");
  });
});

describe('replyDelayMs', () => {
  it('waits 1 to 2 seconds after typed text and 0.8 to 1.4 seconds after a quick reply', () => {
    expect(replyDelayMs('typed', () => 0)).toBe(1000);
    expect(replyDelayMs('typed', () => 0.999999)).toBe(2000);
    expect(replyDelayMs('typed', () => 0.5)).toBe(1500);
    expect(replyDelayMs('quickReply', () => 0)).toBe(800);
    expect(replyDelayMs('quickReply', () => 0.999999)).toBe(1400);
    expect(replyDelayMs('quickReply', () => 0.5)).toBe(1100);
  });
});
