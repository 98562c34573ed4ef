import type { z } from 'zod';
import { round2 } from '../../../shared/money.js';
import { servicePrice } from '../../../shared/policy.js';
import type { DetailServiceWire, MerchantDetailWire, merchantByIdInput } from '../../../shared/schemas/discovery.js';
import type { Executor } from '../../db/executor.js';
import { findSalonDetails } from '../../db/repositories/discovery.js';
import type { Actor } from '../../deps.js';
import { notFound } from '../../errors.js';
import { managesSalon } from '../scope.js';
import { iso, publicName } from '../wire.js';
import { oneDecimal, pointOf } from './wire.js';

const UNCATEGORISED = { _id: 'other', name: 'Other services', icon: null };

/**
 * merchants/getMerchantById: everything the salon page shows. An unpublished salon is a 404
 * except to its owner and admins (who preview it).
 */
export async function getMerchantById(
  db: Executor,
  actor: Actor | null,
  input: z.output<typeof merchantByIdInput>,
): Promise<{ merchant: MerchantDetailWire }> {
  const m = await findSalonDetails(db, input.id);
  if (!m || (!m.is_published && !managesSalon(actor, input.id))) throw notFound('Salon');
  const { services: serviceRows, staff, images, reviews, social } = m;
  const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of m.ratings) if (r.rating >= 1 && r.rating <= 5) distribution[r.rating as 1 | 2 | 3 | 4 | 5] = Number(r.n);

  const categories = new Map<string, { _id: string; name: string; icon: string | null; services: DetailServiceWire[] }>();
  const services = serviceRows.map((s) => {
    const price = Number(s.price);
    const discountValue = Number(s.discount_value);
    const wire: DetailServiceWire = {
      _id: s.id,
      name: s.name,
      serviceName: s.name,
      description: s.description,
      duration: s.duration_min,
      price: round2(price),
      finalPrice: servicePrice({ price, discountType: s.discount_type, discountValue, discountActive: s.discount_active }),
      discountType: s.discount_type,
      discountValue: round2(discountValue),
      isDiscountActive: s.discount_active,
      image: s.image,
      category: s.category_id ? { _id: s.category_id, name: s.category_name ?? '' } : null,
    };
    const group = s.category_id ? { _id: s.category_id, name: s.category_name ?? '', icon: s.category_icon } : UNCATEGORISED;
    const entry = categories.get(group._id) ?? { ...group, services: [] };
    entry.services.push(wire);
    categories.set(group._id, entry);
    return wire;
  });

  return {
    merchant: {
      _id: m.id,
      shop_Name: m.shop_name,
      shop_Owner: m.shop_owner,
      Shop_Address: m.address,
      City: m.city,
      State: m.state,
      Country: m.country,
      shop_type: m.shop_types,
      description: m.description,
      openingHours: Array.isArray(m.opening_hours) ? m.opening_hours : [],
      phone: m.phone,
      official_Email: m.email,
      location: pointOf(m.latitude, m.longitude),
      timeZone: m.time_zone,
      amenities: m.amenities,
      gender: m.gender_served,
      rating: oneDecimal(Number(m.rating_avg)),
      reviewCount: m.review_count,
      reviews: reviews.map((r) => ({
        _id: r.id,
        userName: publicName(r.first_name, r.last_name),
        rating: r.rating,
        comment: r.comment,
        createdAt: iso(r.created_at),
        response: r.response_text ? { text: r.response_text, responseDate: iso(r.response_at ?? r.created_at) } : null,
        mine: actor?.id === r.user_id,
      })),
      ratingDistribution: distribution,
      services,
      categories: [...categories.values()],
      stylists: staff.map((s) => ({
        _id: s.id,
        name: s.name,
        role: s.role,
        image: s.avatar_url,
        specialization: s.specializations,
        experience: s.experience_years,
        status: s.status,
      })),
      shop_Images: images.map((i) => ({ _id: i.id, url: i.url, isCover: i.is_cover })),
      isPublished: m.is_published,
      isSponsored: m.is_sponsored,
      promotionMessage: m.promotion_message,
      lowestPrice: m.min_price == null ? null : round2(Number(m.min_price)),
      socialLinks: social.map((l) => ({ network: l.network, url: l.url })),
    },
  };
}
