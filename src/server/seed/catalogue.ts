/*
 * The platform's category catalogue and the service menu salons pick from. Prices are the
 * mid-market Indian rupee price of a neighbourhood salon; each salon scales them by its tier.
 */
import type { GenderServed } from '../../shared/constants.js';

export type ShopCategory = 'salon' | 'spa' | 'beautyParlour' | 'tattoo' | 'wellness';

export interface CategoryDef {
  name: string;
  shopCategory: ShopCategory;
  /** A lucide icon name the client may render. */
  icon: string;
}

export interface ServiceTemplate {
  name: string;
  duration: number;
  basePrice: number;
  description: string;
  /** Only offered by salons serving this gender (or unisex ones), and only booked by it. */
  gender?: Exclude<GenderServed, 'unisex'>;
}

export const CATEGORIES: CategoryDef[] = [
  { shopCategory: 'salon', name: 'Haircut & Styling', icon: 'scissors' },
  { shopCategory: 'salon', name: 'Hair Colour', icon: 'palette' },
  { shopCategory: 'salon', name: 'Hair Treatment', icon: 'droplet' },
  { shopCategory: 'salon', name: 'Beard & Shave', icon: 'user-round' },
  { shopCategory: 'salon', name: 'Nails', icon: 'hand' },
  { shopCategory: 'spa', name: 'Massage', icon: 'hand-heart' },
  { shopCategory: 'spa', name: 'Body Treatment', icon: 'sparkles' },
  { shopCategory: 'spa', name: 'Facial', icon: 'smile' },
  { shopCategory: 'spa', name: 'Aromatherapy', icon: 'flower' },
  { shopCategory: 'beautyParlour', name: 'Threading', icon: 'feather' },
  { shopCategory: 'beautyParlour', name: 'Waxing', icon: 'droplet' },
  { shopCategory: 'beautyParlour', name: 'Facial', icon: 'smile' },
  { shopCategory: 'beautyParlour', name: 'Makeup', icon: 'brush' },
  { shopCategory: 'beautyParlour', name: 'Bridal', icon: 'crown' },
  { shopCategory: 'beautyParlour', name: 'Mehendi', icon: 'flower-2' },
  { shopCategory: 'tattoo', name: 'Tattoo', icon: 'pen-tool' },
  { shopCategory: 'tattoo', name: 'Piercing', icon: 'gem' },
  { shopCategory: 'tattoo', name: 'Tattoo Removal', icon: 'zap' },
  { shopCategory: 'wellness', name: 'Yoga', icon: 'activity' },
  { shopCategory: 'wellness', name: 'Ayurveda', icon: 'leaf' },
  { shopCategory: 'wellness', name: 'Physiotherapy', icon: 'heart-pulse' },
];

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Categories of the same name (Facial) share one picture. */
export function categoryImage(name: string): string {
  return `/images/demo/categories/${slugify(name)}.svg`;
}

