import type { Amenity, GenderServed } from '../../shared/constants.js';
import { type OpeningHoursDay, WEEKDAYS } from '../../shared/hours.js';
import type { ShopCategory } from './catalogue.js';

export interface StaffDef {
  name: string;
  role: 'Manager' | 'Stylist' | 'Receptionist' | 'Other';
  years: number;
  /** Category names this person works in; 'all' leaves specializations empty (performs everything). */
  does: 'all' | string[];
  status?: 'Active' | 'On Leave';
  /** A weekly day off, or a later start than the salon opens (both inside opening hours). */
  shift?: { dayOff?: string; startLate?: number };
}

export interface SalonDef {
  slug: string;
  name: string;
  owner: { first: string; last: string; email: string };
  address: string;
  locality: string;
  city: string;
  state: string;
  postalCode: string;
  lat: number;
  lng: number;
  phone: string;
  shopTypes: ShopCategory[];
  gender: GenderServed;
  description: string;
  hours: OpeningHoursDay[];
  /** From the list the app offers (the type refuses any other spelling). */
  amenities: Amenity[];
  /** Category names, resolved against the salon's shop types in order. */
  categories: string[];
  serviceCount: number;
  /** Multiplier on the catalogue's base prices (Bandra costs more than T. Nagar). */
  priceTier: number;
  staff: StaffDef[];
  images: number;
  completedBookings: number;
  reviews: number;
  promotion?: string;
  published?: boolean;
}

function week(open: string, close: string, closed: string[] = []): OpeningHoursDay[] {
  return WEEKDAYS.map((name) => ({ name, enabled: !closed.includes(name), openTime: open, closeTime: close }));
}

export const MERCHANT_SLUG = 'glow-grace-salon';

