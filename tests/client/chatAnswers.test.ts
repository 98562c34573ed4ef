import { describe, expect, it } from 'vitest';
import { type AnswerContext, answerFor, offerPhrase, upcomingBookings } from '../../src/client/features/chat/answers.js';
import { CHAT_TEXT, QUICK_REPLIES } from '../../src/shared/chatIntents.js';
import type { BookingWire } from '../../src/shared/schemas/bookings.js';
import type { SpecialOffersAnswer } from '../../src/shared/schemas/discovery.js';

const NOW = new Date('2030-03-10T06:00:00Z');

function booking(over: Partial<BookingWire>): BookingWire {
  return {
    _id: over._id ?? 'b',
    salonName: 'Glow Studio',
    bookingDate: '2030-03-12',
    bookingTime: '10:30 AM',
    startsAt: '2030-03-12T05:00:00Z',
    status: 'upcoming',
    ...over,
  } as BookingWire;
}

type Offer = SpecialOffersAnswer['data']['offers'][number];

function context(over: Partial<AnswerContext> = {}): AnswerContext {
  return {
    userType: 'customer',
    userId: 'u1',
    fetchBookings: async () => [],
    fetchOffers: async () => [],
    fetchSearch: async () => ({ total: 0, salons: [] }),
    now: NOW,
    ...over,
  };
}

describe('upcomingBookings', () => {
  it('keeps active future bookings, soonest first, at most 3, with long date and 12-hour time', () => {
    const list = [
      booking({ _id: 'late', salonName: 'D', bookingDate: '2030-03-20', bookingTime: '18:00', startsAt: '2030-03-20T12:30:00Z' }),
      booking({ _id: 'past', salonName: 'Past', startsAt: '2030-03-09T05:00:00Z', bookingDate: '2030-03-09' }),
      booking({ _id: 'gone', salonName: 'Cancelled', status: 'cancelled' }),
      booking({ _id: 'done', salonName: 'Done', status: 'completed' }),
      booking({ _id: 'a', salonName: 'A', startsAt: '2030-03-11T05:00:00Z', bookingDate: '2030-03-11' }),
      booking({ _id: 'b', salonName: 'B', status: 'confirmed', startsAt: '2030-03-12T05:00:00Z' }),
      booking({ _id: 'c', salonName: 'C', status: 'pending', startsAt: '2030-03-15T05:00:00Z', bookingDate: '2030-03-15' }),
    ];
    const lines = upcomingBookings(list, NOW);
    expect(lines.map((l) => l._id)).toEqual(['a', 'b', 'c']);
    expect(lines[0]).toEqual({ _id: 'a', salonName: 'A', date: '11 Mar 2030', time: '10:30 AM' });
    expect(upcomingBookings(list, NOW, 10).at(-1)).toMatchObject({ _id: 'late', time: '6:00 PM' });
  });
});

describe('answerFor bookings', () => {
  it('lists up to 3 upcoming bookings for a customer with a link to /bookings', async () => {
    const seen: string[] = [];
    const many = ['1', '2', '3', '4'].map((d) =>
      booking({ _id: d, salonName: `S${d}`, startsAt: `2030-03-1${d}T05:00:00Z`, bookingDate: `2030-03-1${d}` }),
    );
    const answer = await answerFor(
      'bookings',
      context({
        fetchBookings: async (id) => {
          seen.push(id);
          return many;
        },
      }),
    );
    expect(seen).toEqual(['u1']);
    expect(answer.bookings?.map((b) => b.salonName)).toEqual(['S1', 'S2', 'S3']);
    expect(answer.link).toEqual({ to: '/bookings', label: 'View all bookings' });
  });

  it('asks to log in without a stored account id, and never calls the server', async () => {
    let called = false;
    const fetchBookings = async () => {
      called = true;
      return [];
    };
    for (const ctx of [context({ userId: null, fetchBookings }), context({ userType: null, userId: null, fetchBookings })]) {
      const answer = await answerFor('bookings', ctx);
      expect(answer.text).toBe(CHAT_TEXT.bookingsLogin);
      expect(answer.link?.to).toBe('/login');
    }
    expect(called).toBe(false);
  });

  it('points a merchant to Appointments and an admin to the admin Bookings page', async () => {
    expect((await answerFor('bookings', context({ userType: 'merchant' }))).link?.to).toBe('/merchant/appointments');
    expect((await answerFor('bookings', context({ userType: 'admin' }))).link?.to).toBe('/admin/bookings');
  });

  it("answers the spec's error text when the fetch fails, and says so when nothing is upcoming", async () => {
    const failed = await answerFor('bookings', context({ fetchBookings: () => Promise.reject(new Error('down')) }));
    expect(failed.text).toBe("Oops! Couldn't fetch your bookings right now. Please try again later");
    expect(failed.tone).toBe('error');
    const none = await answerFor('bookings', context());
    expect(none.text).toBe(CHAT_TEXT.bookingsNone);
    expect(none.bookings).toBeUndefined();
  });
});

