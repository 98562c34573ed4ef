import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PendingAudit, withPendingAudit } from '../../src/server/db/pendingAudit.js';
import { recordAudit } from '../../src/server/db/repositories/audit.js';
import type { Actor } from '../../src/server/deps.js';
import { enqueueJob } from '../../src/server/jobs/queue.js';
import { registerTestJobHandler } from '../../src/server/jobs/registry.js';
import { startJobRunner } from '../../src/server/jobs/runner.js';
import { appRouter } from '../../src/server/routers/index.js';
import { auditDetails } from '../../src/server/trpc/procedures.js';
import { insertFailedJob, insertSupportMessage, pendingCompleteSalon } from '../helpers/adminFixtures.js';
import { createCategory, createSalon, createStaff, insertBookingRow } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';
import { salonWithCompletedOnlinePayment } from '../helpers/settlements.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const auditOf = (action: string) => rt.deps.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

describe('admin actions outside the admin area are audited', () => {
  it('records testimonial changes by an admin, with the input and the entity id', async () => {
    const admin = await makeAccount(rt, 'admin');
    const t = await rt
      .caller(admin)
      .testimonials.createTestimonials({ title: 'Lovely', content: 'Great haircut and friendly staff.', name: 'Riya', rating: 5 });
    const created = await auditOf('api.testimonials.createTestimonials');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actor_id: admin.id, entity: 'testimonials' });
    expect((created[0].details as { input: { name: string } }).input.name).toBe('Riya');

    const id = t.testimonial._id;
    await rt.caller(admin).testimonials.deleteTestimonial({ id });
    const deleted = await auditOf('api.testimonials.deleteTestimonial');
    expect(deleted.map((d) => d.entity_id)).toEqual([id]);
  });

  it('does not audit customers, failed calls or reads', async () => {
    const admin = await makeAccount(rt, 'admin');
    const before = (await rt.deps.db.selectFrom('audit_log').select('id').execute()).length;
    await expect(rt.caller(admin).testimonials.deleteTestimonial({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toBeTruthy();
    await rt.caller(admin).testimonials.getTestimonials({});
    const customer = await makeAccount(rt, 'customer');
    await rt.caller(customer).users.markAllNotificationsAsRead({});
    expect((await rt.deps.db.selectFrom('audit_log').select('id').execute()).length).toBe(before);
  });

  it('masks secrets and cuts long strings in the recorded input', () => {
    expect(auditDetails({ password: 'hunter2', newPassword: 'x', image: 'a'.repeat(500), nested: { otp: '123456', ok: 1 } })).toEqual({
      password: '***',
      newPassword: '***',
      image: `${'a'.repeat(200)}… (500 chars)`,
      nested: { otp: '***', ok: 1 },
    });
  });
});

// ------------------------------------------------------------------------------------------
describe('every admin-only mutation is audited', () => {
  type Procedures = Record<string, { _def: { type: string; meta?: { adminOnly?: boolean } } }>;
  const procedures = (appRouter._def as unknown as { procedures: Procedures }).procedures;
  const adminMutations = Object.entries(procedures)
    .filter(([path, proc]) => proc._def.type === 'mutation' && (path.startsWith('admin.') || proc._def.meta?.adminOnly))
    .map(([path]) => path)
    .sort();

  let admin: Actor;
  beforeAll(async () => {
    admin = await makeAccount(rt, 'admin');
  });
  const db = () => rt.deps.db;
  const testimonial = async () =>
    (
      await db()
        .insertInto('testimonials')
        .values({ title: 'Kind words', content: 'Lovely staff and a great cut.', name: 'Meera', rating: 5, avatar: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const blog = async () =>
    (
      await db()
        .insertInto('blogs')
        .values({
          slug: `audit-${Date.now()}-${Math.random().toString(36).slice(2)}`,
          title: 'Audit post',
          excerpt: '',
          body: 'A post about audits, long enough.',
          tags: [],
          author_name: 'Admin',
          author_id: null,
          cover_image: null,
          published_at: null,
          status: 'draft',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /*
   * Valid input for each mutation, creating first whatever it acts on. Ids must name real rows
   * in the right state (a pending salon to approve, a failed job to retry), which no schema can
   * generate, hence the table; a new admin mutation without an entry fails the first test.
   */
  const VALID_INPUT: Record<string, () => Promise<Record<string, unknown>>> = {
    'categories.createCategory': async () => ({ name: `Audit Category ${Date.now()}`, shopCategory: 'salon' }),
    'categories.updateCategory': async () => ({
      id: await createCategory(rt, `Audit Rename ${Date.now()}`),
      name: `Audit Renamed ${Date.now()}`,
    }),
    'categories.deleteCategory': async () => ({ id: await createCategory(rt, `Audit Delete ${Date.now()}`) }),
    'testimonials.createTestimonials': async () => ({
      title: 'Great',
      content: 'Friendly staff and a lovely facial.',
      name: 'Riya',
      rating: 5,
    }),
    'testimonials.updateTestimonial': async () => ({ id: await testimonial(), title: 'Even better' }),
    'testimonials.deleteTestimonial': async () => ({ id: await testimonial() }),
    'admin.blockUser': async () => ({ userId: (await makeAccount(rt, 'customer')).id, reason: 'Repeated no-shows' }),
    'admin.unblockUser': async () => {
      const user = await makeAccount(rt, 'customer');
      await db().updateTable('accounts').set({ is_blocked: true }).where('id', '=', user.id).execute();
      return { userId: user.id };
    },
    'admin.promoteUser': async () => ({ userId: (await makeAccount(rt, 'customer')).id }),
    'admin.approveSalon': async () => ({ merchantId: (await pendingCompleteSalon(rt, `Audit Approve ${Date.now()}`)).id }),
    'admin.rejectSalon': async () => ({
      merchantId: (await pendingCompleteSalon(rt, `Audit Reject ${Date.now()}`)).id,
      reason: 'Add interior photos',
    }),
    'admin.unpublishSalon': async () => ({ merchantId: (await createSalon(rt)).id, reason: 'Closed for renovation' }),
    'admin.sponsorSalon': async () => ({ merchantId: (await createSalon(rt)).id, sponsored: true, promotionMessage: '10% off this week' }),
    'admin.replyFeedback': async () => ({ id: await insertSupportMessage(rt, 'contact', null), reply: 'Your refund was sent today.' }),
    'admin.closeFeedback': async () => ({ id: await insertSupportMessage(rt, 'ticket', null) }),
    'payments.upholdNoShowDispute': async () => {
      // A no-show paid at the salon (nothing to refund), disputed by its customer.
      const salon = await createSalon(rt);
      const customer = await makeAccount(rt, 'customer');
      const bookingId = await insertBookingRow(rt, {
        userId: customer.id,
        merchantId: salon.id,
        staffId: await createStaff(rt, salon.id),
        startsAt: new Date(Date.now() - 86_400_000),
        status: 'no_show',
        price: 800,
      });
      const ticket = await db()
        .insertInto('support_messages')
        .values({
          kind: 'ticket',
          type: 'No-show dispute',
          booking_id: bookingId,
          account_id: customer.id,
          name: 'Asha',
          email: 'asha@example.in',
          subject: 'No-show dispute',
          message: 'I was there',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: ticket.id };
    },
    'admin.broadcast': async () => ({ title: 'Audit broadcast', message: 'Hello everyone', audience: 'customers' }),
    'admin.updateEmailTemplate': async () => ({ key: 'support_reply', subject: 'Re: {{subject}}', body: 'Hello {{name}},\n\n{{reply}}' }),
    'admin.retryJob': async () => ({ jobId: await insertFailedJob(rt) }),
    'admin.recordCommissionPayment': async () => {
      // A completed ₹1,000 visit last week leaves ₹100 of commission outstanding for its month.
      const salon = await createSalon(rt);
      const customer = await makeAccount(rt, 'customer');
      const staffId = await createStaff(rt, salon.id);
      const startsAt = new Date(Date.now() - 7 * 86_400_000);
      const bookingId = await insertBookingRow(rt, {
        userId: customer.id,
        merchantId: salon.id,
        staffId,
        startsAt,
        status: 'confirmed',
        price: 1000,
      });
      await rt.caller(salon.owner).merchants.updateBookingStatus({ bookingId, status: 'completed', paymentReceived: true });
      return { merchantId: salon.id, month: startsAt.toISOString().slice(0, 7), amount: 50, reference: 'UTR-AUDIT' };
    },
    'admin.recordPayout': async () => {
      // ₹1,000 taken online for a completed visit: ₹876.40 due after the fee and the commission.
      const { salon } = await salonWithCompletedOnlinePayment(rt);
      return {
        merchantId: salon.id,
        amount: 500,
        reference: `UTR-PAYOUT-${Date.now()}`,
        paidOn: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
      };
    },
    'admin.cancelInvoice': async () => {
      const salon = await createSalon(rt, { plan: null });
      const paid = await rt.caller(salon.owner).merchants.changePlan({ plan: 'basic', cardNumber: '4111 1111 1111 1111' });
      return { invoiceId: paid.data.invoice._id, reason: 'Charged twice' };
    },
    'admin.addFeaturedLocation': async () => ({ kind: 'city', name: 'Nashik', city: 'Nashik', lat: 19.9975, lng: 73.7898 }),
    'admin.removeFeaturedLocation': async () => ({
      id: (
        await db()
          .insertInto('featured_locations')
          .values({ name: 'Aundh', city: 'Pune', kind: 'locality', lat: 18.558, lng: 73.8075 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    }),
    'blogs.createBlog': async () => ({ title: 'Audited article', body: 'An article body that is long enough.' }),
    'blogs.updateBlog': async () => ({ id: await blog(), title: 'Audited title' }),
    'blogs.deleteBlog': async () => ({ id: await blog() }),
    'notification.createSubscribeUserNotifications': async () => ({ title: 'Audit push', body: 'Hello', audience: 'all' }),
    'admin.exportClientRecords': async () => ({ accountId: (await makeAccount(rt, 'customer')).id }),
    'admin.eraseClientRecords': async () => ({ accountId: (await makeAccount(rt, 'customer')).id, confirm: true }),
  };

  it('has valid input for each admin-only mutation (add one for a new mutation)', () => {
    expect(adminMutations.length).toBeGreaterThanOrEqual(23);
    expect(
      adminMutations.filter((p) => !(p in VALID_INPUT)),
      'admin mutations without an entry in VALID_INPUT',
    ).toEqual([]);
    expect(
      Object.keys(VALID_INPUT).filter((p) => !adminMutations.includes(p)),
      'entries for mutations that no longer exist',
    ).toEqual([]);
  });

  it('writes an audit_log row by the acting admin for each of them', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('actor_id', '=', admin.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const unaudited: string[] = [];
    for (const path of adminMutations) {
      const input = await VALID_INPUT[path]();
      let target: unknown = rt.caller(admin);
      for (const part of path.split('.')) target = (target as Record<string, unknown>)[part];
      const before = await count();
      await (target as (i: unknown) => Promise<unknown>)(input).catch((err: unknown) => {
        throw new Error(`${path} refused its valid input: ${(err as Error).message}`);
      });
      if ((await count()) <= before) unaudited.push(path);
    }
    expect(unaudited).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------
describe('the audit row commits with the change', () => {
  let admin: Actor;
  beforeAll(async () => {
    admin = await makeAccount(rt, 'admin');
  });

  it('rolls the change back and fails the request when the audit row cannot be written', async () => {
    const db = rt.deps.db;
    await sql`create function refuse_api_audit() returns trigger language plpgsql as $$
      begin
        if new.action like 'api.%' then raise exception 'audit log unavailable'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger refuse_api_audit before insert on audit_log for each row execute function refuse_api_audit()`.execute(db);
    try {
      await expect(rt.caller(admin).categories.createCategory({ name: 'Unaudited Category', shopCategory: 'salon' })).rejects.toMatchObject(
        {
          code: 'INTERNAL_SERVER_ERROR',
        },
      );
      const created = await db.selectFrom('categories').select('id').where('name', '=', 'Unaudited Category').execute();
      expect(created).toHaveLength(0);

      await expect(
        rt
          .caller(admin)
          .testimonials.createTestimonials({ title: 'Unaudited', content: 'Written without an audit row.', name: 'Nobody', rating: 4 }),
      ).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
      expect(await db.selectFrom('testimonials').select('id').where('title', '=', 'Unaudited').execute()).toHaveLength(0);
    } finally {
      await sql`drop trigger refuse_api_audit on audit_log`.execute(db);
      await sql`drop function refuse_api_audit()`.execute(db);
    }
    // Once the log works again, the same change goes through with its row.
    await rt.caller(admin).categories.createCategory({ name: 'Unaudited Category', shopCategory: 'salon' });
    const rows = await db.selectFrom('audit_log').select('action').where('actor_id', '=', admin.id).execute();
    expect(rows.map((r) => r.action)).toContain('api.categories.createCategory');
  });

  it('is not carried by a job transaction the request happens to wake', async () => {
    const db = rt.deps.db;
    registerTestJobHandler('test_audit_probe', async () => undefined);
    const runner = startJobRunner(rt.deps, { pollMs: 60_000 });
    try {
      // Let the runner's first round, started outside any request, finish.
      await new Promise((r) => setTimeout(r, 300));
      const entry = new PendingAudit((trx) => recordAudit(trx, admin.id, 'api.probe.wake', 'probe', null, {}));
      await withPendingAudit(entry, async () => {
        // Enqueued outside a transaction, the job wakes the runner from inside this request.
        const jobId = await enqueueJob(db, { kind: 'test_audit_probe', payload: {} });
        // Waking is what is tested, not its speed: a loaded machine takes the runner more than poll's default second.
        await expect
          .poll(async () => (await db.selectFrom('jobs').select('status').where('id', '=', jobId!).executeTakeFirstOrThrow()).status, {
            timeout: 15_000,
          })
          .toBe('done');
        // The request's own change fails and rolls back: no audit row may survive it.
        await expect(
          db.transaction().execute(async () => {
            throw new Error('the change failed');
          }),
        ).rejects.toThrow('the change failed');
      });
      expect(await db.selectFrom('audit_log').select('id').where('action', '=', 'api.probe.wake').execute()).toHaveLength(0);
      expect(entry.state).toBe('closed');
    } finally {
      await runner.stop();
    }
  });
});
