import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditDetails } from '../../src/server/trpc/procedures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

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
    const t = await rt.caller(admin).testimonials.createTestimonials({ title: 'Lovely', content: 'Great haircut and friendly staff.', name: 'Riya', rating: 5 } as never);
    const created = await auditOf('api.testimonials.createTestimonials');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actor_id: admin.id, entity: 'testimonials' });
    expect((created[0].details as { input: { name: string } }).input.name).toBe('Riya');

    const id = t.testimonial._id;
    await rt.caller(admin).testimonials.deleteTestimonial({ id } as never);
    const deleted = await auditOf('api.testimonials.deleteTestimonial');
    expect(deleted.map((d) => d.entity_id)).toEqual([id]);
  });

  it('does not audit customers, failed calls or reads', async () => {
    const admin = await makeAccount(rt, 'admin');
    const before = (await rt.deps.db.selectFrom('audit_log').select('id').execute()).length;
    await expect(rt.caller(admin).testimonials.deleteTestimonial({ id: '00000000-0000-4000-8000-000000000000' } as never)).rejects.toBeTruthy();
    await rt.caller(admin).testimonials.getTestimonials({} as never);
    const customer = await makeAccount(rt, 'customer');
    await rt.caller(customer).users.markAllNotificationsAsRead({} as never);
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
