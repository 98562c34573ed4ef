import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let salon: SalonFixture;
let other: SalonFixture;
let asha: Actor;
let stranger: Actor;
let admin: Actor;
let ashasBooking: string;
let othersBooking: string;
let contactBooking: string;
const CONTACT = 'walk-in:meera@example.in';
let png: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Lotus Salon' });
  other = await createSalon(rt, { name: 'Other Salon' });
  const kiran = await createStaff(rt, salon.id, { name: 'Kiran' });
  const otherStaff = await createStaff(rt, other.id, { name: 'Ravi' });
  asha = await createCustomer(rt, { firstName: 'Asha' });
  stranger = await createCustomer(rt, { firstName: 'Stranger' });
  admin = await makeAccount(rt, 'admin');
  const past = new Date(Date.now() - 3 * 86_400_000);
  ashasBooking = await insertBookingRow(rt, {
    userId: asha.id,
    merchantId: salon.id,
    staffId: kiran,
    startsAt: past,
    status: 'completed',
    price: 800,
  });
  await rt.deps.db.updateTable('bookings').set({ payment_received: true }).where('id', '=', ashasBooking).execute();
  // Asha booked the other salon too: its records of her are its own.
  othersBooking = await insertBookingRow(rt, { userId: asha.id, merchantId: other.id, staffId: otherStaff, startsAt: past, price: 300 });
  // A desk contact of the salon: no account, the e-mail the desk typed.
  const row = await rt.deps.db
    .insertInto('bookings')
    .values({
      merchant_id: salon.id,
      staff_id: kiran,
      starts_at: new Date(Date.now() + 86_400_000),
      ends_at: new Date(Date.now() + 86_400_000 + 3_600_000),
      booking_date: '2030-01-01',
      booking_time: '10:00 AM',
      subtotal: 1200,
      total_price: 1200,
      total_duration: 60,
      contact_name: 'Meera Desk',
      contact_email: 'meera@example.in',
      contact_phone: '9812345678',
      confirmation: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  contactBooking = row.id;
  png = `data:image/png;base64,${(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c66' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;
});
afterAll(async () => {
  await rt.close();
});

const mine = () => rt.caller(salon.owner).clients;
const theirs = () => rt.caller(other.owner).clients;

describe('client records', () => {
  it('opens only for a client of the salon; another salon, a stranger or a customer gets nothing', async () => {
    const r = await mine().getRecord({ clientKey: asha.id });
    expect(r.data).toMatchObject({ source: 'account', email: asha.email, notes: [], photos: [] });
    expect(r.data.visits).toHaveLength(1);
    expect(r.data.visits[0]).toMatchObject({ total: 800, paid: 800, professional: 'Kiran', status: 'completed' });
    expect(r.data.totals).toEqual({ visits: 1, spent: 800 });
    // The desk contact by the e-mail the salon typed (any case).
    const meera = await mine().getRecord({ clientKey: 'walk-in:MEERA@example.in' });
    expect(meera.data).toMatchObject({ name: 'Meera Desk', source: 'walk-in', phone: '9812345678' });
    await expect(mine().getRecord({ clientKey: stranger.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(theirs().getRecord({ clientKey: CONTACT })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(theirs().getRecord({ merchantId: salon.id, clientKey: asha.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(asha).clients.getRecord({ clientKey: asha.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(null).clients.getRecord({ clientKey: asha.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(mine().getRecord({ clientKey: "x' or 1=1 --" })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('clientKey'),
    });
  });

  it('keeps allergies, patch test and tags per salon, refusing bad input by field', async () => {
    const saved = await mine().updateProfile({
      clientKey: asha.id,
      allergies: 'PPD (hair dye)',
      patchTest: 'passed',
      patchTestOn: '2026-11-20',
      tags: ['VIP', 'colour', 'VIP'],
    });
    expect(saved.data).toEqual({
      clientKey: asha.id,
      allergies: 'PPD (hair dye)',
      patchTest: 'passed',
      patchTestOn: '2026-11-20',
      tags: ['VIP', 'colour'],
    });
    await expect(mine().updateProfile({ clientKey: asha.id, allergies: '', patchTest: 'failed', tags: [] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('patchTestOn'),
    });
    await expect(
      mine().updateProfile({ clientKey: asha.id, allergies: '', patchTest: 'none', tags: Array.from({ length: 13 }, (_, i) => `t${i}`) }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('tags') });
    await expect(
      mine().updateProfile({ clientKey: asha.id, allergies: 'x'.repeat(501), patchTest: 'none', tags: [] }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('allergies'),
    });
    // The other salon's view of Asha is empty, and its write does not touch this salon's.
    expect((await theirs().getRecord({ clientKey: asha.id })).data.flags).toMatchObject({ allergies: '', tags: [] });
    await theirs().updateProfile({ clientKey: asha.id, allergies: '', patchTest: 'none', tags: ['other salon'] });
    expect((await mine().getRecord({ clientKey: asha.id })).data.flags.tags).toEqual(['VIP', 'colour']);
    await expect(theirs().updateProfile({ clientKey: CONTACT, allergies: 'x', patchTest: 'none', tags: [] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('shows the flags on the salon’s booking cards only', async () => {
    await mine().updateProfile({ clientKey: CONTACT, allergies: 'Latex', patchTest: 'none', tags: [] });
    const flags = await mine().getBookingFlags({ bookingIds: [ashasBooking, contactBooking, othersBooking] });
    expect(Object.fromEntries(flags.data.map((f) => [f.bookingId, [f.clientKey, f.allergies]]))).toEqual({
      [ashasBooking]: [asha.id, 'PPD (hair dye)'],
      [contactBooking]: [CONTACT, 'Latex'],
    });
    // The other salon asks about this salon's bookings: nothing.
    expect((await theirs().getBookingFlags({ bookingIds: [ashasBooking, contactBooking] })).data).toEqual([]);
    await expect(mine().getBookingFlags({ bookingIds: ['not-a-uuid'] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('keeps every version of a note with its author and time; an edit of an old version is refused', async () => {
    const first = await mine().addNote({ clientKey: asha.id, body: 'Colour: 6.1 + 20 vol' });
    expect(first.data).toMatchObject({ body: 'Colour: 6.1 + 20 vol', history: [] });
    expect(first.data.authorName).toMatch(/\S/);
    const second = await mine().addNote({ clientKey: asha.id, body: 'Colour: 6.1 + 30 vol', revises: first.data._id });
    expect(second.data.body).toBe('Colour: 6.1 + 30 vol');
    expect(second.data.history.map((h) => h.body)).toEqual(['Colour: 6.1 + 20 vol']);
    expect(second.data.firstWrittenAt).toBe(first.data.createdAt);
    await expect(mine().addNote({ clientKey: asha.id, body: 'stale', revises: first.data._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('revises'),
    });
    // Another salon cannot revise (or learn of) this salon's note, nor a note about someone else.
    await expect(theirs().addNote({ clientKey: asha.id, body: 'hijack', revises: second.data._id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(mine().addNote({ clientKey: CONTACT, body: 'moved', revises: second.data._id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(mine().addNote({ clientKey: asha.id, body: '   ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('body'),
    });
    const record = await mine().getRecord({ clientKey: asha.id });
    expect(record.data.notes).toHaveLength(1);
    expect((await theirs().getRecord({ clientKey: asha.id })).data.notes).toEqual([]);
    // Append-only in the database too: no statement may change a version.
    await expect(
      rt.deps.db.updateTable('client_notes').set({ body: 'rewritten' }).where('id', '=', first.data._id).execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('lets one of two parallel edits of the same version win', async () => {
    const note = await mine().addNote({ clientKey: CONTACT, body: 'Prefers mornings' });
    const results = await Promise.allSettled(
      ['Prefers 9 am', 'Prefers 10 am', 'Prefers 11 am'].map((body) =>
        mine().addNote({ clientKey: CONTACT, body, revises: note.data._id }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
    const notes = (await mine().getRecord({ clientKey: CONTACT })).data.notes;
    expect(notes).toHaveLength(1);
    expect(notes[0].history.map((h) => h.body)).toEqual(['Prefers mornings']);
  });

  it('keeps photos private to the salon: re-encoded, read only through the salon’s own call', async () => {
    const added = await mine().addPhoto({ clientKey: asha.id, kind: 'before', caption: 'Roots', dataUrl: png });
    expect(added.data).toMatchObject({ kind: 'before', caption: 'Roots', width: 40, height: 30 });
    expect(JSON.stringify(added)).not.toContain('/uploads/');
    const read = await mine().getPhoto({ photoId: added.data._id });
    expect(read.data.dataUrl).toMatch(/^data:image\/webp;base64,/);
    const bytes = Buffer.from(read.data.dataUrl.split(',')[1], 'base64');
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    await expect(theirs().getPhoto({ photoId: added.data._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(theirs().deletePhoto({ photoId: added.data._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(rt.caller(asha).clients.getPhoto({ photoId: added.data._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      mine().addPhoto({ clientKey: asha.id, kind: 'after', dataUrl: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('file') });
    await expect(mine().addPhoto({ clientKey: asha.id, kind: 'during' as 'after', dataUrl: png })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('kind'),
    });
    await expect(theirs().addPhoto({ clientKey: CONTACT, kind: 'after', dataUrl: png })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await mine().getRecord({ clientKey: asha.id })).data.photos.map((p) => p._id)).toEqual([added.data._id]);
  });
});

describe('DPDP data rights (admin)', () => {
  it('exports every salon’s records about a person as JSON, then erases them; only an admin may', async () => {
    await expect(rt.caller(salon.owner).admin.exportClientRecords({ email: asha.email })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(asha).admin.eraseClientRecords({ email: asha.email, confirm: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller(admin).admin.exportClientRecords({})).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('email'),
    });
    await expect(rt.caller(admin).admin.eraseClientRecords({ email: asha.email, confirm: false as true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('confirm'),
    });

    const exported = await rt.caller(admin).admin.exportClientRecords({ accountId: asha.id });
    expect(exported.data.subject).toMatchObject({ accountId: asha.id, email: asha.email });
    const bySalon = Object.fromEntries(exported.data.salons.map((s) => [s.salonName, s]));
    expect(Object.keys(bySalon).sort()).toEqual(['Lotus Salon', 'Other Salon']);
    expect(bySalon['Lotus Salon'].notes.map((n) => n.body)).toEqual(['Colour: 6.1 + 20 vol', 'Colour: 6.1 + 30 vol']);
    expect(bySalon['Lotus Salon'].photos[0].dataUrl).toMatch(/^data:image\/webp;base64,/);
    expect(bySalon['Other Salon'].profile?.tags).toEqual(['other salon']);
    // The export is recorded in the audit log.
    const audit = await rt.deps.db.selectFrom('audit_log').select('action').where('action', '=', 'clients.export').execute();
    expect(audit.length).toBeGreaterThan(0);

    const erased = await rt.caller(admin).admin.eraseClientRecords({ email: asha.email, confirm: true });
    expect(erased.erased).toEqual({ profiles: 2, notes: 2, photos: 1 });
    expect((await mine().getRecord({ clientKey: asha.id })).data).toMatchObject({ notes: [], photos: [], flags: { tags: [] } });
    // The desk contact's records are someone else's and stay; bookings stay for the tax records.
    expect((await mine().getRecord({ clientKey: CONTACT })).data.notes).toHaveLength(1);
    expect((await mine().getRecord({ clientKey: asha.id })).data.visits).toHaveLength(1);
    expect((await rt.caller(admin).admin.eraseClientRecords({ email: asha.email, confirm: true })).erased).toEqual({
      profiles: 0,
      notes: 0,
      photos: 0,
    });
    const erasures = await rt.deps.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'clients.erase').execute();
    expect(erasures.map((e) => e.entity_id)).toEqual([asha.id, asha.id]);
  });
});
