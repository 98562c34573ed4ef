import type { BookingWire } from '../../src/shared/schemas/bookings';
import type { ShopProfileWire } from '../../src/shared/schemas/shop';

/*
 * Whole wire objects as the server sends them, for the client tests' fake servers (whose answers
 * pass the procedures' output schemas): a test overrides the fields it is about.
 */

/** A salon's desk booking of a haircut, upcoming. */
export function bookingFixture(over: Partial<BookingWire> = {}): BookingWire {
  return {
    _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    userId: null,
    merchantId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    staffId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
    salonName: 'Glow Studio',
    salonImage: null,
    shop_Images: [],
    address: '12 FC Road, Pune',
    timeZone: 'Asia/Kolkata',
    bookingDate: '2026-12-10',
    bookingTime: '10:00 AM',
    startsAt: '2026-12-10T04:30:00.000Z',
    endsAt: '2026-12-10T05:00:00.000Z',
    status: 'upcoming',
    subtotal: 400,
    discount: 0,
    totalPrice: 400,
    totalDuration: 30,
    couponCode: null,
    professional: { _id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', name: 'Rutuja Patil', role: 'Stylist', image: null, specialization: [] },
    services: [{ _id: null, serviceName: "Men's Haircut", duration: 30, price: 400 }],
    userDetails: { firstName: 'Tanvi', lastName: 'Deshpande', email: 'tanvi@example.in', phone: '9876543210', profileImage: null },
    deskConfirmation: 'pending',
    qrCodeImage: null,
    scanned: false,
    scannedAt: null,
    paymentReceived: false,
    paymentMethod: 'pay_at_salon',
    amountPaid: 0,
    cancellationReason: null,
    cancelledBy: null,
    cancelledAt: null,
    refundPercent: null,
    refundAmount: null,
    completedAt: null,
    noShowAt: null,
    noShowDispute: null,
    commission: null,
    merchantEarning: null,
    rating: 0,
    reviewCount: 0,
    reviewed: false,
    review: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    ...over,
  };
}

/** A published salon's profile, open 09:00 to 21:00 every day. */
export function shopFixture(over: Partial<ShopProfileWire> = {}): ShopProfileWire {
  return {
    _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    shop_Name: 'Glow Studio',
    shop_Owner: 'Asha Rao',
    email: 'owner@glow.in',
    official_Email: null,
    phone: null,
    Shop_Address: '12 FC Road',
    City: 'Pune',
    State: 'Maharashtra',
    Country: 'India',
    postalCode: null,
    description: '',
    openingHours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((name) => ({
      name,
      enabled: true,
      openTime: '09:00',
      closeTime: '21:00',
    })),
    notificationSettings: [],
    location: null,
    latitude: null,
    longitude: null,
    timeZone: 'Asia/Kolkata',
    amenities: [],
    gender: 'unisex',
    shop_type: ['salon'],
    pricingCharts: [],
    shop_Images: [],
    isPublished: true,
    publishStatus: 'approved',
    publishNote: null,
    rating: 0,
    reviewCount: 0,
    ...over,
  };
}
