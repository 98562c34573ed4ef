import { MAX_POINTS_PER_BOOKING, REWARD_POINTS, REWARD_VALUE, RUPEES_PER_POINT } from '../../../shared/loyalty';
import { BOOKING_HORIZON_DAYS, COMMISSION_RATE, RESCHEDULE_MIN_HOURS } from '../../../shared/policy';
import type { StaticContent } from './StaticPage';

/*
 * Static copy of the content pages. Figures that are product rules (refund tiers, reschedule
 * window, commission, loyalty) come from the shared rule modules, so the pages never disagree
 * with what the server does.
 */

const UPDATED = '22 November 2026';
const COMMISSION = `${Math.round(COMMISSION_RATE * 100)}%`;

export const FAQ_ENTRIES: { q: string; a: string; topic: 'Booking' | 'Payments' | 'Account' | 'Salons' }[] = [
  {
    topic: 'Booking',
    q: 'How do I book an appointment?',
    a: 'Search for a service or salon, open the salon, pick your services, a professional (or "any professional"), a date and a free time, then confirm. You get a confirmation with a QR code to show at the salon.',
  },
  {
    topic: 'Booking',
    q: 'How far ahead can I book?',
    a: `Up to ${BOOKING_HORIZON_DAYS} days ahead, in 15-minute steps, during the salon's opening hours.`,
  },
  {
    topic: 'Booking',
    q: 'Can I cancel a booking?',
    a: 'Yes, from My Bookings. Cancel up to 2 hours before the appointment for a full refund; between 2 hours and 1 hour before you get 50% back; in the last hour there is no refund. If the salon cancels, you always get everything back.',
  },
  {
    topic: 'Booking',
    q: 'Can I reschedule?',
    a: `Free of charge, up to ${RESCHEDULE_MIN_HOURS} hours before your appointment, to any free time at the same salon.`,
  },
  {
    topic: 'Booking',
    q: 'Will I get a reminder?',
    a: 'Yes: a day before and two hours before each appointment, in the app, by e-mail and (if you allow notifications) on your phone. You can switch each of these off in Profile Settings.',
  },
  {
    topic: 'Payments',
    q: 'How can I pay?',
    a: 'Pay at the salon by UPI, card or cash, or pay in advance from your GlowBook wallet at checkout. Some partner salons also accept wallets and net banking at the counter.',
  },
  {
    topic: 'Payments',
    q: 'Where do refunds go?',
    a: 'Refunds for bookings paid from your wallet go straight back to your wallet, the moment you cancel. Bookings you chose to pay at the salon were not charged, so there is nothing to refund.',
  },
  {
    topic: 'Payments',
    q: 'How do gift cards work?',
    a: 'Buy a gift card from ₹500 to ₹10,000 on the Gift Cards page and we e-mail the code to the person you choose. Redeeming the code adds the amount to their wallet.',
  },
  {
    topic: 'Payments',
    q: 'How do loyalty points work?',
    a: `You earn 1 point for every ₹${RUPEES_PER_POINT} of a completed, paid booking at a listed salon (at most ${MAX_POINTS_PER_BOOKING} points a booking). ${REWARD_POINTS} points give you a ₹${REWARD_VALUE} off code on My Rewards.`,
  },
  {
    topic: 'Account',
    q: 'I forgot my password.',
    a: 'Use "Forgot password?" on the sign-in page: we e-mail you a 6-digit code that works once, for 10 minutes. You can also sign in with a one-time code sent by e-mail or WhatsApp.',
  },
  { topic: 'Account', q: 'How do I change my phone number or photo?', a: 'Open My Profile from the menu under your name.' },
  {
    topic: 'Salons',
    q: 'Are the reviews real?',
    a: 'Only customers whose booking was completed can review it, once. Salon owners can reply publicly but cannot remove reviews.',
  },
  {
    topic: 'Salons',
    q: 'I own a salon. How do I join?',
    a: `Create a business account, add your services, team, hours and photos, then request publishing. Our team checks your profile and you go live. We charge ${COMMISSION} commission on completed bookings, nothing else.`,
  },
];

