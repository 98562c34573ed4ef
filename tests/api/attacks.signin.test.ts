import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ACCOUNT_AND_IP } from '../../src/server/services/auth/service.js';
import { ONE_SECRET_PER_REQUEST } from '../../src/server/trpc/procedures.js';
import { MAX_TRPC_BATCH } from '../../src/shared/batch.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

/*
 * Sign-in flooding, as an attacker sends it: one tRPC batch of many sign-ins, and many parallel
 * REST sign-ins. No burst checks more passwords than the throttle allows (on the pg project these
 * requests really run in parallel on PostgreSQL).
 */

let rt: TestRuntime;
let base: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
});
afterAll(async () => {
  await rt.close();
});

const PASSWORD = 'Lotus2026';
let seq = 0;
async function newCustomer() {
  const email = `flood.${++seq}.${Date.now()}@attacks.in`;
  await rt.caller().users.registerUser({ firstName: 'Asha', lastName: 'Rao', email, password: PASSWORD });
  return email;
}

async function batch(paths: string[], inputs: unknown[], ip: string) {
  const body = Object.fromEntries(inputs.map((input, i) => [String(i), input]));
  const res = await fetch(`${base}/trpc/${paths.join(',')}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const attemptsFor = async (email: string) =>
  (await rt.deps.db.selectFrom('login_attempts').select(['succeeded']).where('email', '=', email).execute()).length;

describe('sign-in flooding', () => {
  it('refuses a tRPC batch larger than the maximum, whole, before any password is checked', async () => {
    const email = await newCustomer();
    const n = MAX_TRPC_BATCH + 1;
    const r = await batch(
      Array(n).fill('users.loginEmail'),
      Array.from({ length: n }, () => ({ email, password: 'wrong-password' })),
      '198.51.100.1',
    );
    expect(r.status).toBe(400);
    expect(await attemptsFor(email)).toBe(0);
  });

  it('checks one secret per request: the right password after wrong ones in one batch gets no token', async () => {
    const email = await newCustomer();
    const inputs = [
      ...Array.from({ length: MAX_TRPC_BATCH - 1 }, () => ({ email, password: 'wrong-password' })),
      { email, password: PASSWORD },
    ];
    const r = await batch(Array(MAX_TRPC_BATCH).fill('users.loginEmail'), inputs, '198.51.100.2');
    const answers = r.body as Array<{ result?: { data: { token?: string } }; error?: { message: string } }>;
    expect(answers.some((a) => a.result?.data?.token)).toBe(false);
    expect(answers.filter((a) => a.error?.message === ONE_SECRET_PER_REQUEST)).toHaveLength(MAX_TRPC_BATCH - 1);
    expect(await attemptsFor(email)).toBe(1);
  });

  it('parallel REST sign-ins from one IP check at most the throttle limit of passwords', async () => {
    const email = await newCustomer();
    const ip = '198.51.100.3';
    const tries = Array.from({ length: 40 }, (_, i) =>
      fetch(`${base}/api/users/loginUser/emailLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password: i === 39 ? PASSWORD : `wrong-${i}` }),
      }).then((res) => res.status),
    );
    const statuses = await Promise.all(tries);
    const checked = statuses.filter((s) => s === 401 || s === 200).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT_AND_IP);
    expect(statuses.filter((s) => s === 429).length).toBe(40 - checked);
    expect(await attemptsFor(email)).toBe(checked);
  });
});
