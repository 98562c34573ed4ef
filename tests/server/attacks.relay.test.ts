import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../src/server/services/content/support.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* The anonymous contact form cannot be used to mail a stranger the attacker's words. */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const phishing = {
  name: 'Your bank: verify at https://evil.example/login',
  subject: 'URGENT: your account is locked, click https://evil.example',
  message: 'Sign in at https://evil.example/login within 24 hours or lose your money.',
};

describe('contact form', () => {
  it('acknowledges with a ticket number only, never the sender’s words', async () => {
    const r = await rt.caller(null, { ip: '192.0.2.40' }).support.createContactUs({ ...phishing, email: 'victim.one@example.in' });
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', 'victim.one@example.in')
      .executeTakeFirstOrThrow();
    expect(`${mail.subject}\n${mail.body}`).not.toContain('evil.example');
    expect(mail.subject).toContain(r.message.match(/#([0-9A-F]{8})/)![1]);
  });

  it('parallel sends to one victim from many IPs: at most the per-address limit is mailed', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        rt.caller(null, { ip: `192.0.2.${50 + i}` }).support.createContactUs({ ...phishing, email: 'victim.two@example.in' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CONTACT_LIMITS.perAddressDay);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(
      await rt.deps.db.selectFrom('outbox_messages').select('id').where('recipient', '=', 'victim.two@example.in').execute(),
    ).toHaveLength(CONTACT_LIMITS.perAddressDay);
  });

  it('one IP is limited across addresses', async () => {
    const ip = '192.0.2.99';
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => rt.caller(null, { ip }).support.createContactUs({ ...phishing, email: `spray.${i}@example.in` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(CONTACT_LIMITS.perSenderHour);
  });
});