export const SALONS: SalonDef[] = [
  {
    slug: MERCHANT_SLUG,
    name: 'Glow & Grace Salon',
    owner: { first: 'Sneha', last: 'Kulkarni', email: 'merchant@demo.in' },
    address: 'Shop 4, Lane 6, North Main Road, Koregaon Park',
    locality: 'Koregaon Park',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411001',
    lat: 18.5382,
    lng: 73.893,
    phone: '9823045671',
    shopTypes: ['salon', 'beautyParlour'],
    gender: 'unisex',
    description:
      'A bright, plant-filled unisex salon on North Main Road known for flattering cuts, lived-in colour and glow-boosting facials. Our stylists trained in Mumbai and London and use ammonia-free, cruelty-free products. Free filter coffee while you wait.',
    hours: week('10:00', '20:00'),
    amenities: ['Free WiFi', 'Parking', 'Card Payment', 'Refreshments', 'Product Store', 'Online Booking'],
    categories: ['Haircut & Styling', 'Hair Colour', 'Hair Treatment', 'Nails', 'Facial', 'Waxing'],
    serviceCount: 12,
    priceTier: 1,
    staff: [
      { name: 'Rutuja Patil', role: 'Manager', years: 11, does: 'all' },
      { name: 'Aakash Jadhav', role: 'Stylist', years: 6, does: ['Haircut & Styling', 'Hair Colour', 'Hair Treatment'] },
      { name: 'Neha Bhosale', role: 'Stylist', years: 4, does: ['Nails', 'Facial', 'Waxing'], shift: { dayOff: 'Wednesday' } },
      {
        name: 'Farhan Shaikh',
        role: 'Stylist',
        years: 8,
        does: ['Hair Colour', 'Hair Treatment', 'Haircut & Styling'],
        shift: { startLate: 120 },
      },
    ],
    images: 4,
    completedBookings: 18,
    reviews: 8,
    promotion: 'Flat 20% off on first visit',
  },
  {
    slug: 'the-mane-room',
    name: 'The Mane Room',
    owner: { first: 'Karan', last: 'Malhotra', email: 'karan.malhotra@demo.in' },
    address: '12 Hill Road, Opp. Elco Arcade, Bandra West',
    locality: 'Bandra West',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400050',
    lat: 19.055,
    lng: 72.8335,
    phone: '9820134567',
    shopTypes: ['salon'],
    gender: 'unisex',
    description:
      'An industrial-chic hair studio on Hill Road for precision cuts, balayage and keratin. Every appointment starts with a proper consultation, and the team keeps up with runway trends without forcing them on you.',
    hours: week('10:00', '21:00'),
    amenities: ['Free WiFi', 'Card Payment', 'Refreshments', 'Product Store', 'Online Booking'],
    categories: ['Haircut & Styling', 'Hair Colour', 'Hair Treatment', 'Beard & Shave'],
    serviceCount: 10,
    priceTier: 1.2,
    staff: [
      { name: 'Zoya Khan', role: 'Manager', years: 14, does: 'all' },
      { name: 'Rahul Fernandes', role: 'Stylist', years: 7, does: ['Haircut & Styling', 'Beard & Shave'] },
      { name: 'Mohit Arora', role: 'Stylist', years: 3, does: ['Haircut & Styling', 'Hair Treatment'], status: 'On Leave' },
      { name: 'Tanya D’Souza', role: 'Stylist', years: 5, does: ['Hair Colour', 'Hair Treatment'] },
    ],
    images: 3,
    completedBookings: 14,
    reviews: 6,
  },
  {
    slug: 'sukoon-spa-wellness',
    name: 'Sukoon Spa & Wellness',
    owner: { first: 'Farah', last: 'Siddiqui', email: 'farah.siddiqui@demo.in' },
    address: '2nd Floor, Crystal Plaza, Lokhandwala Complex, Andheri West',
    locality: 'Andheri West',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400053',
    lat: 19.1418,
    lng: 72.8245,
    phone: '9867012345',
    shopTypes: ['spa', 'wellness'],
    gender: 'unisex',
    description:
      'A calm, candle-lit day spa in Lokhandwala offering Balinese, deep tissue and Ayurvedic therapies in private suites with steam showers. Therapists are certified from Kerala and Bali.',
    hours: week('09:00', '21:00'),
    amenities: ['Free WiFi', 'Parking', 'Card Payment', 'Refreshments', 'Wheelchair Access', 'Online Booking'],
    categories: ['Massage', 'Body Treatment', 'Facial', 'Aromatherapy', 'Ayurveda'],
    serviceCount: 11,
    priceTier: 1.1,
    staff: [
      { name: 'Lalitha Menon', role: 'Manager', years: 15, does: 'all' },
      { name: 'Ketut Wirawan', role: 'Other', years: 9, does: ['Massage', 'Aromatherapy'] },
      { name: 'Divya Nair', role: 'Other', years: 6, does: ['Ayurveda', 'Massage', 'Body Treatment'], shift: { dayOff: 'Tuesday' } },
      { name: 'Shalini Pawar', role: 'Other', years: 4, does: ['Facial', 'Body Treatment'] },
    ],
    images: 3,
    completedBookings: 15,
    reviews: 7,
    promotion: 'Complimentary foot soak with every 90-minute massage',
  },
  {
    slug: 'ink-theory-tattoo-studio',
    name: 'Ink Theory Tattoo Studio',
    owner: { first: 'Aryan', last: 'Bhatia', email: 'aryan.bhatia@demo.in' },
    address: '7 Pali Mala Road, Pali Hill, Bandra West',
    locality: 'Bandra West',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400050',
    lat: 19.068,
    lng: 72.827,
    phone: '9930245678',
    shopTypes: ['tattoo'],
    gender: 'unisex',
    description:
      'A licensed, autoclave-equipped tattoo and piercing studio on Pali Hill. Our artists specialise in fine-line, blackwork and colour realism, and every design is drawn from scratch with you.',
    hours: week('12:00', '21:00', ['Monday']),
    amenities: ['Free WiFi', 'Card Payment', 'Product Store', 'Online Booking'],
    categories: ['Tattoo', 'Piercing', 'Tattoo Removal'],
    serviceCount: 8,
    priceTier: 1,
    staff: [
      { name: 'Aryan Bhatia', role: 'Manager', years: 12, does: 'all' },
      { name: 'Sana Mirza', role: 'Other', years: 5, does: ['Tattoo', 'Piercing'] },
      { name: 'Devraj Shetty', role: 'Other', years: 3, does: ['Piercing', 'Tattoo Removal'] },
    ],
    images: 3,
    completedBookings: 9,
    reviews: 5,
  },
  {
    slug: 'kesar-beauty-parlour',
    name: 'Kesar Beauty Parlour',
    owner: { first: 'Sunita', last: 'Arora', email: 'sunita.arora@demo.in' },
    address: '14, Block A, Hauz Khas Main Market',
    locality: 'Hauz Khas',
    city: 'Delhi',
    state: 'Delhi',
    postalCode: '110016',
    lat: 28.5494,
    lng: 77.2032,
    phone: '9811023456',
    shopTypes: ['beautyParlour'],
    gender: 'female',
    description:
      'A women-only parlour run by the same family since 1998, loved in South Delhi for gentle threading, Rica waxing and bridal makeup. Trusted by three generations of brides.',
    hours: week('10:30', '19:30', ['Monday']),
    amenities: ['Card Payment', 'Child Friendly', 'Refreshments', 'Online Booking'],
    categories: ['Threading', 'Waxing', 'Facial', 'Makeup', 'Bridal', 'Mehendi'],
    serviceCount: 11,
    priceTier: 0.85,
    staff: [
      { name: 'Sunita Arora', role: 'Manager', years: 26, does: 'all' },
      { name: 'Pinki Rawat', role: 'Stylist', years: 8, does: ['Threading', 'Waxing', 'Facial'] },
      { name: 'Farzana Begum', role: 'Stylist', years: 12, does: ['Mehendi', 'Bridal', 'Makeup'] },
    ],
    images: 3,
    completedBookings: 13,
    reviews: 6,
  },
  {
    slug: 'dapper-den-barbershop',
    name: 'Dapper Den Barbershop',
    owner: { first: 'Gurpreet', last: 'Singh', email: 'gurpreet.singh@demo.in' },
    address: 'N-24, Inner Circle, Connaught Place',
    locality: 'Connaught Place',
    city: 'Delhi',
    state: 'Delhi',
    postalCode: '110001',
    lat: 28.6315,
    lng: 77.2167,
    phone: '9810456789',
    shopTypes: ['salon'],
    gender: 'male',
    description:
      'An old-school gentlemen’s barbershop in the heart of CP with leather chairs, straight-razor shaves and sharp fades. Walk in for a trim or book the Royal Groom package before a big day.',
    hours: week('09:00', '21:00'),
    amenities: ['Free WiFi', 'Card Payment', 'Refreshments', 'Product Store', 'Online Booking'],
    categories: ['Haircut & Styling', 'Beard & Shave', 'Hair Colour', 'Hair Treatment'],
    serviceCount: 9,
    priceTier: 0.9,
    staff: [
      { name: 'Gurpreet Singh', role: 'Manager', years: 18, does: 'all' },
      { name: 'Salman Ali', role: 'Stylist', years: 7, does: ['Haircut & Styling', 'Beard & Shave'] },
      {
        name: 'Vicky Chauhan',
        role: 'Stylist',
        years: 2,
        does: ['Haircut & Styling', 'Beard & Shave', 'Hair Colour'],
        shift: { dayOff: 'Thursday' },
      },
    ],
    images: 3,
    completedBookings: 16,
    reviews: 7,
    promotion: 'Free beard trim with every haircut',
  },
  {
    slug: 'aura-ayurveda-wellness',
    name: 'Aura Ayurveda & Wellness',
    owner: { first: 'Meenakshi', last: 'Iyer', email: 'meenakshi.iyer@demo.in' },
    address: 'S-19, Hauz Khas Enclave, Near Aurobindo Marg',
    locality: 'Hauz Khas',
    city: 'Delhi',
    state: 'Delhi',
    postalCode: '110016',
    lat: 28.5462,
    lng: 77.2009,
    phone: '9899076543',
    shopTypes: ['wellness', 'spa'],
    gender: 'unisex',
    description:
      'An Ayurvedic wellness centre led by a BAMS physician, combining Kerala therapies, yoga and physiotherapy under one roof. Ideal for back pain, stress and post-injury recovery.',
    hours: week('08:00', '20:00'),
    amenities: ['Parking', 'Card Payment', 'Wheelchair Access', 'Refreshments', 'Online Booking'],
    categories: ['Ayurveda', 'Yoga', 'Physiotherapy', 'Massage'],
    serviceCount: 10,
    priceTier: 1,
    staff: [
      { name: 'Dr. Meenakshi Iyer', role: 'Manager', years: 20, does: 'all' },
      { name: 'Ravi Pillai', role: 'Other', years: 10, does: ['Ayurveda', 'Massage'] },
      { name: 'Kirti Saxena', role: 'Other', years: 6, does: ['Physiotherapy', 'Yoga'], shift: { startLate: 60 } },
    ],
    images: 3,
    completedBookings: 11,
    reviews: 5,
  },
  {
    slug: 'blush-studio',
    name: 'Blush Studio',
    owner: { first: 'Ritika', last: 'Shenoy', email: 'ritika.shenoy@demo.in' },
    address: '1012, 100 Feet Road, HAL 2nd Stage, Indiranagar',
    locality: 'Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    lat: 12.9716,
    lng: 77.6412,
    phone: '9845012345',
    shopTypes: ['salon', 'beautyParlour'],
    gender: 'female',
    description:
      'A pastel, women-only beauty studio on 100 Feet Road for balayage, gel nails and party makeup. The team of eight is known for honest advice and spotless hygiene.',
    hours: week('10:00', '20:00'),
    amenities: ['Free WiFi', 'Card Payment', 'Refreshments', 'Product Store', 'Child Friendly', 'Online Booking'],
    categories: ['Haircut & Styling', 'Hair Colour', 'Hair Treatment', 'Nails', 'Makeup'],
    serviceCount: 11,
    priceTier: 1.1,
    staff: [
      { name: 'Ritika Shenoy', role: 'Manager', years: 13, does: 'all' },
      { name: 'Megha Hegde', role: 'Stylist', years: 6, does: ['Haircut & Styling', 'Hair Colour', 'Hair Treatment'] },
      { name: 'Joyce Dsilva', role: 'Stylist', years: 4, does: ['Nails', 'Makeup'] },
      { name: 'Lakshmi Gowda', role: 'Stylist', years: 2, does: ['Nails', 'Hair Treatment'], shift: { dayOff: 'Friday' } },
    ],
    images: 4,
    completedBookings: 15,
    reviews: 7,
    promotion: 'Free hair spa with any colour service',
  },
  {
    slug: 'nila-day-spa',
    name: 'Nila Day Spa',
    owner: { first: 'Anand', last: 'Krishnan', email: 'anand.krishnan@demo.in' },
    address: '78, 1st Cross Road, Koramangala 5th Block',
    locality: 'Koramangala',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560095',
    lat: 12.9343,
    lng: 77.619,
    phone: '9886034567',
    shopTypes: ['spa'],
    gender: 'unisex',
    description:
      'A boutique day spa tucked into a quiet Koramangala lane, with couple suites, a herbal steam room and a rooftop relaxation deck. Signature Nila ritual uses blue lotus and coconut oils.',
    hours: week('10:00', '21:00'),
    amenities: ['Free WiFi', 'Parking', 'Card Payment', 'Refreshments', 'Online Booking'],
    categories: ['Massage', 'Body Treatment', 'Facial', 'Aromatherapy'],
    serviceCount: 9,
    priceTier: 1,
    staff: [
      { name: 'Anitha Raj', role: 'Manager', years: 12, does: 'all' },
      { name: 'Pema Dolkar', role: 'Other', years: 7, does: ['Massage', 'Aromatherapy', 'Body Treatment'] },
      { name: 'Suresh Kumar', role: 'Other', years: 5, does: ['Massage', 'Body Treatment'] },
    ],
    images: 3,
    completedBookings: 12,
    reviews: 6,
  },
  {
    slug: 'prana-yoga-physio',
    name: 'Prana Yoga & Physio Studio',
    owner: { first: 'Kavitha', last: 'Rao', email: 'kavitha.rao@demo.in' },
    address: '562, 12th Main Road, HAL 2nd Stage, Indiranagar',
    locality: 'Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    lat: 12.9698,
    lng: 77.6383,
    phone: '9880145678',
    shopTypes: ['wellness'],
    gender: 'unisex',
    description:
      'A sunlit studio for private yoga, pranayama and evidence-based physiotherapy. Popular with runners and desk workers recovering from back and knee pain.',
    hours: week('07:00', '20:00', ['Monday']),
    amenities: ['Free WiFi', 'Card Payment', 'Wheelchair Access', 'Online Booking'],
    categories: ['Yoga', 'Physiotherapy', 'Ayurveda'],
    serviceCount: 8,
    priceTier: 0.95,
    staff: [
      { name: 'Kavitha Rao', role: 'Manager', years: 16, does: 'all' },
      { name: 'Dr. Nikhil Bhat', role: 'Other', years: 9, does: ['Physiotherapy'] },
      { name: 'Shreya Murthy', role: 'Other', years: 4, does: ['Yoga', 'Ayurveda'] },
    ],
    images: 2,
    completedBookings: 10,
    reviews: 5,
  },
  {
    slug: 'studio-nakhra',
    name: 'Studio Nakhra Bridal Lounge',
    owner: { first: 'Pallavi', last: 'Joshi', email: 'pallavi.joshi@demo.in' },
    address: 'Shop 12, Sai Square, Baner Road, Baner',
    locality: 'Baner',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411045',
    lat: 18.559,
    lng: 73.7868,
    phone: '9850267890',
    shopTypes: ['beautyParlour'],
    gender: 'female',
    description:
      'A bridal and party makeup lounge in Baner with a dedicated bridal suite. From pre-bridal glow packages to Maharashtrian nauvari draping and intricate mehendi, we do it all.',
    hours: week('10:00', '20:00', ['Monday']),
    amenities: ['Parking', 'Card Payment', 'Refreshments', 'Child Friendly', 'Online Booking'],
    categories: ['Threading', 'Waxing', 'Facial', 'Makeup', 'Bridal', 'Mehendi'],
    serviceCount: 12,
    priceTier: 0.95,
    staff: [
      { name: 'Pallavi Joshi', role: 'Manager', years: 15, does: 'all' },
      { name: 'Sayali More', role: 'Stylist', years: 5, does: ['Makeup', 'Bridal', 'Facial'] },
      { name: 'Rehana Shaikh', role: 'Stylist', years: 10, does: ['Mehendi', 'Threading', 'Waxing'] },
    ],
    images: 3,
    completedBookings: 12,
    reviews: 6,
  },
  {
    slug: 'nawabs-grooming-lounge',
    name: 'Nawab’s Grooming Lounge',
    owner: { first: 'Imran', last: 'Hussain', email: 'imran.hussain@demo.in' },
    address: 'Plot 8, Road No. 12, Banjara Hills',
    locality: 'Banjara Hills',
    city: 'Hyderabad',
    state: 'Telangana',
    postalCode: '500034',
    lat: 17.4139,
    lng: 78.4382,
    phone: '9849034567',
    shopTypes: ['salon'],
    gender: 'male',
    description:
      'A premium men’s grooming lounge on Road No. 12 with private cabins, hot-towel shaves and beard sculpting. Complimentary Irani chai with every visit.',
    hours: week('10:00', '21:00'),
    amenities: ['Free WiFi', 'Parking', 'Card Payment', 'Refreshments', 'Online Booking'],
    categories: ['Haircut & Styling', 'Beard & Shave', 'Hair Colour', 'Hair Treatment'],
    serviceCount: 9,
    priceTier: 1.05,
    staff: [
      { name: 'Imran Hussain', role: 'Manager', years: 14, does: 'all' },
      { name: 'Abdul Rahman', role: 'Stylist', years: 8, does: ['Haircut & Styling', 'Beard & Shave'] },
      { name: 'Naveen Goud', role: 'Stylist', years: 3, does: ['Haircut & Styling', 'Hair Treatment'] },
    ],
    images: 3,
    completedBookings: 12,
    reviews: 5,
  },
  {
    slug: 'ananta-spa-ayurveda',
    name: 'Ananta Spa & Ayurveda',
    owner: { first: 'Lakshmi', last: 'Prasad', email: 'lakshmi.prasad@demo.in' },
    address: 'Plot 1245, Road No. 36, Jubilee Hills',
    locality: 'Jubilee Hills',
    city: 'Hyderabad',
    state: 'Telangana',
    postalCode: '500033',
    lat: 17.4301,
    lng: 78.4073,
    phone: '9866012345',
    shopTypes: ['spa', 'wellness'],
    gender: 'unisex',
    description:
      'A serene spa in a restored bungalow on Road No. 36, pairing Thai and Swedish massage with classical Ayurvedic therapies. Herbal tea garden and private steam rooms.',
    hours: week('09:00', '21:00'),
    amenities: ['Free WiFi', 'Parking', 'Card Payment', 'Refreshments', 'Wheelchair Access', 'Online Booking'],
    categories: ['Massage', 'Ayurveda', 'Facial', 'Body Treatment'],
    serviceCount: 10,
    priceTier: 1.05,
    staff: [
      { name: 'Sirisha Reddy', role: 'Manager', years: 11, does: 'all' },
      { name: 'Somchai Inthavong', role: 'Other', years: 9, does: ['Massage', 'Body Treatment'] },
      { name: 'Bindu Varma', role: 'Other', years: 6, does: ['Ayurveda', 'Facial'], shift: { dayOff: 'Monday' } },
    ],
    images: 3,
    completedBookings: 11,
    reviews: 6,
  },
  {
    slug: 'mallipoo-beauty-parlour',
    name: 'Mallipoo Beauty Parlour',
    owner: { first: 'Revathi', last: 'Sundaram', email: 'revathi.sundaram@demo.in' },
    address: '45, Usman Road, T. Nagar',
    locality: 'T. Nagar',
    city: 'Chennai',
    state: 'Tamil Nadu',
    postalCode: '600017',
    lat: 13.0418,
    lng: 80.2341,
    phone: '9840123456',
    shopTypes: ['beautyParlour', 'salon'],
    gender: 'female',
    description:
      'A cheerful neighbourhood parlour a short walk from Pondy Bazaar, famous for bridal makeup, jasmine hair-dos and mehendi. Friendly prices and a loyal clientele since 2009.',
    hours: week('09:30', '20:30'),
    amenities: ['Card Payment', 'Child Friendly', 'Refreshments', 'Online Booking'],
    categories: ['Threading', 'Waxing', 'Facial', 'Bridal', 'Mehendi', 'Haircut & Styling'],
    serviceCount: 11,
    priceTier: 0.8,
    staff: [
      { name: 'Revathi Sundaram', role: 'Manager', years: 19, does: 'all' },
      { name: 'Kalaiselvi Murugan', role: 'Stylist', years: 9, does: ['Threading', 'Waxing', 'Facial', 'Haircut & Styling'] },
      { name: 'Jayanthi Raman', role: 'Stylist', years: 7, does: ['Bridal', 'Mehendi', 'Facial'] },
    ],
    images: 3,
    completedBookings: 12,
    reviews: 6,
  },
  {
    slug: 'velvet-touch-salon',
    name: 'Velvet Touch Unisex Salon',
    owner: { first: 'Nikhil', last: 'Chopra', email: 'nikhil.chopra@demo.in' },
    address: 'Shop 3, Chakala, Andheri-Kurla Road, Andheri East',
    locality: 'Andheri East',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400093',
    lat: 19.1136,
    lng: 72.8697,
    phone: '9819045678',
    shopTypes: ['salon'],
    gender: 'unisex',
    description: 'A new unisex salon near Chakala metro, opening soon. Profile still being set up.',
    hours: week('10:00', '20:00'),
    amenities: ['Card Payment'],
    categories: ['Haircut & Styling', 'Nails', 'Hair Treatment'],
    serviceCount: 4,
    priceTier: 0.9,
    staff: [{ name: 'Nikhil Chopra', role: 'Manager', years: 6, does: 'all' }],
    images: 2,
    completedBookings: 0,
    reviews: 0,
    published: false,
  },
];