/** Service menu per category name (Facial is the same menu at a spa and a parlour). */
export const SERVICE_MENU: Record<string, ServiceTemplate[]> = {
  'Haircut & Styling': [
    {
      name: "Women's Haircut",
      duration: 45,
      basePrice: 699,
      gender: 'female',
      description: 'Consultation, wash, precision cut and a blow-dry finish tailored to your face shape.',
    },
    {
      name: "Men's Haircut",
      duration: 30,
      basePrice: 349,
      gender: 'male',
      description: 'Classic or contemporary cut with a wash, styling and a neat neckline finish.',
    },
    {
      name: 'Blow Dry & Styling',
      duration: 45,
      basePrice: 599,
      description: 'Wash and bouncy blow-dry, straight or with soft waves, for an evening out.',
    },
    { name: "Kids' Haircut", duration: 30, basePrice: 299, description: 'A quick, patient haircut for children under 12.' },
    {
      name: 'Hair Ironing',
      duration: 45,
      basePrice: 799,
      gender: 'female',
      description: 'Sleek, frizz-free straightening with heat protection.',
    },
    {
      name: 'Fade & Texture Cut',
      duration: 45,
      basePrice: 499,
      gender: 'male',
      description: 'Skin or low fade with a textured top, finished with matte clay.',
    },
  ],
  'Hair Colour': [
    {
      name: 'Global Hair Colour',
      duration: 120,
      basePrice: 2999,
      gender: 'female',
      description: 'Ammonia-free all-over colour with a gloss treatment to lock in shine.',
    },
    { name: 'Root Touch-Up', duration: 60, basePrice: 1199, description: 'Covers up to one inch of regrowth with a shade-matched colour.' },
    {
      name: 'Balayage Highlights',
      duration: 120,
      basePrice: 4499,
      gender: 'female',
      description: 'Hand-painted, sun-kissed highlights with toner and a bond-building treatment.',
    },
    {
      name: "Men's Hair Colour",
      duration: 45,
      basePrice: 799,
      gender: 'male',
      description: 'Natural-looking grey coverage for hair and sideburns.',
    },
    {
      name: 'Fashion Streaks',
      duration: 90,
      basePrice: 1999,
      description: 'Bold streaks in burgundy, copper or pastel shades, pre-lightened where needed.',
    },
  ],
  'Hair Treatment': [
    {
      name: 'Keratin Treatment',
      duration: 120,
      basePrice: 4499,
      description: 'Smoothing treatment that tames frizz for up to four months.',
    },
    {
      name: 'Hair Spa',
      duration: 60,
      basePrice: 1199,
      description: 'Deep-conditioning mask, steam and a relaxing head massage for dry, stressed hair.',
    },
    {
      name: 'Anti-Dandruff Treatment',
      duration: 45,
      basePrice: 999,
      description: 'Exfoliating scalp therapy that clears flakes and soothes itching.',
    },
    { name: 'Scalp Detox', duration: 45, basePrice: 899, description: 'Charcoal clarifying cleanse and massage to reset an oily scalp.' },
  ],
  'Beard & Shave': [
    {
      name: 'Beard Trim & Shape',
      duration: 30,
      basePrice: 249,
      gender: 'male',
      description: 'Line-up, trim and shape with a hot towel and beard oil.',
    },
    {
      name: 'Classic Hot Towel Shave',
      duration: 30,
      basePrice: 349,
      gender: 'male',
      description: 'Straight-razor shave with pre-shave oil, hot towels and a cooling balm.',
    },
    { name: 'Beard Colour', duration: 30, basePrice: 499, gender: 'male', description: 'Even, natural beard colour that covers greys.' },
    {
      name: 'Royal Groom Package',
      duration: 90,
      basePrice: 1999,
      gender: 'male',
      description: 'Haircut, hot towel shave, de-tan face pack and a head massage.',
    },
  ],
  Nails: [
    {
      name: 'Classic Manicure',
      duration: 45,
      basePrice: 599,
      description: 'Shaping, cuticle care, a hand massage and polish of your choice.',
    },
    { name: 'Spa Pedicure', duration: 60, basePrice: 899, description: 'Foot soak, scrub, callus care, massage and polish.' },
    {
      name: 'Gel Polish',
      gender: 'female',
      duration: 45,
      basePrice: 999,
      description: 'Chip-free gel colour that lasts up to three weeks.',
    },
    {
      name: 'Nail Art',
      gender: 'female',
      duration: 60,
      basePrice: 1299,
      description: 'Hand-painted designs, chrome or French tips on gel.',
    },
  ],
  Massage: [
    {
      name: 'Swedish Massage',
      duration: 60,
      basePrice: 2499,
      description: 'Long, flowing strokes with light pressure to relax muscles and calm the mind.',
    },
    {
      name: 'Deep Tissue Massage',
      duration: 90,
      basePrice: 3499,
      description: 'Firm, focused pressure that releases chronic knots in back, neck and shoulders.',
    },
    {
      name: 'Balinese Massage',
      duration: 60,
      basePrice: 2799,
      description: 'Acupressure, stretching and warm oil in the traditional Balinese style.',
    },
    {
      name: 'Foot Reflexology',
      duration: 45,
      basePrice: 1299,
      description: 'Pressure-point therapy on the feet to ease tiredness after a long day.',
    },
    {
      name: 'Head, Neck & Shoulder Massage',
      duration: 30,
      basePrice: 899,
      description: 'A quick desk-worker reset for stiff necks and tension headaches.',
    },
  ],
  'Body Treatment': [
    {
      name: 'Body Polish',
      duration: 60,
      basePrice: 2499,
      description: 'Full-body exfoliation and a nourishing wrap for soft, glowing skin.',
    },
    {
      name: 'Coffee Body Scrub',
      duration: 45,
      basePrice: 1799,
      description: 'Invigorating coffee and coconut scrub that smooths and tightens.',
    },
    {
      name: 'Detox Body Wrap',
      duration: 90,
      basePrice: 3299,
      description: 'Seaweed and clay wrap to draw out impurities, followed by a light massage.',
    },
  ],
  Facial: [
    {
      name: 'Hydrating Facial',
      duration: 60,
      basePrice: 1499,
      description: 'Hyaluronic cleanse, exfoliation and mask to plump up dehydrated skin.',
    },
    { name: 'Gold Facial', duration: 75, basePrice: 2199, description: 'Brightening 24K gold facial, a festive-season favourite.' },
    { name: 'Fruit Cleanup', duration: 30, basePrice: 599, description: 'Quick cleanse, scrub and fruit pack for a fresh look.' },
    {
      name: 'Anti-Ageing Facial',
      duration: 90,
      basePrice: 2999,
      description: 'Collagen-boosting massage and peptide mask that firms fine lines.',
    },
    { name: 'D-Tan Facial', duration: 60, basePrice: 1299, description: 'Removes sun tan and evens out skin tone on face and neck.' },
  ],
  Aromatherapy: [
    {
      name: 'Aromatherapy Massage',
      duration: 60,
      basePrice: 2699,
      description: 'Gentle massage with a blend of essential oils chosen for your mood.',
    },
    {
      name: 'Lavender Calm Ritual',
      duration: 90,
      basePrice: 3599,
      description: 'Lavender foot ritual, full-body massage and a warm compress for deep sleep.',
    },
    {
      name: 'Hot Stone Therapy',
      duration: 90,
      basePrice: 3799,
      description: 'Heated basalt stones melt away tension in the back and legs.',
    },
  ],
  Threading: [
    {
      name: 'Eyebrow & Upper Lip Threading',
      duration: 15,
      basePrice: 199,
      description: 'Clean, defined brows and upper lip in a few minutes.',
    },
    {
      name: 'Full Face Threading',
      gender: 'female',
      duration: 30,
      basePrice: 349,
      description: 'Brows, forehead, upper lip, chin and sides, finished with a soothing gel.',
    },
  ],
  Waxing: [
    {
      name: 'Full Arms Waxing (Rica)',
      gender: 'female',
      duration: 30,
      basePrice: 499,
      description: 'Gentle Rica wax, suitable for sensitive skin.',
    },
    {
      name: 'Full Legs Waxing (Rica)',
      gender: 'female',
      duration: 45,
      basePrice: 799,
      description: 'Smooth legs with low-pain Rica liposoluble wax.',
    },
    {
      name: 'Full Body Waxing',
      gender: 'female',
      duration: 120,
      basePrice: 2499,
      description: 'Arms, legs, underarms, back and stomach with Rica wax.',
    },
    { name: 'Underarms Waxing', duration: 15, basePrice: 199, description: 'Quick peel-off wax for underarms.' },
  ],
  Makeup: [
    {
      name: 'Party Makeup',
      gender: 'female',
      duration: 60,
      basePrice: 2499,
      description: 'Long-wear makeup with lashes and a simple hairdo for parties and receptions.',
    },
    {
      name: 'HD Makeup',
      gender: 'female',
      duration: 90,
      basePrice: 3999,
      description: 'Camera-ready HD base, contouring and eye makeup for shoots and events.',
    },
    {
      name: 'Saree Draping',
      gender: 'female',
      duration: 30,
      basePrice: 499,
      description: 'Neat pleats in the Nivi, Bengali or Gujarati style.',
    },
  ],
  Bridal: [
    {
      name: 'Bridal HD Makeup',
      gender: 'female',
      duration: 120,
      basePrice: 4999,
      description: 'Complete bridal look with HD makeup, hairstyling, draping and touch-up kit.',
    },
    {
      name: 'Pre-Bridal Glow Package',
      gender: 'female',
      duration: 120,
      basePrice: 4499,
      description: 'Body polish, gold facial, manicure and pedicure in one session before the big day.',
    },
    {
      name: 'Engagement Makeup',
      gender: 'female',
      duration: 90,
      basePrice: 3499,
      description: 'Soft glam makeup and hairstyle for engagement and sangeet.',
    },
  ],
  Mehendi: [
    {
      name: 'Bridal Mehendi',
      gender: 'female',
      duration: 120,
      basePrice: 3499,
      description: 'Intricate full-hand bridal mehendi up to the elbows with natural henna.',
    },
    {
      name: 'Arabic Mehendi',
      gender: 'female',
      duration: 60,
      basePrice: 799,
      description: 'Bold Arabic patterns on both hands, front and back.',
    },
    {
      name: 'Mehendi for Feet',
      gender: 'female',
      duration: 45,
      basePrice: 699,
      description: 'Traditional designs on both feet up to the ankles.',
    },
  ],
  Tattoo: [
    {
      name: 'Minimal Tattoo',
      duration: 60,
      basePrice: 1999,
      description: 'Fine-line tattoo up to 2 inches: initials, dates, small symbols.',
    },
    {
      name: 'Custom Tattoo Session',
      duration: 120,
      basePrice: 4999,
      description: 'A two-hour session for a custom design drawn with our artist.',
    },
    { name: 'Colour Tattoo', duration: 120, basePrice: 4499, description: 'Colour tattoo up to 4 inches with vegan inks.' },
    {
      name: 'Cover-Up Consultation',
      duration: 30,
      basePrice: 499,
      description: 'Artist consultation and sketch for covering an old tattoo; adjusted against the session.',
    },
  ],
  Piercing: [
    {
      name: 'Ear Lobe Piercing',
      duration: 15,
      basePrice: 499,
      description: 'Needle piercing with a surgical-steel stud and aftercare kit.',
    },
    { name: 'Helix Piercing', duration: 30, basePrice: 999, description: 'Upper-ear cartilage piercing with titanium jewellery.' },
    { name: 'Nose Piercing', duration: 15, basePrice: 799, description: 'Nostril piercing with a titanium stud.' },
  ],
  'Tattoo Removal': [
    {
      name: 'Laser Tattoo Removal (Small)',
      duration: 30,
      basePrice: 2499,
      description: 'One Q-switched laser session for a tattoo up to 2 inches.',
    },
    { name: 'Laser Tattoo Removal (Medium)', duration: 45, basePrice: 3999, description: 'One laser session for a tattoo up to 5 inches.' },
  ],
  Yoga: [
    {
      name: 'Private Yoga Session',
      duration: 60,
      basePrice: 1199,
      description: 'One-to-one Hatha or Vinyasa class planned around your goals.',
    },
    {
      name: 'Prenatal Yoga',
      gender: 'female',
      duration: 60,
      basePrice: 999,
      description: 'Gentle, doctor-approved practice for each trimester.',
    },
    {
      name: 'Pranayama & Meditation',
      duration: 45,
      basePrice: 699,
      description: 'Breathwork and guided meditation to lower stress and improve sleep.',
    },
  ],
  Ayurveda: [
    {
      name: 'Abhyanga Massage',
      duration: 60,
      basePrice: 2499,
      description: 'Traditional full-body massage with warm herbal oils chosen for your dosha.',
    },
    {
      name: 'Shirodhara',
      duration: 60,
      basePrice: 2999,
      description: 'A steady stream of warm medicated oil on the forehead to calm the nervous system.',
    },
    { name: 'Ayurvedic Consultation', duration: 30, basePrice: 799, description: 'Pulse diagnosis and diet advice from a BAMS vaidya.' },
    {
      name: 'Kizhi Herbal Potli Therapy',
      duration: 75,
      basePrice: 2799,
      description: 'Warm herbal poultices that relieve joint pain and stiffness.',
    },
  ],
  Physiotherapy: [
    {
      name: 'Physiotherapy Assessment',
      duration: 45,
      basePrice: 999,
      description: 'Posture and movement assessment with a personalised exercise plan.',
    },
    {
      name: 'Sports Injury Rehab',
      duration: 60,
      basePrice: 1499,
      description: 'Manual therapy and strengthening for sprains, tendinitis and runner’s knee.',
    },
    {
      name: 'Back Pain Therapy',
      duration: 60,
      basePrice: 1299,
      description: 'Mobilisation, dry needling where needed and core exercises for lower-back pain.',
    },
  ],
};
