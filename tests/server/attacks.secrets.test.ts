import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARGON2_CONCURRENCY,
  ARGON2_QUEUE,
  hashPassword,
  PASSWORD_CHECKS_BUSY,
  passwordWork,
} from '../../src/server/services/auth/passwords.js';
import { MAX_FAILURES_PER_ACCOUNT_AND_IP } from '../../src/server/services/auth/service.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/* Every check of a secret is throttled like sign-in, also under parallel requests. */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const PASSWORD = 'secret123';
let seq = 0;
async function registerCustomer() {
  const email = `secret.${++seq}.${Date.now()}@attacks.in`;
  const r = await rt.caller().users.registerUser({ firstName: 'Asha', lastName: 'Rao', email, password: PASSWORD });
  return { email, actor: { id: r.user._id, role: 'customer' as const, email } };
}

describe('checks of secrets', () => {
  it('change-password: wrong current passwords are throttled, so the right one after them is refused too', async () => {
    const { actor } = await registerCustomer();
    const as = rt.caller(actor, { ip: '203.0.113.70' });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      await expect(as.users.changePassword({ currentPassword: `guess-${i}-x`, newPassword: 'newpass123' })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    }
    for (let i = 0; i < 7; i++) {
      await expect(as.users.changePassword({ currentPassword: `guess-more-${i}`, newPassword: 'newpass123' })).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
    }
    await expect(as.users.changePassword({ currentPassword: PASSWORD, newPassword: 'newpass123' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('parallel wrong passwords check no more than the limit (one statement reserves each attempt)', async () => {
    const { email } = await registerCustomer();
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) => rt.caller(null, { ip: '203.0.113.71' }).users.loginEmail({ email, password: `wrong-${i}` })),
    );
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK'));
    expect(codes.filter((c) => c === 'UNAUTHORIZED').length).toBe(MAX_FAILURES_PER_ACCOUNT_AND_IP);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS').length).toBe(25 - MAX_FAILURES_PER_ACCOUNT_AND_IP);
  });

  it('reset codes: guesses are throttled per address and IP', async () => {
    const { email } = await registerCustomer();
    await rt.caller(null, { ip: '203.0.113.72' }).users.forgotPassword({ email });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        rt.caller(null, { ip: '203.0.113.72' }).users.verifyResetOtp({ email, otp: String(100000 + i) }),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected' && (r.reason as { code: string }).code === 'TOO_MANY_REQUESTS').length;
    expect(refused).toBe(12 - MAX_FAILURES_PER_ACCOUNT_AND_IP);
  });

  it('password hashing runs at most a few at a time and refuses a flood beyond its queue at once', async () => {
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, passwordWork().active)), 1);
    const n = ARGON2_CONCURRENCY + ARGON2_QUEUE + 6;
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => hashPassword(`pw-${i}`)));
    clearInterval(watch);
    const busy = results.filter((r) => r.status === 'rejected' && (r.reason as Error).message === PASSWORD_CHECKS_BUSY).length;
    expect(busy).toBe(n - ARGON2_CONCURRENCY - ARGON2_QUEUE);
    expect(most).toBeLessThanOrEqual(ARGON2_CONCURRENCY);
  });
});