describe('answerFor offers and policy', () => {
  it('names up to 3 live offers in one sentence, code and words, the way the spec does', async () => {
    const offer = (code: string, description: string, title = `${code} title`) =>
      ({ code, description, title, expiryDate: null }) as unknown as Offer;
    const three = [offer('GLOW20', '20% off facials'), offer('NEWUSER', '₹200 off first booking'), offer('WEEKEND', 'Buy 1 get 1')];
    const live = await answerFor('offers', context({ fetchOffers: async () => three }));
    expect(live.text).toBe('Current offers: GLOW20 (20% off facials), NEWUSER (₹200 off first booking), WEEKEND (buy 1 get 1).');
    expect(live.text).toBe(CHAT_TEXT.offersStatic);
    expect(live.link).toBeUndefined();

    const more = await answerFor('offers', context({ fetchOffers: async () => [...three, offer('FEST15', 'Festive 15% off.')] }));
    expect(more.text).not.toContain('FEST15');
    expect(more.link).toEqual({ to: '/', label: 'See all 4 offers' });
    const salon = await answerFor('offers', context({ fetchOffers: async () => [offer('FLAT100', '', '₹100 OFF at Glow Studio')] }));
    expect(salon.text).toBe('Current offers: FLAT100 (₹100 OFF at Glow Studio).');
  });

  it('states the spec’s sample offers when the call fails, and says so when there are none', async () => {
    const fallback = await answerFor('offers', context({ fetchOffers: () => Promise.reject(new Error('down')) }));
    expect(fallback.text).toBe(CHAT_TEXT.offersStatic);
    expect((await answerFor('offers', context())).text).toBe(CHAT_TEXT.offersNone);
  });

  it('writes an offer as CODE (words), lower-casing only a leading word', () => {
    expect(offerPhrase({ code: 'WEEKEND', description: 'Buy 1 get 1', title: '' })).toBe('WEEKEND (buy 1 get 1)');
    expect(offerPhrase({ code: 'X1', description: 'GST-free facials.', title: '' })).toBe('X1 (GST-free facials)');
    expect(offerPhrase({ code: 'X2', description: '', title: '20% OFF on your booking' })).toBe('X2 (20% OFF on your booking)');
  });

  it('states the policy texts and offers the other topics as quick replies', async () => {
    const cancel = await answerFor('cancellation', context());
    expect(cancel.text).toBe(CHAT_TEXT.cancellation);
    expect(cancel.quickReplies?.map((q) => q.response)).not.toContain('cancellation');
    expect(cancel.quickReplies).toHaveLength(QUICK_REPLIES.length - 1);
    expect((await answerFor('support', context())).text).toContain('9 AM to 9 PM');
    expect((await answerFor('fallback', context())).quickReplies).toEqual(QUICK_REPLIES);
  });
});

describe('search answers (issue 30 item 14)', () => {
  it('names the salons the search found and links the search page with the service and place', async () => {
    const asked: unknown[] = [];
    const answer = await answerFor(
      'search',
      context({
        fetchSearch: async (q) => {
          asked.push(q);
          return {
            total: 5,
            salons: [
              { _id: 'a', name: 'Lotus Spa', city: 'Bengaluru' },
              { _id: 'b', name: 'Calm Rooms', city: 'Bengaluru' },
              { _id: 'c', name: 'Neem', city: 'Bengaluru' },
            ],
          };
        },
      }),
      'find me a spa in Bengaluru',
    );
    expect(asked).toEqual([{ service: 'spa', place: 'Bengaluru' }]);
    expect(answer.text).toBe('I found 5 places for “spa” in Bengaluru: Lotus Spa, Calm Rooms and Neem and more.');
    expect(answer.link).toEqual({ to: '/salons?service=spa&location=Bengaluru', label: 'See spa results in Bengaluru' });
  });

  it('says when nothing matched, and still links the search when the call fails', async () => {
    const none = await answerFor('search', context(), 'haircut near Koramangala');
    expect(none.text).toBe('I found no places for “haircut” in Koramangala. Try another service or area.');
    expect(none.link).toEqual({ to: '/salons?location=Koramangala', label: 'See all salons in Koramangala' });
    const down = await answerFor('search', context({ fetchSearch: async () => Promise.reject(new Error('offline')) }), 'salons in Pune');
    expect(down).toMatchObject({
      text: 'Here is the search for salons, spas and parlours in Pune.',
      link: { to: '/salons?location=Pune' },
    });
  });
});
