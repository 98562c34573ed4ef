import type { z } from 'zod';
import {
  type createTestimonialInput,
  NEWSLETTER_THANKS,
  type newsletterInput,
  type TestimonialWire,
  type testimonialByIdInput,
  type updateTestimonialInput,
} from '../../../shared/schemas/discovery.js';
import type { Executor } from '../../db/executor.js';
import type { Db } from '../../db/index.js';
import {
  deleteTestimonial as deleteTestimonialRow,
  findTestimonial,
  insertNewsletterSubscriber,
  insertTestimonial,
  listTestimonials,
  updateTestimonial as updateTestimonialRow,
} from '../../db/repositories/discovery.js';
import { badRequest, notFound } from '../../errors.js';
import { toTestimonialWire } from './wire.js';

/* Testimonials (public list, admin-managed) and the newsletter sign-up. */

export async function getTestimonials(db: Executor): Promise<TestimonialWire[]> {
  return (await listTestimonials(db)).map(toTestimonialWire);
}

export async function getTestimonialById(db: Executor, input: z.output<typeof testimonialByIdInput>) {
  const row = await findTestimonial(db, input.id);
  if (!row) throw notFound('Testimonial');
  return { testimonial: toTestimonialWire(row) };
}

// Admin changes run in a transaction, though each is one statement: the admin's audit row
// commits with the change (db/pendingAudit.ts).

export async function createTestimonial(db: Db, input: z.output<typeof createTestimonialInput>) {
  const row = await db.transaction().execute((trx) => insertTestimonial(trx, { ...input, avatar: input.avatar ?? null }));
  return { testimonial: toTestimonialWire(row) };
}

export async function updateTestimonial(db: Db, input: z.output<typeof updateTestimonialInput>) {
  const { id, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (!Object.keys(changes).length) {
    if (!(await findTestimonial(db, id))) throw notFound('Testimonial');
    throw badRequest('Send at least one of title, content, name, avatar or rating');
  }
  // A miss throws inside the transaction, so it rolls back with the audit row it would carry.
  const row = await db.transaction().execute(async (trx) => {
    const updated = await updateTestimonialRow(trx, id, changes);
    if (!updated) throw notFound('Testimonial');
    return updated;
  });
  return { testimonial: toTestimonialWire(row) };
}

export async function deleteTestimonial(db: Db, input: z.output<typeof testimonialByIdInput>) {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteTestimonialRow(trx, input.id))) throw notFound('Testimonial');
  });
  return { message: 'Testimonial deleted' };
}

/** Stores the address once; `created` is false for a repeat (answered 200 instead of 201). */
export async function subscribeNewsletter(db: Executor, input: z.output<typeof newsletterInput>) {
  const created = await insertNewsletterSubscriber(db, input.email);
  return { message: NEWSLETTER_THANKS, created };
}