export const SUPPORT_HOURS = '9 AM to 9 PM, every day';

export const ABOUT: StaticContent = {
  eyebrow: 'About GlowBook',
  title: 'Beauty and wellness, booked in a few taps',
  intro:
    'GlowBook helps people across India find trusted salons, spas and parlours near them, and book the right professional at a time that suits them.',
  sections: [
    {
      heading: 'Why we started',
      body: [
        'Booking a haircut still meant phone calls, waiting and guesswork about prices. Salon owners, meanwhile, ran their day from a paper register. We built one place where both sides see the same, real availability.',
      ],
    },
    {
      heading: 'What we believe',
      body: [
        '- Prices and durations shown up front, before you book.',
        '- Reviews only from customers who actually visited.',
        '- Fair, simple rules for cancelling and rescheduling.',
        '- Tools that help independent salons grow, not just chains.',
      ],
    },
    {
      heading: 'Where we are',
      body: ['Salons in Bengaluru, Mumbai, Delhi, Hyderabad, Pune and Chennai are on GlowBook today, with more cities every month.'],
    },
  ],
  cta: { label: 'Find a salon', href: '/salons', note: 'See who is free near you today.' },
};

export const PRIVACY: StaticContent = {
  title: 'Privacy Policy',
  intro: 'What we collect, why, and what you control. Written in plain language; it is part of our Terms.',
  updated: UPDATED,
  sections: [
    {
      heading: 'What we collect',
      body: [
        '- Account details: name, e-mail, phone number, photo if you add one.',
        '- Bookings: salon, services, professional, date and time, payments and refunds.',
        '- Reviews and messages you send us.',
        '- Your location, only when you tap the location pin, to show salons near you. We do not track you in the background.',
      ],
    },
    {
      heading: 'Why we use it',
      body: [
        'To run your bookings, send confirmations and reminders, process refunds to your wallet, prevent fraud (for example repeated failed sign-ins), and improve search results.',
      ],
    },
    {
      heading: 'Who sees it',
      body: [
        'The salon you book sees your name, phone number and booking. Payment and messaging providers process what they need to deliver a payment, e-mail, SMS or WhatsApp message. We never sell personal data.',
      ],
    },
    {
      heading: 'Your choices',
      body: [
        'Switch e-mail, push and marketing messages on or off in Profile Settings. You can ask for a copy of your data or for your account to be deleted through the Contact page; we answer within 30 days, as the Digital Personal Data Protection Act, 2023 requires.',
      ],
    },
    {
      heading: 'Security and retention',
      body: [
        'Passwords are stored as salted one-way hashes; one-time codes expire after 10 minutes. Booking records are kept for 8 years for tax purposes; everything else is deleted when you close your account.',
      ],
    },
  ],
};

export const TERMS: StaticContent = {
  title: 'Terms and Conditions',
  intro: 'The rules for using GlowBook as a customer or as a salon.',
  updated: UPDATED,
  sections: [
    {
      heading: 'Bookings',
      body: [
        'A booking is a contract between you and the salon. GlowBook provides the booking platform and handles prepaid money on behalf of the salon.',
      ],
    },
    {
      heading: 'Cancellations and refunds',
      body: [
        '- Up to 2 hours before the appointment: 100% refund of what you prepaid.',
        '- Between 2 hours and 1 hour before: 50% refund.',
        '- In the last hour, or if you do not show up: no refund.',
        '- If the salon cancels: 100% refund, always.',
        `- Rescheduling is free up to ${RESCHEDULE_MIN_HOURS} hours before the appointment.`,
      ],
    },
    {
      heading: 'Wallet, gift cards and rewards',
      body: [
        'Wallet balance can be used for bookings and gift cards on GlowBook; it cannot be withdrawn as cash. Gift card codes can be redeemed once. Reward codes are personal, single use, and expire on the date shown.',
      ],
    },
    {
      heading: 'Salons',
      body: [
        `Salons keep their listing accurate (services, prices, hours, photos) and honour confirmed bookings. GlowBook charges ${COMMISSION} commission on completed bookings. We may unpublish a salon that repeatedly cancels or misleads customers.`,
      ],
    },
    {
      heading: 'Reviews',
      body: ['Reviews must describe a real visit and must not contain abuse or personal data. We remove reviews that break these rules.'],
    },
  ],
};

