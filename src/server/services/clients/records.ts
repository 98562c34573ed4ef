import type { z } from 'zod';
import {
  type addClientNoteInput,
  type addClientPhotoInput,
  type bookingFlagsInput,
  CLIENT_PHOTO_MAX_BYTES,
  type ClientFlags,
  type ClientNoteWire,
  type clientInput,
  type clientPhotoInput,
  PHOTOS_PER_CLIENT,
  type updateClientProfileInput,
} from '../../../shared/schemas/clients.js';
import { findAccountName } from '../../db/repositories/accounts.js';
import * as repo from '../../db/repositories/clients.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { shopOf } from '../scope.js';
import { reencodeUpload } from '../shop/images.js';
import { iso } from '../wire.js';

/** Before/after photos are looked at side by side on a desk screen or a phone. */
const PHOTO_MAX_SIDE = 1280;

const money = (v: string | number | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);
const day = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString().slice(0, 10));

const NO_FLAGS = { allergies: '', patchTest: 'none' as const, patchTestOn: null, tags: [] };

function flagsWire(key: string, p: repo.ProfileRow | undefined): ClientFlags {
  if (!p) return { clientKey: key, ...NO_FLAGS };
  return { clientKey: key, allergies: p.allergies, patchTest: p.patch_test, patchTestOn: day(p.patch_test_on), tags: p.tags };
}

/** The salon a call acts on and the client it names, who must be one of that salon's clients. */
async function salonClient(deps: AppDeps, actor: Actor, input: { merchantId?: string; clientKey: string }) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const client = await repo.findClient(deps.db, merchantId, input.clientKey);
  // The same answer for "no such person" and "someone else's customer": a salon learns nothing
  // about people who never came to it.
  if (!client) throw notFound('Client');
  return { merchantId, key: input.clientKey, client };
}

/**
 * Notes as the desk reads them: one entry per note with its newest version on top and the
 * versions it replaced (who wrote each, when) below, newest first.
 */
export function notesOf(versions: repo.NoteVersionRow[]): ClientNoteWire[] {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const revised = new Set(versions.map((v) => v.revises).filter((id): id is string => id !== null));
  return versions
    .filter((v) => !revised.has(v.id))
    .map((head) => {
      const history = [];
      for (let prev = head.revises ? byId.get(head.revises) : undefined; prev; prev = prev.revises ? byId.get(prev.revises) : undefined) {
        history.push({ _id: prev.id, body: prev.body, authorName: prev.author_name, createdAt: iso(prev.created_at) });
      }
      const first = history.at(-1)?.createdAt ?? iso(head.created_at);
      return {
        _id: head.id,
        body: head.body,
        authorName: head.author_name,
        createdAt: iso(head.created_at),
        firstWrittenAt: first,
        history,
      };
    });
}

const photoWire = (p: repo.PhotoRow) => ({
  _id: p.id,
  kind: p.kind,
  caption: p.caption,
  width: p.width,
  height: p.height,
  createdAt: iso(p.created_at),
});

export async function getClientRecord(deps: AppDeps, actor: Actor, input: z.output<typeof clientInput>) {
  const { merchantId, key, client } = await salonClient(deps, actor, input);
  const [profile, versions, photos, visits] = await Promise.all([
    repo.findProfile(deps.db, merchantId, key),
    repo.listNoteVersions(deps.db, merchantId, key),
    repo.listPhotos(deps.db, merchantId, key),
    repo.listVisits(deps.db, merchantId, key),
  ]);
  const visitWire = visits.map((v) => ({
    _id: v.id,
    kind: v.kind,
    date: v.date,
    time: v.time,
    status: v.status,
    services: v.services.map((s) => ({ name: s.name, price: money(s.price) ?? 0 })),
    professional: v.professional,
    total: money(v.total),
    paid: money(v.paid) ?? 0,
    paymentMethod: v.payment_method,
  }));
  const came = visitWire.filter((v) => v.status === 'completed' || (v.kind === 'counter' && v.status !== 'cancelled'));
  return {
    data: {
      clientKey: key,
      ...client,
      flags: flagsWire(key, profile),
      notes: notesOf(versions),
      photos: photos.map(photoWire),
      visits: visitWire,
      totals: { visits: came.length, spent: money(visitWire.reduce((n, v) => n + v.paid, 0)) ?? 0 },
    },
  };
}

