import { COMMISSION_RATE, FULL_REFUND_MIN_HOURS, HALF_REFUND_MIN_HOURS, RESCHEDULE_MIN_HOURS } from './policy.js';

/*
 * Help & Support content for salon owners: product copy, written against the real rules (the
 * refund tiers, reschedule window and commission come from policy.ts).
 */

const COMMISSION = `${Math.round(COMMISSION_RATE * 100)}%`;

export const MERCHANT_FAQ: { id: string; question: string; answer: string }[] = [
  {
    id: 'publish',
    question: 'How do I get my salon listed?',
    answer:
      'Complete the Profile Completion checklist in Settings (shop details, hours, at least one service, staff, photos) and press Request to publish there. Until you are live, your dashboard shows how complete your profile is. An administrator reviews the request; you are notified when you go live.',
  },
  {
    id: 'commission',
    question: 'What does GlowBook charge?',
    answer: `${COMMISSION} of each completed booking. Nothing for cancelled or no-show bookings. Subscription plans add marketing and analytics tools.`,
  },
  {
    id: 'payout',
    question: 'How do I see my earnings?',
    answer: 'The dashboard shows revenue and completed bookings; each completed booking records the commission and your earning.',
  },
  {
    id: 'checkin',
    question: 'How do I check a customer in?',
    answer:
      'Scan the QR code on their confirmation with the Scan button (camera or a photo), or type the booking ID, tick that the customer has arrived, and confirm.',
  },
  {
    id: 'complete',
    question: 'When do I mark a booking completed?',
    answer: 'After the service, once payment is received. Completing gives the customer loyalty points and lets them review you.',
  },
  {
    id: 'cancel',
    question: 'Can customers cancel or reschedule?',
    answer: `Customers can cancel up to ${FULL_REFUND_MIN_HOURS} hours before the appointment for a full refund (50% between ${FULL_REFUND_MIN_HOURS} h and ${HALF_REFUND_MIN_HOURS} h; none in the last ${HALF_REFUND_MIN_HOURS === 1 ? 'hour' : `${HALF_REFUND_MIN_HOURS} hours`}) and reschedule free of charge up to ${RESCHEDULE_MIN_HOURS} hours before. Both free the slot at once.`,
  },
  {
    id: 'salon-cancel',
    question: 'What if I need to cancel a booking?',
    answer:
      'Cancel it from Appointments with a reason. The customer is notified and anything they prepaid is refunded in full to their wallet.',
  },
  {
    id: 'walkin',
    question: 'Can I add walk-in or phone bookings?',
    answer: 'Yes: Appointments → Manual booking. They appear in your customer list and block the time like online bookings.',
  },
  {
    id: 'double',
    question: 'Can two customers book the same stylist at the same time?',
    answer: 'No. The system refuses overlapping bookings for a staff member, even when two people book in the same second.',
  },
  {
    id: 'hours',
    question: 'How do staff hours and days off work?',
    answer:
      'Each staff member can have their own working hours and days off; customers only see times when a suitable professional is free within your opening hours.',
  },
  {
    id: 'services',
    question: 'How do discounts on services work?',
    answer: 'Set a percentage or flat discount on a service and switch it on; customers see the original and the discounted price.',
  },
  {
    id: 'coupons',
    question: 'How do I create a coupon?',
    answer: 'Coupons & Offers → New coupon: code, flat or percentage discount, minimum amount, validity dates and a usage limit.',
  },
  {
    id: 'reviews',
    question: 'Can I remove a bad review?',
    answer:
      'No, but you can reply publicly. Only customers with a completed booking can review, once per booking. Report abusive reviews through a support ticket.',
  },
  {
    id: 'messages',
    question: 'How do I message my customers?',
    answer:
      'Customers → Message: choose e-mail, SMS or WhatsApp, start from a template, and use {customer_name}, {appointment_date} and {merchant_name}. Every message is listed under Sent messages with its delivery status.',
  },
  {
    id: 'support',
    question: 'How do I reach GlowBook support?',
    answer:
      'Open a ticket from this page (choose a category and priority) or use Contact Us. We answer 9 AM to 9 PM every day; replies also arrive by e-mail.',
  },
];