export const COOKIES: StaticContent = {
  title: 'Cookie Policy',
  intro: 'GlowBook uses your browser’s storage only for what the app needs to work.',
  updated: UPDATED,
  sections: [
    {
      heading: 'What we store',
      body: [
        '- Your sign-in session, so you stay signed in.',
        '- Recently viewed salons (up to 10), kept only on your device.',
        '- Your last chosen location, to show nearby salons.',
        '- Whether you have seen the welcome screen and answered the notification prompt.',
      ],
    },
    {
      heading: 'What we do not do',
      body: ['No advertising cookies and no third-party trackers. We do not share browsing data with anyone.'],
    },
    { heading: 'Clearing it', body: ['Signing out removes your session. Clearing your browser’s site data removes everything else.'] },
  ],
};

export const SERVICES: StaticContent = {
  eyebrow: 'Services',
  title: 'Everything for your hair, skin, nails and well-being',
  intro: 'Browse hundreds of services from verified salons, spas and parlours, with prices and durations shown before you book.',
  sections: [
    { heading: 'Hair', body: ['Haircuts and styling, colour and highlights, keratin and smoothing treatments, hair spa, bridal hair.'] },
    { heading: 'Skin', body: ['Clean-ups, fruit and hydra facials, de-tan, bleach, waxing and threading.'] },
    { heading: 'Nails', body: ['Manicures, pedicures, gel and acrylic extensions, nail art.'] },
    {
      heading: 'Spa and wellness',
      body: ['Swedish and deep-tissue massage, Ayurvedic therapies, reflexology, physiotherapy and yoga sessions.'],
    },
    { heading: 'Make-up', body: ['Party and bridal make-up, with trials at many partner studios.'] },
  ],
  cta: { label: 'Search services', href: '/salons' },
};

export const PARTNER: StaticContent = {
  eyebrow: 'For salon owners',
  title: 'Partner with GlowBook',
  intro: 'Fill empty chairs, cut no-shows, and run your day from one screen. Free to list; you pay only when a booking is completed.',
  sections: [
    {
      heading: 'What you get',
      body: [
        '- A listing with your services, prices, team, photos and reviews.',
        '- Online bookings around the clock, with real-time availability per stylist.',
        '- Reminders sent to customers a day and two hours before, so fewer no-shows.',
        '- QR check-in at the counter and a calendar of your day.',
      ],
    },
    {
      heading: 'What it costs',
      body: [`${COMMISSION} of each completed booking. No set-up fee. Subscription plans add marketing and analytics tools.`],
    },
    {
      heading: 'How to join',
      body: [
        'Create a business account, complete your profile (we show you a checklist), and request publishing. Our team reviews it, usually within a day.',
      ],
    },
  ],
  cta: { label: 'List your business', href: '/register?tab=business' },
};

export const BUSINESS: StaticContent = {
  eyebrow: 'For business',
  title: 'Business solutions for salons, spas and parlours',
  intro: 'From a single chair to a chain of studios: the tools to take bookings, manage your team and grow.',
  sections: [
    {
      heading: 'Bookings and calendar',
      body: ['Online and walk-in bookings in one calendar, per staff member, with working hours and days off respected.'],
    },
    { heading: 'Team', body: ['Staff profiles with specialisations, working hours and their own booking and earnings analytics.'] },
    {
      heading: 'Customers and marketing',
      body: ['Your customer list built from real bookings, messages by e-mail, SMS and WhatsApp, and coupons you create.'],
    },
    { heading: 'Reports', body: ['Revenue, bookings and ratings over time, exportable for your accountant.'] },
  ],
  cta: { label: 'Get started', href: '/register?tab=business' },
};

