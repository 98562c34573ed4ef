import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { appRouter } from '../../src/server/routers/index.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let base: string;
let admin: Actor;
let customer: Actor;
let merchant: Actor;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  admin = await makeAccount(rt, 'admin');
  customer = await makeAccount(rt, 'customer');
  merchant = await makeAccount(rt, 'merchant');
});
afterAll(async () => {
  await rt.close();
});

const tokenFor = (a: Actor) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });

async function call(method: string, path: string, auth: Actor | string | null, body?: unknown) {
  const token = auth == null ? null : typeof auth === 'string' ? auth : await tokenFor(auth);
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

type Meta = { openapi?: { method: string; path: string }; adminOnly?: boolean };
/** The admin namespace, and admin-only procedures of other namespaces (push broadcasts, blogs...). */
const adminRoutes = Object.entries((appRouter._def as unknown as { procedures: Record<string, { _def: { meta?: Meta } }> }).procedures)
  .filter(([name, p]) => name.startsWith('admin.') || p._def.meta?.adminOnly)
  .map(([name, p]) => ({ name, method: p._def.meta!.openapi!.method, path: p._def.meta!.openapi!.path }));

describe('admin REST paths', () => {
  it('every admin procedure has a REST path under /admin/', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(29);
    for (const r of adminRoutes.filter((x) => x.name.startsWith('admin.'))) expect(r.path, r.name).toMatch(/^\/admin\//);
  });

  it('documents the admin paths in the OpenAPI document', async () => {
    const doc = await call('GET', '/openapi.json', null);
    expect(doc.status).toBe(200);
    for (const r of adminRoutes) expect(doc.body.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeTruthy();
  });

  it('answers 401 without a token and 403 to customers and merchants on every admin path', async () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    for (const r of adminRoutes) {
      const path = r.path.replace(/\{[^}]+\}/g, someId);
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      expect((await call(r.method, path, null, body)).status, `${r.method} ${path} anonymous`).toBe(401);
      expect((await call(r.method, path, customer, body)).status, `${r.method} ${path} customer`).toBe(403);
      expect((await call(r.method, path, merchant, body)).status, `${r.method} ${path} merchant`).toBe(403);
    }
  });

  it('serves the dashboard and a CSV report to an admin', async () => {
    const d = await call('GET', '/admin/dashboard', admin);
    expect(d.status).toBe(200);
    expect(Object.keys(d.body.totals).sort()).toEqual(
      ['bookings', 'commissionEarned', 'customers', 'grossBookingValue', 'merchants', 'pendingPublishRequests', 'publishedSalons'].sort(),
    );
    expect(d.body.trend).toHaveLength(30);
    const csv = await call('GET', '/admin/reports/csv?groupBy=month&from=2030-01-01&to=2030-12-31', admin);
    expect(csv.status).toBe(200);
    expect(csv.body.csv.split('\r\n')[0]).toBe(
      'Month,Bookings,Completed,Cancelled,GBV (INR),Commission (INR),Subscriptions excl. GST (INR)',
    );
    // One city by month: the city is a query parameter like the others.
    const pune = await call('GET', '/admin/reports?groupBy=month&city=pune&from=2030-01-01&to=2030-12-31', admin);
    expect(pune.status).toBe(200);
    expect(pune.body).toMatchObject({ groupBy: 'month', city: 'Pune', totals: { subscriptions: 0 } });
    expect(pune.body.cities).toContain('Pune');
    const puneCsv = await call('GET', '/admin/reports/csv?groupBy=month&city=Pune&from=2030-01-01&to=2030-12-31', admin);
    expect(puneCsv.body.filename).toBe('glowbook-report-month-pune-2030-01-01-to-2030-12-31.csv');
    expect(puneCsv.body.csv.split('\r\n')[1]).toBe('Total (Pune),0,0,0,0.00,0.00,0.00');
    const long = await call('GET', `/admin/reports?city=${'x'.repeat(101)}`, admin);
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('city');
    const bad = await call('GET', '/admin/reports?groupBy=week', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('groupBy');
  });

  it('a blocked account’s token is refused with 401 and its sign-in with 403', async () => {
    const reg = await call('POST', '/users/registerUser', null, {
      firstName: 'Neha',
      lastName: 'Shah',
      email: 'neha.block@example.in',
      password: 'secret123',
    });
    expect(reg.status).toBe(201);
    expect((await call('GET', '/users/profile', reg.body.token)).status).toBe(200);

    const blocked = await call('POST', '/admin/users/block', admin, { userId: reg.body.user._id, reason: 'Abusive messages' });
    expect(blocked.status).toBe(200);
    expect(blocked.body.user.isBlocked).toBe(true);
    expect((await call('GET', '/users/profile', reg.body.token)).status).toBe(401);
    const login = await call('POST', '/users/loginUser/emailLogin', null, { email: 'neha.block@example.in', password: 'secret123' });
    expect(login.status).toBe(403);
  });

  it('broadcast answers 201 and featured locations round-trip over GET/POST/DELETE', async () => {
    const b = await call('POST', '/admin/notifications/broadcast', admin, {
      title: 'Maintenance',
      message: 'Tonight 1-2 AM',
      audience: 'all',
    });
    expect(b.status).toBe(201);
    expect(b.body.recipients).toBeGreaterThanOrEqual(3);
    const added = await call('POST', '/admin/settings/locations', admin, {
      name: 'Goa',
      city: 'Panaji',
      kind: 'city',
      lat: 15.4909,
      lng: 73.8278,
    });
    expect(added.status).toBe(201);
    expect((await call('GET', '/admin/settings/locations', admin)).body.locations).toHaveLength(1);
    const del = await call('DELETE', `/admin/settings/locations?id=${added.body.location._id}`, admin);
    expect(del.status).toBe(200);
    expect((await call('GET', '/admin/settings/locations', admin)).body.locations).toHaveLength(0);
  });
});