export interface KbArticle {
  id: string;
  title: string;
  description: string;
  category: string;
  sections: { title: string; text?: string; list?: string[] }[];
  related: string[];
}

export const KNOWLEDGE_BASE: KbArticle[] = [
  {
    id: 'setting-up-your-salon',
    title: 'Setting up your salon profile',
    description: 'Everything customers see before they book, and how to get it right.',
    category: 'Getting started',
    sections: [
      {
        title: 'Shop details',
        text: 'Your salon name, type, address and contact numbers. Use the exact address: customers get directions from it.',
      },
      { title: 'Opening hours', text: 'Set hours for each day and mark closed days. Bookings are only offered inside these hours.' },
      {
        title: 'Photos',
        list: [
          'Add at least three photos: the entrance, the work area and a recent result.',
          'Choose a cover photo; it is the first thing customers see.',
          'JPEG, PNG or WebP up to 10 MB; we resize them for you.',
        ],
      },
      {
        title: 'Publishing',
        text: 'When every item of the Profile Completion checklist in Settings is done, press Request to publish there (until you are live, your dashboard shows how complete your profile is and links to the checklist). An administrator reviews your profile.',
      },
    ],
    related: ['managing-bookings-and-check-in'],
  },
  {
    id: 'managing-bookings-and-check-in',
    title: 'Managing bookings and QR check-in',
    description: 'From a new booking to a completed visit, step by step.',
    category: 'Bookings',
    sections: [
      {
        title: 'New bookings',
        text: 'New bookings arrive as Upcoming and you are notified. The customer gets reminders a day and two hours before.',
      },
      {
        title: 'Check-in',
        list: [
          'Press Scan and point the camera at the customer’s QR code, or upload a photo of it.',
          'Or type the booking ID from their confirmation.',
          'Tick that the customer has arrived and confirm.',
        ],
      },
      {
        title: 'Completing',
        text: 'After the service, mark the booking completed once payment is received. The commission and your earning are recorded.',
      },
      { title: 'Cancelling', text: 'If you must cancel, give a reason. The customer is notified and refunded in full.' },
    ],
    related: ['setting-up-your-salon'],
  },
];

export const GETTING_STARTED: { id: string; title: string; steps: string[]; links: { label: string; to: string }[] }[] = [
  {
    id: 'account-setup',
    title: 'Account Setup',
    steps: [
      'Sign in as a salon owner.',
      'Open Settings and fill in your business profile and business hours.',
      'Upload photos under Shop images and pick a cover.',
    ],
    links: [
      { label: 'Business profile & hours', to: '/merchant/settings#business-profile' },
      { label: 'Shop images', to: '/merchant/shop/images' },
    ],
  },
  {
    id: 'service-management',
    title: 'Service Management',
    steps: [
      'Open Services and choose your categories.',
      'Add each service with duration and price; add discounts if you run offers.',
      'Add pricing charts for packages if you have them.',
    ],
    links: [
      { label: 'Services & pricing', to: '/merchant/services' },
      { label: 'Coupons', to: '/merchant/coupons' },
    ],
  },
  {
    id: 'staff-management',
    title: 'Staff Management',
    steps: [
      'Open Staff and add each team member with their role and specialisations.',
      'Set their working hours and days off.',
      'Check their analytics to see bookings and earnings per period.',
    ],
    links: [{ label: 'Staff', to: '/merchant/staff' }],
  },
  {
    id: 'booking-management',
    title: 'Booking Management',
    steps: [
      'Watch new bookings on the dashboard and in Appointments.',
      'Check customers in with the QR scanner.',
      'Mark bookings completed after payment, and reply to reviews.',
    ],
    links: [
      { label: 'Appointments', to: '/merchant/appointments' },
      { label: 'Reviews', to: '/merchant/reviews' },
    ],
  },
];

/** Search across FAQ and articles: every word must appear. */
export function searchHelp(query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return { faq: [], articles: [] };
  const hit = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  return {
    faq: MERCHANT_FAQ.filter((f) => hit(`${f.question} ${f.answer}`)),
    articles: KNOWLEDGE_BASE.filter((a) =>
      hit(`${a.title} ${a.description} ${a.sections.map((s) => `${s.title} ${s.text ?? ''} ${(s.list ?? []).join(' ')}`).join(' ')}`),
    ),
  };
}