export async function updateClientProfile(deps: AppDeps, actor: Actor, input: z.output<typeof updateClientProfileInput>) {
  const { merchantId, key } = await salonClient(deps, actor, input);
  const tags = [...new Set(input.tags)];
  const row = await repo.upsertProfile(deps.db, {
    merchantId,
    key,
    allergies: input.allergies,
    patchTest: input.patchTest,
    patchTestOn: input.patchTest === 'none' ? null : (input.patchTestOn ?? null),
    tags,
    by: actor.id,
  });
  return { data: flagsWire(key, row), message: 'Client details saved' };
}

async function authorName(deps: AppDeps, actor: Actor) {
  const a = await findAccountName(deps.db, actor.id);
  const name = `${a.first_name} ${a.last_name}`.trim() || a.email;
  return actor.role === 'admin' ? `${name} (GlowBook admin)` : name;
}

/**
 * Adds a note, or a new version of one (`revises`: the version the editor started from, which
 * must be the newest). Nothing is overwritten: the earlier versions stay in the note's history.
 */
export async function addClientNote(deps: AppDeps, actor: Actor, input: z.output<typeof addClientNoteInput>) {
  const { merchantId, key } = await salonClient(deps, actor, input);
  if (input.revises) {
    const prev = await repo.findNoteVersion(deps.db, merchantId, key, input.revises);
    if (!prev) throw notFound('Note');
    if (prev.revised) throw conflict('revises: this note was edited meanwhile; reload it and edit the newest version');
  }
  const row = await repo.insertNote(deps.db, {
    merchantId,
    key,
    body: input.body,
    authorId: actor.id,
    authorName: await authorName(deps, actor),
    revises: input.revises ?? null,
  });
  if (!row) throw conflict('revises: this note was edited meanwhile; reload it and edit the newest version');
  const note = notesOf(await repo.listNoteVersions(deps.db, merchantId, key)).find((n) => n._id === row.id);
  if (!note) throw notFound('Note');
  return { data: note, message: input.revises ? 'Note updated; the earlier version is kept in its history' : 'Note added' };
}

export async function addClientPhoto(deps: AppDeps, actor: Actor, input: z.output<typeof addClientPhotoInput>) {
  const { merchantId, key } = await salonClient(deps, actor, input);
  if ((await repo.countPhotos(deps.db, merchantId, key)) >= PHOTOS_PER_CLIENT) {
    throw badRequest(`file: a client can have at most ${PHOTOS_PER_CLIENT} photos; delete one first`, 'file');
  }
  const webp = await reencodeUpload(input.dataUrl, CLIENT_PHOTO_MAX_BYTES, PHOTO_MAX_SIDE);
  const row = await repo.insertPhoto(deps.db, {
    merchantId,
    key,
    kind: input.kind,
    caption: input.caption,
    bytes: webp.bytes,
    width: webp.width,
    height: webp.height,
    by: actor.id,
  });
  return { data: photoWire(row), message: 'Photo added' };
}

/** A photo's bytes as a data URL: answered only to the salon that took it, never at a public URL. */
export async function getClientPhoto(deps: AppDeps, actor: Actor, input: z.output<typeof clientPhotoInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const row = await repo.findPhotoBytes(deps.db, merchantId, input.photoId);
  if (!row) throw notFound('Photo');
  return { data: { _id: row.id, dataUrl: `data:image/webp;base64,${Buffer.from(row.bytes).toString('base64')}` } };
}

export async function deleteClientPhoto(deps: AppDeps, actor: Actor, input: z.output<typeof clientPhotoInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  if (!(await repo.deletePhoto(deps.db, merchantId, input.photoId))) throw notFound('Photo');
  return { success: true as const, message: 'Photo deleted' };
}

/** The client, allergy and patch-test flags and tags of each booking card on screen (only the salon's bookings). */
export async function getBookingClientFlags(deps: AppDeps, actor: Actor, input: z.output<typeof bookingFlagsInput>) {
  const merchantId = await shopOf(deps.db, actor, input.merchantId);
  const rows = await repo.flagsForBookings(deps.db, merchantId, [...new Set(input.bookingIds)]);
  return {
    data: rows.map((r) => ({
      bookingId: r.booking_id,
      clientKey: r.key,
      allergies: r.allergies ?? '',
      patchTest: r.patch_test ?? 'none',
      patchTestOn: day(r.patch_test_on ?? null),
      tags: r.tags ?? [],
    })),
  };
}
