import * as s from '../../shared/schemas/clients.js';
import * as rights from '../services/clients/dataRights.js';
import * as records from '../services/clients/records.js';
import { adminProcedure, merchantProcedure } from '../trpc/procedures.js';
import { errors } from './common.docs.js';

const tags = ['Client records'];
const CLIENT_404 = { 404: "No such client: the key names nobody who booked this salon (another salon's customers included)" };

/**
 * A salon's private records of its clients (docs/clients-and-reports.md): notes with their
 * history, allergy and patch-test flags, tags, before/after photos and visit history. Every call
 * reads and writes only the caller's salon.
 */
export const clientProcedures = {
  getRecord: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients/getRecord',
        tags,
        summary: "Read a client's record: flags, tags, notes with history, photos and visits",
        errorResponses: errors(400, 401, 403, CLIENT_404),
      },
    })
    .input(s.clientInput)
    .output(s.clientRecordAnswer)
    .query(({ ctx, input }) => records.getClientRecord(ctx.deps, ctx.actor, input)),
  updateProfile: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients/updateProfile',
        tags,
        summary: "Set a client's allergies, patch test and tags",
        errorResponses: errors(400, 401, 403, CLIENT_404),
      },
    })
    .input(s.updateClientProfileInput)
    .output(s.clientProfileAnswer)
    .mutation(({ ctx, input }) => records.updateClientProfile(ctx.deps, ctx.actor, input)),
  addNote: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients/addNote',
        tags,
        summary: 'Write a note about a client, or a new version of one (earlier versions are kept)',
        errorResponses: errors(400, 401, 403, {
          404: 'No such client, or `revises` names no note of this client at this salon',
          409: '`revises` is not the newest version: someone edited the note meanwhile',
        }),
      },
      successStatus: 201,
    })
    .input(s.addClientNoteInput)
    .output(s.clientNoteAnswer)
    .mutation(({ ctx, input }) => records.addClientNote(ctx.deps, ctx.actor, input)),
  addPhoto: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients/addPhoto',
        tags,
        summary: 'Add a private before/after photo of a client',
        description: 'The photo is re-encoded to WebP and kept with the record; no public URL serves it (read it with clients/getPhoto).',
        errorResponses: errors(400, 401, 403, CLIENT_404),
      },
      successStatus: 201,
    })
    .input(s.addClientPhotoInput)
    .output(s.clientPhotoAnswer)
    .mutation(({ ctx, input }) => records.addClientPhoto(ctx.deps, ctx.actor, input)),
  getPhoto: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients/getPhoto',
        tags,
        summary: "Read one of the salon's client photos as a data URL",
        errorResponses: errors(400, 401, 403, { 404: "No such photo at this salon (another salon's included)" }),
      },
    })
    .input(s.clientPhotoInput)
    .output(s.clientPhotoImageAnswer)
    .query(({ ctx, input }) => records.getClientPhoto(ctx.deps, ctx.actor, input)),
  deletePhoto: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients/deletePhoto',
        tags,
        summary: 'Delete a client photo',
        errorResponses: errors(400, 401, 403, { 404: "No such photo at this salon (another salon's included)" }),
      },
    })
    .input(s.clientPhotoInput)
    .output(s.deleteClientPhotoAnswer)
    .mutation(({ ctx, input }) => records.deleteClientPhoto(ctx.deps, ctx.actor, input)),
  getBookingFlags: merchantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/clients/getBookingFlags',
        tags,
        summary: "Allergy and patch-test flags and tags of the clients of the salon's bookings",
        description: 'Bookings of another salon, and clients with nothing flagged, are left out of the answer.',
        errorResponses: errors(400, 401, 403, 404),
      },
    })
    .input(s.bookingFlagsInput)
    .output(s.bookingFlagsAnswer)
    .query(({ ctx, input }) => records.getBookingClientFlags(ctx.deps, ctx.actor, input)),
};

const adminTags = ['Admin: data rights'];

/** DPDP Act 2023 requests: a person's client records across salons, exported or erased by an admin. */
export const clientAdminProcedures = {
  exportClientRecords: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/exportClientRecords',
        tags: adminTags,
        summary: "Export every salon's client records about a person (JSON)",
        description: 'A write only in that it is recorded in the audit log: who exported whose records, when.',
        errorResponses: errors(400, 401, 403, { 404: 'No account has this id' }),
      },
    })
    .input(s.dataSubjectInput)
    .output(s.clientExportAnswer)
    .mutation(({ ctx, input }) => rights.exportClientRecords(ctx.deps, ctx.actor, input)),
  eraseClientRecords: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/eraseClientRecords',
        tags: adminTags,
        summary: "Erase every salon's client records about a person",
        description: 'Notes (every version), flags, tags and photos. Bookings, invoices and payments stay: tax law keeps them.',
        errorResponses: errors(400, 401, 403, { 404: 'No account has this id' }),
      },
    })
    .input(s.eraseClientRecordsInput)
    .output(s.eraseClientRecordsAnswer)
    .mutation(({ ctx, input }) => rights.eraseClientRecords(ctx.deps, ctx.actor, input)),
};
