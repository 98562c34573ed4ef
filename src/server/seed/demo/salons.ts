import { randomUUID } from 'node:crypto';
import { defaultNotificationPreferences } from '../../../shared/hours.js';
import { servicePrice } from '../../../shared/policy.js';
import { addDays } from '../../../shared/slots.js';
import type { WorkingHoursDay } from '../../db/types.js';
import { CATEGORIES, type CategoryDef, categoryImage, SERVICE_MENU } from '../catalogue.js';
import { MERCHANT_SLUG, SALONS } from '../salons.js';
import {
  ago,
  DAY,
  type DemoBuild,
  HOUR,
  hhmm,
  type Rng,
  type SeedSalon,
  type SeedService,
  type SeedStaff,
  TIME_ZONE,
  toMinutes,
} from './kit.js';

function phoneFrom(rng: Rng): string {
  return `${rng.pick(['9', '8', '7'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
}

function emailLocal(name: string): string {
  return name
    .replace(/^Dr\.\s*/, '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/)
    .join('.');
}

/** The category catalogue: each category's id. */
export function addCategories(build: DemoBuild): Map<CategoryDef, string> {
  const { data } = build;
  const categoryIds = new Map<CategoryDef, string>();
  const sortOrder = new Map<string, number>();
  for (const c of CATEGORIES) {
    const id = randomUUID();
    categoryIds.set(c, id);
    const order = sortOrder.get(c.shopCategory) ?? 0;
    sortOrder.set(c.shopCategory, order + 1);
    data.categories.push({
      id,
      name: c.name,
      shop_category: c.shopCategory,
      icon: c.icon,
      image: categoryImage(c.name),
      sort_order: order,
    });
  }
  return categoryIds;
}

/** Each salon with its owner's account, its categories, menu (a few discounts), team and pictures. */
export function addSalons(build: DemoBuild, categoryIds: Map<CategoryDef, string>): SeedSalon[] {
  const { data, rng, now, today, passwordHash } = build;
  let staffAvatar = 0;
  const salons: SeedSalon[] = SALONS.map((def) => {
    const id = randomUUID();
    const published = def.published !== false;
    const joined = ago(now, rng.int(120, 540) * DAY);
    data.accounts.push({
      id,
      email: def.owner.email,
      password_hash: passwordHash,
      role: 'merchant',
      first_name: def.owner.first,
      last_name: def.owner.last,
      phone: def.phone,
      avatar_url: null,
      created_at: joined,
      email_verified_at: joined,
      phone_verified_at: joined,
    });
    data.merchants.push({
      id,
      shop_name: def.name,
      shop_owner: `${def.owner.first} ${def.owner.last}`,
      address: def.address,
      city: def.city,
      state: def.state,
      country: 'India',
      postal_code: def.postalCode,
      latitude: def.lat,
      longitude: def.lng,
      shop_types: def.shopTypes,
      description: def.description,
      phone: def.phone,
      email: `hello.${def.slug.replace(/-/g, '')}@demo.in`,
      opening_hours: JSON.stringify(def.hours),
      time_zone: TIME_ZONE,
      is_published: published,
      publish_status: published ? 'approved' : 'draft',
      amenities: def.amenities,
      gender_served: def.gender,
      is_sponsored: !!def.promotion,
      promotion_message: def.promotion ?? null,
      notification_settings: JSON.stringify(defaultNotificationPreferences()),
      created_at: new Date(joined.getTime() + 2 * HOUR),
    });
    // Its own booking link (docs/channels.md): /s/{slug}, the slug the demo gives the salon.
    data.salon_slugs.push({ slug: def.slug, merchant_id: id, created_at: joined });
    data.salon_links.push({ merchant_id: id, slug: def.slug });

    const services: SeedService[] = [];
    const menus = def.categories.map((name) => {
      const cat = def.shopTypes
        .map((type) => CATEGORIES.find((c) => c.name === name && c.shopCategory === type))
        .find((c) => c !== undefined);
      if (!cat) throw new Error(`seed: category ${name} does not fit ${def.name}`);
      data.merchant_categories.push({ merchant_id: id, category_id: categoryIds.get(cat)!, created_at: joined });
      // The catalogue lists each category's staples first (every salon that cuts hair offers a
      // haircut); the rest of the menu varies from salon to salon.
      const offered = SERVICE_MENU[name].filter((t) => !t.gender || def.gender === 'unisex' || t.gender === def.gender);
      const staples = name === 'Haircut & Styling' ? 2 : 1;
      const menu = [...offered.slice(0, staples), ...rng.shuffle(offered.slice(staples))];
      return { cat, menu };
    });
    for (let round = 0; services.length < def.serviceCount && menus.some((m) => m.menu.length > round); round++) {
      for (const { cat, menu } of menus) {
        const t = menu[round];
        if (!t || services.length >= def.serviceCount) continue;
        const price = Math.min(4999, Math.max(199, Math.round((t.basePrice * def.priceTier) / 50) * 50 - 1));
        services.push({
          id: randomUUID(),
          name: t.name,
          categoryName: cat.name,
          duration: t.duration,
          price,
          active: true,
          gender: t.gender,
        });
        data.services.push({
          id: services[services.length - 1].id,
          merchant_id: id,
          category_id: categoryIds.get(cat)!,
          name: t.name,
          description: t.description,
          duration_min: t.duration,
          price,
          discount_type: null,
          discount_value: 0,
          discount_active: false,
          active: true,
          image: categoryImage(cat.name),
          created_at: joined,
        });
      }
    }
    // A paused service shows the Inactive badge on the bigger menus.
    if (services.length >= 11) {
      services[services.length - 1].active = false;
      data.services[data.services.length - 1].active = false;
    }
    const discounted = rng.shuffle(services.filter((s) => s.active)).slice(0, def.slug === MERCHANT_SLUG ? 2 : rng.int(0, 2));
    discounted.forEach((s, i) => {
      const row = data.services.find((r) => r.id === s.id)!;
      if (i % 2 === 0) {
        row.discount_type = 'percentage';
        row.discount_value = rng.pick([10, 15, 20, 25]);
      } else {
        row.discount_type = 'flat';
        row.discount_value = Math.min(rng.pick([100, 150, 200, 250]), Math.floor(s.price / 2));
      }
      row.discount_active = true;
      s.price = servicePrice({ price: s.price, discountType: row.discount_type, discountValue: row.discount_value!, discountActive: true });
    });

    const staff: SeedStaff[] = def.staff.map((m, i) => {
      const workingHours: WorkingHoursDay[] = m.shift
        ? def.hours.map((d) => ({
            day: d.name,
            enabled: d.enabled && d.name !== m.shift!.dayOff,
            start: hhmm(toMinutes(d.openTime) + (m.shift!.startLate ?? 0)),
            end: d.closeTime,
          }))
        : [];
      const specializations = m.does === 'all' ? [] : services.filter((s) => m.does.includes(s.categoryName)).map((s) => s.name);
      // Two people have a one-off day off this week, so the slot picker has something to skip.
      const daysOff = (def.slug === MERCHANT_SLUG && i === 1) || (def.slug === 'blush-studio' && i === 1) ? [addDays(today, 3)] : [];
      const member: SeedStaff = {
        id: randomUUID(),
        name: m.name,
        status: m.status ?? 'Active',
        workingHours,
        daysOff,
        specializations,
      };
      data.staff.push({
        id: member.id,
        merchant_id: id,
        name: m.name,
        email: `${emailLocal(m.name)}@demo.in`,
        phone: phoneFrom(rng),
        role: m.role,
        rate: Math.round((100 + m.years * 25 + (m.role === 'Manager' ? 100 : 0)) / 50) * 50,
        status: member.status as 'Active' | 'On Leave',
        avatar_url: `/images/demo/staff/${++staffAvatar}.svg`,
        specializations,
        experience_years: m.years,
        working_hours: JSON.stringify(workingHours),
        days_off: daysOff,
        created_at: joined,
      });
      return member;
    });

    for (let n = 1; n <= def.images; n++) {
      data.shop_images.push({ merchant_id: id, url: `/images/demo/salons/${def.slug}-${n}.svg`, is_cover: n === 1, created_at: joined });
    }
    return { def, id, hours: def.hours, services, staff, busy: new Map() };
  });
  return salons;
}
