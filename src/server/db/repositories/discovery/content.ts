import type { Executor } from '../../executor.js';

/* The content the site shows besides salons: testimonials, and the newsletter's subscribers. */

export function listTestimonials(db: Executor) {
  return db.selectFrom('testimonials').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export function findTestimonial(db: Executor, id: string) {
  return db.selectFrom('testimonials').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertTestimonial(
  db: Executor,
  values: { title: string; content: string; name: string; avatar: string | null; rating: number },
) {
  return db.insertInto('testimonials').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateTestimonial(
  db: Executor,
  id: string,
  values: Partial<{ title: string; content: string; name: string; avatar: string | null; rating: number }>,
) {
  return db.updateTable('testimonials').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteTestimonial(db: Executor, id: string): Promise<boolean> {
  const r = await db.deleteFrom('testimonials').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** True when the address is new; a repeat subscription changes nothing. */
export async function insertNewsletterSubscriber(db: Executor, email: string): Promise<boolean> {
  const r = await db
    .insertInto('newsletter_subscribers')
    .values({ email })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}
