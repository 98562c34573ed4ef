import { z } from 'zod';
import { dateSchema, emailSchema, idSchema } from '../validation.js';
import { jsonValue } from './jsonValue.js';

/**
 * Client records (issue 41 item 1): a salon's private notes, flags, tags and before/after photos
 * about one of its clients, and the admin's DPDP export and erasure of one person's records.
 */

/** An account's id, or 'walk-in:<e-mail>' for the salon's own desk contact (as on the Customers screen). */
export const CLIENT_KEY_RE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|walk-in:[^\s@]+@[^\s@]+)$/;
export const clientKeySchema = z
  .string({ error: 'clientKey: choose a client' })
  .trim()
  .max(300, 'clientKey: choose a client')
  .transform((v) => v.toLowerCase())
  .refine((v) => CLIENT_KEY_RE.test(v), "clientKey: an account id or 'walk-in:<e-mail>'");

export const PATCH_TESTS = ['none', 'passed', 'failed'] as const;
export type PatchTest = (typeof PATCH_TESTS)[number];
export const PHOTO_KINDS = ['before', 'after'] as const;
export const NOTE_MAX = 4000;
export const TAG_MAX = 12;
export const PHOTOS_PER_CLIENT = 40;
/** Decoded size limit of a client photo upload (the shop gallery's). */
export const CLIENT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const merchantId = idSchema.optional();
export const clientInput = z.object({ merchantId, clientKey: clientKeySchema });

const tagSchema = z
  .string({ error: 'tags: each tag is text' })
  .trim()
  .min(1, 'tags: a tag cannot be empty')
  .max(30, 'tags: a tag has at most 30 characters');

export const updateClientProfileInput = z
  .object({
    merchantId,
    clientKey: clientKeySchema,
    allergies: z.string({ error: 'allergies: text' }).trim().max(500, 'allergies: at most 500 characters'),
    patchTest: z.enum(PATCH_TESTS, { error: 'patchTest: none, passed or failed' }),
    patchTestOn: dateSchema.nullable().optional(),
    tags: z.array(tagSchema, { error: 'tags: a list of tags' }).max(TAG_MAX, `tags: at most ${TAG_MAX}`),
  })
  .superRefine((v, ctx) => {
    if (v.patchTest !== 'none' && !v.patchTestOn)
      ctx.addIssue({ code: 'custom', path: ['patchTestOn'], message: 'patchTestOn: the date of the patch test' });
  });

export const addClientNoteInput = z.object({
  merchantId,
  clientKey: clientKeySchema,
  body: z
    .string({ error: 'body: write the note' })
    .trim()
    .min(1, 'body: write the note')
    .max(NOTE_MAX, `body: at most ${NOTE_MAX} characters`),
  /** The version this edits (the newest of its note); absent for a new note. */
  revises: idSchema.optional(),
});

export const addClientPhotoInput = z.object({
  merchantId,
  clientKey: clientKeySchema,
  kind: z.enum(PHOTO_KINDS, { error: 'kind: before or after' }),
  caption: z.string({ error: 'caption: text' }).trim().max(200, 'caption: at most 200 characters').default(''),
  /** A data URL or bare base64 (JPEG, PNG or WebP); re-encoded to WebP on the server. */
  dataUrl: z.string({ error: 'dataUrl: choose a photo' }).min(1, 'dataUrl: choose a photo').max(16_000_000, 'dataUrl: at most 10MB'),
});

export const clientPhotoInput = z.object({ merchantId, photoId: idSchema });

export const bookingFlagsInput = z.object({
  merchantId,
  bookingIds: z.array(idSchema, { error: 'bookingIds: a list of booking ids' }).max(500, 'bookingIds: at most 500 at a time'),
});

export const clientFlagsWire = z.object({
  clientKey: z.string(),
  allergies: z.string(),
  patchTest: z.enum(PATCH_TESTS),
  patchTestOn: z.string().nullable(),
  tags: z.array(z.string()),
});
export type ClientFlags = z.infer<typeof clientFlagsWire>;

export const bookingFlagsAnswer = z.object({
  data: z.array(clientFlagsWire.extend({ bookingId: z.string() })),
});