export interface CustomerDef {
  first: string;
  last: string;
  phone: string;
  city: string;
  gender: Exclude<GenderServed, 'unisex'>;
}

/** The signed-in demo customer is listed first. */
export const CUSTOMERS: CustomerDef[] = [
  { first: 'Priya', last: 'Sharma', phone: '9876543210', city: 'Pune', gender: 'female' },
  { first: 'Rohan', last: 'Mehta', phone: '9821345670', city: 'Mumbai', gender: 'male' },
  { first: 'Ananya', last: 'Iyer', phone: '9845123789', city: 'Bengaluru', gender: 'female' },
  { first: 'Vikram', last: 'Singh', phone: '9811456321', city: 'Delhi', gender: 'male' },
  { first: 'Kavya', last: 'Reddy', phone: '9849567123', city: 'Hyderabad', gender: 'female' },
  { first: 'Arjun', last: 'Nair', phone: '9886789012', city: 'Bengaluru', gender: 'male' },
  { first: 'Ishita', last: 'Kapoor', phone: '9810987654', city: 'Delhi', gender: 'female' },
  { first: 'Aditya', last: 'Joshi', phone: '9822123456', city: 'Pune', gender: 'male' },
  { first: 'Meera', last: 'Pillai', phone: '9840345678', city: 'Chennai', gender: 'female' },
  { first: 'Siddharth', last: 'Rao', phone: '9866456789', city: 'Hyderabad', gender: 'male' },
  { first: 'Neha', last: 'Gupta', phone: '9819567890', city: 'Mumbai', gender: 'female' },
  { first: 'Farhan', last: 'Qureshi', phone: '9899678901', city: 'Delhi', gender: 'male' },
  { first: 'Tanvi', last: 'Deshpande', phone: '9850789012', city: 'Pune', gender: 'female' },
];

