import type { Runtime } from '../../src/server/bootstrap.js';
import { recordJobFailure } from '../../src/server/db/repositories/admin/system.js';
import { jobSql } from '../../src/server/jobs/boss.js';
import { bossDb } from '../../src/server/jobs/bossDb.js';
import { createDiscoverySalon } from './discoveryFixtures.js';
import { createCategory, createStaff } from './fixtures.js';

/** A salon that passes all 14 completion checks and waits for approval. */
export async function pendingCompleteSalon(rt: Runtime, name: string, city = 'Pune') {
  const db = rt.deps.db;
  const salon = await createDiscoverySalon(rt, {
    name,
    published: false,
    city,
    state: 'Maharashtra',
    address: '14 Koregaon Park Road',
    lat: 18.5362,
    lng: 73.8939,
    cover: '/uploads/cover.jpg',
    services: [{ name: 'Keratin Spa', price: 1200, category: 'Hair Care' }],
  });
  await createStaff(rt, salon.id);
  await db
    .insertInto('merchant_categories')
    .values({ merchant_id: salon.id, category_id: await createCategory(rt, 'Hair Care') })
    .execute();
  await db
    .updateTable('merchants')
    .set({
      phone: '9876543210',
      email: 'owner@salon.in',
      description: 'A calm salon with trained stylists and organic products.',
      publish_status: 'pending',
      publish_requested_at: new Date(),
    })
    .where('id', '=', salon.id)
    .execute();
  return salon;
}

/** A contact message (no account) or a support ticket (with one), as the contact form stores them. */
export async function insertSupportMessage(rt: Runtime, kind: 'contact' | 'ticket', accountId: string | null) {
  const row = await rt.deps.db
    .insertInto('support_messages')
    .values({ kind, account_id: accountId, name: 'Asha', email: 'asha@example.in', subject: 'Refund', message: 'Where is my refund?' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A background job that used up its attempts (through pg-boss's API: sent with none left, failed), on the admin's list. */
export async function insertFailedJob(rt: Runtime, kind = 'booking_reminder') {
  const db = bossDb(rt.deps.db);
  const id = (await jobSql.send(kind, {}, { db, retryLimit: 0 }))!;
  await jobSql.fail(kind, id, { message: 'connect ETIMEDOUT' }, { db });
  await recordJobFailure(rt.deps.db, { jobId: id, kind, attempts: 5, lastError: 'connect ETIMEDOUT' });
  return id;
}
