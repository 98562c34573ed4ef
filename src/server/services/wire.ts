import type { MerchantAccountWire, UserWire } from '../../shared/schemas/auth.js';
import type { Account, Merchant } from '../db/types.js';

export const iso = (d: Date | string | null | undefined): string =>
  d == null ? '' : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

/** The public face of a person (reviews): "Priya S.", a first name and an initial. */
export function publicName(first: string, last: string): string {
  const initial = last.trim() ? `${last.trim()[0].toUpperCase()}.` : '';
  return `${first.trim()} ${initial}`.trim() || 'Customer';
}

export function toUserWire(a: Account, m?: Merchant | null): UserWire {
  return {
    _id: a.id,
    firstName: a.first_name,
    lastName: a.last_name,
    email: a.email,
    phone: a.phone,
    role: a.role,
    userType: a.role,
    avatar: a.avatar_url,
    profileImage: a.avatar_url,
    createdAt: iso(a.created_at),
    emailVerified: a.email_verified_at != null,
    phoneVerified: a.phone_verified_at != null,
    ...(m ? { shop_Name: m.shop_name, shop_type: m.shop_types } : {}),
  };
}

export function toMerchantAccountWire(a: Account, m: Merchant): MerchantAccountWire {
  return {
    _id: m.id,
    role: 'merchant',
    userType: 'merchant',
    shop_Name: m.shop_name,
    shop_Owner: m.shop_owner,
    email: a.email,
    official_Email: m.email,
    phone: m.phone,
    shop_type: m.shop_types,
    City: m.city,
    State: m.state,
    Shop_Address: m.address,
    isPublished: m.is_published,
    createdAt: iso(m.created_at),
  };
}