export const TESTIMONIALS = [
  {
    title: 'Found my go-to salon in minutes',
    content:
      'I moved to Pune last year and had no idea where to get a decent haircut. GlowBook showed me salons around Koregaon Park with honest reviews, and I have been going to the same stylist ever since.',
    name: 'Aishwarya Menon',
    rating: 5,
  },
  {
    title: 'Booking a massage has never been easier',
    content:
      'I used to call three spas to find a free slot on a Saturday. Now I see every open slot, pick my therapist and get a QR code at the counter. Zero waiting.',
    name: 'Rahul Verma',
    rating: 5,
  },
  {
    title: 'Bridal makeup sorted without stress',
    content:
      'Compared bridal packages from five parlours side by side, read real reviews from brides and booked a trial the same evening. My wedding look was exactly what I wanted.',
    name: 'Sanjana Bhatt',
    rating: 5,
  },
  {
    title: 'Transparent prices, no surprises',
    content:
      'What I see in the app is what I pay at the salon. The coupon applied instantly and the bill matched to the rupee. Would love even more barbershops in my area.',
    name: 'Karthik Subramanian',
    rating: 4,
  },
  {
    title: 'Last-minute slots are a lifesaver',
    content:
      'Had a client dinner at short notice and found a blow-dry slot 45 minutes later, ten minutes from my office. The reminder message was a nice touch too.',
    name: 'Nikita Chawla',
    rating: 5,
  },
  {
    title: 'Great for the whole family',
    content:
      'I book haircuts for my kids, a pedicure for my mother and my own beard trim from one account. Cancelling when plans changed was just as easy.',
    name: 'Deepak Agarwal',
    rating: 4,
  },
];