export const SALON_MANAGEMENT: StaticContent = {
  eyebrow: 'Product',
  title: 'Salon management',
  intro: 'Run the front desk from your phone or the counter computer.',
  sections: [
    { heading: 'Your day at a glance', body: ['Today’s appointments, who is checking in, and what is next for each stylist.'] },
    {
      heading: 'Check-in by QR',
      body: ['Scan the customer’s booking QR with the camera or an uploaded photo to confirm they have arrived.'],
    },
    {
      heading: 'Services and pricing',
      body: ['Categories, durations, prices and discounts that your customers see exactly as you set them.'],
    },
    {
      heading: 'Walk-ins',
      body: ['Add walk-in and phone bookings to the same calendar, so online customers never get a double-booked slot.'],
    },
  ],
  cta: { label: 'Try it free', href: '/register?tab=business' },
};

export const MARKETING_TOOLS: StaticContent = {
  eyebrow: 'Product',
  title: 'Marketing tools',
  intro: 'Bring customers back with messages and offers they actually want.',
  sections: [
    {
      heading: 'Coupons',
      body: [
        'Flat or percentage discounts with minimum amounts, validity dates and usage limits. Platform-wide offers reach customers on the home page.',
      ],
    },
    {
      heading: 'Messages',
      body: [
        'Send booking follow-ups and offers by e-mail, SMS or WhatsApp with templates that fill in the customer’s name and appointment date.',
      ],
    },
    { heading: 'Reviews', body: ['Reply publicly to reviews; salons that answer get more repeat bookings.'] },
    { heading: 'Sponsored listings', body: ['Appear in the Sponsored section of the home page with your own promotion message.'] },
  ],
  cta: { label: 'Start growing', href: '/register?tab=business' },
};

export const ANALYTICS: StaticContent = {
  eyebrow: 'Product',
  title: 'Analytics',
  intro: 'Numbers from your real bookings, not estimates.',
  sections: [
    { heading: 'Revenue and bookings', body: ['Completed, upcoming and cancelled bookings, revenue and commission, by day and month.'] },
    { heading: 'Staff performance', body: ['Bookings, hours worked and earnings per stylist for any period.'] },
    { heading: 'Customer satisfaction', body: ['Average rating, rating distribution and your response rate to reviews.'] },
  ],
  cta: { label: 'See it with your data', href: '/register?tab=business' },
};

export const API_ACCESS: StaticContent = {
  eyebrow: 'Developers',
  title: 'API access',
  intro: 'Every action in the app is available as a documented REST API, for POS systems, websites and integrations.',
  sections: [
    {
      heading: 'Documentation',
      body: [
        'The OpenAPI 3 description is at /api/openapi.json and browsable at /api/docs. Paths, request bodies and answers are the same the GlowBook apps use.',
      ],
    },
    {
      heading: 'Authentication',
      body: [
        'Sign in through the sign-in endpoints to receive a bearer token; send it as "Authorization: Bearer <token>". Salon owners can only read and change their own salon.',
      ],
    },
    {
      heading: 'Good citizenship',
      body: [
        'Send an Idempotency-Key header when creating bookings so a retried request never books twice. Expect HTTP 409 when a slot has just been taken, and 429 when you retry too quickly.',
      ],
    },
  ],
};

export const HELP_TOPICS: { title: string; text: string; href: string }[] = [
  { title: 'Bookings', text: 'Book, cancel, reschedule, check in with your QR code.', href: '/faq#booking' },
  { title: 'Payments and refunds', text: 'Wallet, refunds, gift cards and loyalty points.', href: '/faq#payments' },
  { title: 'Your account', text: 'Sign-in, one-time codes, profile and notifications.', href: '/faq#account' },
  { title: 'For salon owners', text: 'Listing your salon, publishing, commission.', href: '/partner-with-us' },
  { title: 'Write to us', text: `We answer ${SUPPORT_HOURS}.`, href: '/contact-us' },
  { title: 'Your support tickets', text: 'See replies to your messages.', href: '/support' },
];