const noteVersion = z.object({ _id: z.string(), body: z.string(), authorName: z.string(), createdAt: z.string() });
export const clientNoteWire = z.object({
  /** The newest version's id (what an edit revises). */
  _id: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  /** When the note was first written. */
  firstWrittenAt: z.string(),
  /** Earlier versions, newest first. */
  history: z.array(noteVersion),
});
export type ClientNoteWire = z.infer<typeof clientNoteWire>;

export const clientPhotoWire = z.object({
  _id: z.string(),
  kind: z.enum(PHOTO_KINDS),
  caption: z.string(),
  width: z.number(),
  height: z.number(),
  createdAt: z.string(),
});
export type ClientPhotoWire = z.infer<typeof clientPhotoWire>;

export const visitWire = z.object({
  _id: z.string(),
  kind: z.enum(['booking', 'counter']),
  date: z.string(),
  time: z.string().nullable(),
  status: z.string(),
  services: z.array(z.object({ name: z.string(), price: z.number() })),
  professional: z.string().nullable(),
  /** What the booking cost after discounts (₹); null for a counter visit, which records no price. */
  total: z.number().nullable(),
  /** What was taken: the prepayment, or the total once the salon ticked "payment received". */
  paid: z.number(),
  paymentMethod: z.string().nullable(),
});
export type VisitWire = z.infer<typeof visitWire>;

export const clientRecordAnswer = z.object({
  data: z.object({
    clientKey: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    source: z.enum(['account', 'walk-in']),
    flags: clientFlagsWire,
    notes: z.array(clientNoteWire),
    photos: z.array(clientPhotoWire),
    visits: z.array(visitWire),
    totals: z.object({ visits: z.number(), spent: z.number() }),
  }),
});
export type ClientRecordWire = z.infer<typeof clientRecordAnswer>['data'];

export const clientProfileAnswer = z.object({ data: clientFlagsWire, message: z.string() });
export const clientNoteAnswer = z.object({ data: clientNoteWire, message: z.string() });
export const clientPhotoAnswer = z.object({ data: clientPhotoWire, message: z.string() });
export const clientPhotoImageAnswer = z.object({ data: z.object({ _id: z.string(), dataUrl: z.string() }) });
export const deleteClientPhotoAnswer = z.object({ success: z.literal(true), message: z.string() });

/** DPDP Act 2023: the person whose records an admin exports or erases, by account and/or e-mail. */
export const dataSubjectInput = z
  .object({
    accountId: idSchema.optional(),
    email: emailSchema.optional(),
  })
  .refine((v) => v.accountId || v.email, { message: 'email: name the person by account id or e-mail', path: ['email'] });

export const eraseClientRecordsInput = z
  .object({
    accountId: idSchema.optional(),
    email: emailSchema.optional(),
    /** Must be true: the erasure cannot be undone. */
    confirm: jsonValue(z.literal(true, { error: 'confirm: erasure cannot be undone; send confirm: true' })),
  })
  .refine((v) => v.accountId || v.email, { message: 'email: name the person by account id or e-mail', path: ['email'] });

export const clientExportAnswer = z.object({
  data: z.object({
    exportedAt: z.string(),
    subject: z.object({ accountId: z.string().nullable(), email: z.string().nullable(), clientKeys: z.array(z.string()) }),
    salons: z.array(
      z.object({
        merchantId: z.string(),
        salonName: z.string(),
        clientKey: z.string(),
        profile: z
          .object({
            allergies: z.string(),
            patchTest: z.string(),
            patchTestOn: z.string().nullable(),
            tags: z.array(z.string()),
            updatedAt: z.string(),
          })
          .nullable(),
        notes: z.array(
          z.object({ _id: z.string(), body: z.string(), authorName: z.string(), createdAt: z.string(), revises: z.string().nullable() }),
        ),
        photos: z.array(z.object({ _id: z.string(), kind: z.string(), caption: z.string(), createdAt: z.string(), dataUrl: z.string() })),
      }),
    ),
  }),
});

export const eraseClientRecordsAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  erased: z.object({ profiles: z.number(), notes: z.number(), photos: z.number() }),
});
