import { INDIAN_MOBILE_RE } from './validation.js';

/** What the completion checks look at; the server fills it from the database, the client from its forms. */
export interface ShopSnapshot {
  shopName: string | null | undefined;
  shopOwner: string | null | undefined;
  address: string | null | undefined;
  city: string | null | undefined;
  state: string | null | undefined;
  latitude: number | null | undefined;
  longitude: number | null | undefined;
  phone: string | null | undefined;
  officialEmail: string | null | undefined;
  description: string | null | undefined;
  openingHours: { enabled: boolean }[] | null | undefined;
  categoryCount: number;
  activeServiceCount: number;
  activeStaffCount: number;
  hasCoverImage: boolean;
}

export interface CompletionCheck {
  id: string;
  label: string;
  done: boolean;
}

export interface ProfileCompletion {
  percent: number;
  checks: CompletionCheck[];
}

/** A description shorter than this says too little for a customer choosing a salon. */
export const MIN_DESCRIPTION_LENGTH = 30;

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim().length > 0;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The 14 checks a shop must pass before it may ask to be published (merchant doc point 9:
 * publishing needs 100 percent). Order is the order the checklist shows them in.
 */
export function profileCompletion(s: ShopSnapshot): ProfileCompletion {
  const checks: CompletionCheck[] = [
    { id: 'shopName', label: 'Shop name', done: filled(s.shopName) },
    { id: 'shopOwner', label: 'Owner name', done: filled(s.shopOwner) },
    { id: 'address', label: 'Shop address', done: filled(s.address) },
    { id: 'city', label: 'City', done: filled(s.city) },
    { id: 'state', label: 'State', done: filled(s.state) },
    {
      id: 'coordinates',
      label: 'Map location (coordinates)',
      done:
        typeof s.latitude === 'number' && typeof s.longitude === 'number' && Number.isFinite(s.latitude) && Number.isFinite(s.longitude),
    },
    { id: 'phone', label: 'Phone number', done: typeof s.phone === 'string' && INDIAN_MOBILE_RE.test(s.phone.trim()) },
    { id: 'officialEmail', label: 'Official e-mail', done: typeof s.officialEmail === 'string' && EMAIL_RE.test(s.officialEmail.trim()) },
    {
      id: 'description',
      label: `Description (at least ${MIN_DESCRIPTION_LENGTH} characters)`,
      done: typeof s.description === 'string' && s.description.trim().length >= MIN_DESCRIPTION_LENGTH,
    },
    { id: 'openingHours', label: 'Opening hours (at least one open day)', done: (s.openingHours ?? []).some((d) => d.enabled) },
    { id: 'categories', label: 'At least one service category', done: s.categoryCount >= 1 },
    { id: 'services', label: 'At least one active service', done: s.activeServiceCount >= 1 },
    { id: 'staff', label: 'At least one active staff member', done: s.activeStaffCount >= 1 },
    { id: 'coverImage', label: 'Cover image', done: s.hasCoverImage },
  ];
  const done = checks.filter((c) => c.done).length;
  return { percent: Math.floor((done / checks.length) * 100), checks };
}

/**
 * Where each check is fixed: a field of Settings (its input's id as the hash; the page focuses it)
 * or the screen that manages it.
 */
export const COMPLETION_FIX: Record<string, { to: string; where: string }> = {
  shopName: { to: '/merchant/settings#settings-shop-name', where: 'Business profile' },
  shopOwner: { to: '/merchant/settings#settings-owner', where: 'Business profile' },
  address: { to: '/merchant/settings#settings-address', where: 'Business profile' },
  city: { to: '/merchant/settings#settings-city', where: 'Business profile' },
  state: { to: '/merchant/settings#settings-state', where: 'Business profile' },
  coordinates: { to: '/merchant/settings#settings-lat', where: 'Business profile' },
  phone: { to: '/merchant/settings#settings-phone', where: 'Business profile' },
  officialEmail: { to: '/merchant/settings#settings-email', where: 'Business profile' },
  description: { to: '/merchant/settings#settings-description', where: 'Business profile' },
  openingHours: { to: '/merchant/settings#business-hours', where: 'Business hours' },
  categories: { to: '/merchant/services', where: 'Services & pricing' },
  services: { to: '/merchant/services', where: 'Services & pricing' },
  staff: { to: '/merchant/staff', where: 'Staff' },
  coverImage: { to: '/merchant/shop/images', where: 'Shop images' },
};
