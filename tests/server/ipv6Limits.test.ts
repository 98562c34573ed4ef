import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNet } from '../../src/server/services/auth/clientNet.js';
import { MAX_CODES_PER_IP_HOUR } from '../../src/server/services/auth/otp.js';
import { MAX_FAILURES_PER_ACCOUNT_AND_IP } from '../../src/server/services/auth/service.js';
import { CONTACT_LIMITS } from '../../src/server/services/content/support.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/*
 * Per-IP limits against an IPv6 client that rotates through the addresses of its /64 (any host
 * may pick any of them): the /64 counts as one IP, and an IPv4-mapped address is its IPv4 address.
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

/** The i-th address of one /64, written in varied forms as proxies pass them on. */
const inNet = (i: number) => (i % 2 ? `2001:db8:42:7:${i.toString(16)}::1` : `2001:0DB8:0042:0007:0000:0000:ab:${i.toString(16)}`);
const settle = (p: Promise<unknown>) =>
  p.then(
    () => 'ok' as const,
    (e: { code?: string }) => e.code ?? 'error',
  );

describe('clientNet', () => {
  it('is the /64 of an IPv6 address, the IPv4 address itself, and IPv4 for an IPv4-mapped address', () => {
    expect(clientNet('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(clientNet('2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNet('[2001:db8:1:2::9]')).toBe('2001:db8:1:2::/64');
    expect(clientNet('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNet('2001:db8:1:3::5')).not.toBe(clientNet('2001:db8:1:2::5'));
    expect(clientNet('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNet('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNet('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(clientNet('unknown')).toBe('unknown');
  });
});

describe('per-IP limits count an IPv6 client by its /64', () => {
  it('eight addresses of one /64 check at most the per-account-and-IP limit of passwords', async () => {
    const email = `v6.${Date.now()}@limits.in`;
    await rt.caller().users.registerUser({ firstName: 'Asha', lastName: 'Rao', email, password: 'Lotus2026' });
    const results: string[] = [];
    for (let addr = 0; addr < 8; addr++)
      for (let n = 0; n < 6; n++)
        results.push(await settle(rt.caller(null, { ip: inNet(addr) }).users.loginEmail({ email, password: 'wrong-password' })));
    const checked = await rt.deps.db.selectFrom('login_attempts').select('id').where('email', '=', email).execute();
    expect(checked.length, 'passwords checked from one /64').toBe(MAX_FAILURES_PER_ACCOUNT_AND_IP);
    expect(results.filter((r) => r === 'TOO_MANY_REQUESTS')).toHaveLength(48 - MAX_FAILURES_PER_ACCOUNT_AND_IP);
    // Another /64 is another client.
    await expect(rt.caller(null, { ip: '2001:db8:43::1' }).users.loginEmail({ email, password: 'wrong-password' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('three addresses of one /64 send at most the per-IP code limit', async () => {
    const base = 9_100_000_000 + (Date.now() % 1_000_000) * 100;
    const results: string[] = [];
    for (let i = 0; i < MAX_CODES_PER_IP_HOUR + 10; i++)
      results.push(await settle(rt.caller(null, { ip: inNet(i % 3) }).users.sendOTPonWhatsappForLogin({ phone: String(base + i) })));
    expect(results.filter((r) => r === 'ok').length, 'codes sent to a /64 in an hour').toBe(MAX_CODES_PER_IP_HOUR);
    expect(results.filter((r) => r === 'TOO_MANY_REQUESTS')).toHaveLength(10);
  });

  it('an IPv4-mapped address shares its IPv4 address bucket (contact form)', async () => {
    const results: string[] = [];
    for (let i = 0; i < CONTACT_LIMITS.perSenderHour + 2; i++)
      results.push(
        await settle(
          rt.caller(null, { ip: i % 2 ? '::ffff:203.0.113.9' : '203.0.113.9' }).support.createContactUs({
            name: 'Asha',
            email: `contact.${i}@limits.in`,
            subject: 'Hello there',
            message: 'A question about my booking.',
          }),
        ),
      );
    expect(results.filter((r) => r === 'ok')).toHaveLength(CONTACT_LIMITS.perSenderHour);
  });

  it('three addresses of one /64 share one contact-form bucket', async () => {
    const results: string[] = [];
    for (let i = 0; i < CONTACT_LIMITS.perSenderHour + 3; i++)
      results.push(
        await settle(
          rt.caller(null, { ip: `2001:db8:99:1::${i % 3}` }).support.createContactUs({
            name: 'Asha',
            email: `v6contact.${i}@limits.in`,
            subject: 'Hello there',
            message: 'A question about my booking.',
          }),
        ),
      );
    expect(results.filter((r) => r === 'ok')).toHaveLength(CONTACT_LIMITS.perSenderHour);
  });
});
