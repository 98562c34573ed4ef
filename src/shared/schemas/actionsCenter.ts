import { z } from 'zod';

/*
 * The Google Actions Center "appointments redirect" feeds (Reserve with Google), as documented at
 * developers.google.com/actions-center/verticals/appointments/redirect/reference/feeds: the entity
 * feed (EntityFeed: where each salon is) and the action feed v2 (ActionFeed: the link that books
 * at it), in their JSON form (proto3 field names), with the descriptor file each upload carries.
 * Written from the documented messages; `npm run feeds` and /feeds/actions-center/* answer files
 * that these schemas accept (tests/server/channelFeeds.test.ts).
 */

/** PostalAddress: country (ISO 3166-1 alpha-2), locality, postal code and street address are required. */
const postalAddress = z.strictObject({
  country: z.string().regex(/^[A-Z]{2}$/),
  locality: z.string().min(1),
  region: z.string().min(1).optional(),
  postal_code: z.string().min(1),
  street_address: z.string().min(1),
});

/** GeoCoordinates: latitude and longitude, an address, or both (at least one of them). */
const geoCoordinates = z
  .strictObject({
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    address: postalAddress.optional(),
    unstructured_address: z.string().min(1).optional(),
  })
  .refine((g) => (g.latitude !== undefined && g.longitude !== undefined) || g.address || g.unstructured_address, {
    error: 'location: latitude and longitude, or an address',
  })
  .refine((g) => !(g.address && g.unstructured_address), { error: 'location: address and unstructured_address are one of' })
  .refine((g) => (g.latitude === undefined) === (g.longitude === undefined), { error: 'location: latitude and longitude together' });

/** Entity: an opaque unique id (URL-safe recommended), the name and the location are required. */
export const actionsCenterEntity = z.strictObject({
  entity_id: z.string().regex(/^[A-Za-z0-9._~-]+$/),
  name: z.string().min(1),
  /** With its country code: +919876543210. */
  telephone: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/)
    .optional(),
  url: z.url().optional(),
  location: geoCoordinates,
});

export const actionsCenterEntityFeed = z
  .strictObject({ data: z.array(actionsCenterEntity) })
  .refine((f) => new Set(f.data.map((e) => e.entity_id)).size === f.data.length, { error: 'entity_id: unique across all entities' });

/** ActionDetail (v2): the entity it books at, a link id, the deep link, and an appointment action. */
export const actionsCenterActionDetail = z.strictObject({
  entity_id: z.string().min(1),
  link_id: z.string().min(1),
  url: z.url().regex(/^https?:\/\//),
  actions: z.array(z.strictObject({ appointment_info: z.strictObject({}) })).min(1),
});

export const actionsCenterActionFeed = z
  .strictObject({ data: z.array(actionsCenterActionDetail) })
  .refine((f) => new Set(f.data.map((a) => `${a.entity_id}/${a.link_id}`)).size === f.data.length, {
    error: 'link_id: unique per entity',
  });

/** The descriptor file uploaded with the data files. */
export const actionsCenterDescriptor = z.strictObject({
  generation_timestamp: z.number().int().positive(),
  name: z.enum(['reservewithgoogle.entity', 'reservewithgoogle.action.v2']),
  data_file: z.array(z.string().min(1)).min(1),
});

export type ActionsCenterEntityFeed = z.infer<typeof actionsCenterEntityFeed>;
export type ActionsCenterActionFeed = z.infer<typeof actionsCenterActionFeed>;
