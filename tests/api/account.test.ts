import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let base: string;
let customer: Actor;
let other: Actor;
let admin: Actor;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  customer = await makeAccount(rt, 'customer', { firstName: 'Meera' });
  other = await makeAccount(rt, 'customer', { firstName: 'Rohan' });
  admin = await makeAccount(rt, 'admin');
});
afterAll(async () => {
  await rt.close();
});

async function post(path: string, body: unknown, actor?: Actor) {
  const token = actor ? await rt.deps.tokens.sign({ sub: actor.id, role: actor.role, ver: 0 }) : null;
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('POST /api/users/getUsersById', () => {
  it('answers the caller’s own profile, with or without their id', async () => {
    for (const body of [{}, { userId: customer.id }]) {
      const r = await post('/users/getUsersById', body, customer);
      expect(r.status).toBe(200);
      expect(r.body.user).toMatchObject({ _id: customer.id, firstName: 'Meera', email: customer.email });
    }
  });

  it('refuses another account’s id (403), no token (401) and a malformed id (400 naming userId)', async () => {
    const foreign = await post('/users/getUsersById', { userId: other.id }, customer);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/^userId: /);
    expect((await post('/users/getUsersById', {}, undefined)).status).toBe(401);
    expect((await post('/users/getUsersById', { userId: 'abc' }, admin)).body.message).toMatch(/^userId: /);
  });

  it('lets an admin read anyone, and answers 404 for an unknown id', async () => {
    const r = await post('/users/getUsersById', { userId: other.id }, admin);
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ _id: other.id, firstName: 'Rohan' });
    expect((await post('/users/getUsersById', { userId: randomUUID() }, admin)).status).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(doc.paths['/users/getUsersById']).toHaveProperty('post');
  });
});