/** Review texts by rating; {service}, {staff} and {city} are filled from the booking. */
export const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    'Absolutely loved my {service}. {staff} listened to exactly what I wanted and the result is perfect.',
    'Best {service} I have had in {city}! Spotless place, on time, and {staff} really knows the craft.',
    'Booked through the app and was taken in right on time. {staff} did a fantastic job, will be back next month.',
    'Super hygienic, friendly team and great value. My {service} turned out even better than the reference photo.',
    '{staff} is a magician. Relaxing atmosphere, good coffee and zero upselling. Highly recommend.',
    'Third visit now and the quality is consistent every time. Thank you {staff}!',
  ],
  4: [
    'Really good {service}. Slight wait at reception but {staff} more than made up for it.',
    'Good experience overall. {staff} was skilled and polite; parking nearby is a bit of a struggle.',
    'Nice ambience and professional staff. Prices are on the higher side but the quality shows.',
    'Happy with my {service}. Would have liked a little more time for the consultation, but the result is lovely.',
  ],
  3: [
    'Decent {service}, but I had to wait 20 minutes past my slot. {staff} was nice though.',
    'Average experience. The service was fine but the place was crowded and noisy on a weekend.',
    'Result was okay, but they tried hard to sell me products I did not need.',
  ],
  2: [
    'Not what I asked for. The {service} felt rushed; hoping it was just an off day.',
    'My slot was not honoured and I waited almost 40 minutes. The service itself was average.',
  ],
};

export const OWNER_RESPONSES: Record<'high' | 'mid' | 'low', string[]> = {
  high: [
    'Thank you so much, {name}! {staff} will be thrilled to read this. See you again soon.',
    'Thanks for the lovely words, {name}. We look forward to pampering you again!',
    'So glad you enjoyed your {service}, {name}. Your next coffee is on us!',
  ],
  mid: [
    'Thanks for the honest feedback, {name}. We are working on shorter waits at the front desk.',
    'Thank you, {name}. We have shared your notes with the team and hope to make your next visit a five-star one.',
  ],
  low: ['We are sorry your visit fell short, {name}. Please call us on {phone}; we would like to make it right with a complimentary redo.'],
};

export const CANCEL_REASONS = {
  customer: ['Change of plans', 'Feeling unwell', 'Travelling out of town', 'Booked the wrong date by mistake'],
  merchant: ['Stylist unavailable due to illness', 'Power outage at the salon'],
};
