import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { ERROR_STATUS, type ErrorCode, procedureFacts } from '../../src/server/http/openapi.js';
import { ERROR_TEXT, type ErrorStatus } from '../../src/server/routers/common.docs.js';
import { appRouter } from '../../src/server/routers/index.js';
import type { AppMeta } from '../../src/server/trpc/init.js';
import { createCustomer, createSalon, createService, createStaff, localDate, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/**
 * GET /api/openapi.json against what the server really answers: success statuses (201 for
 * creations), the errors each operation can answer and their body, authentication, and the
 * Idempotency-Key header.
 */

type Json = Record<string, any>;
type Response = { description: string; headers?: Json; content?: Record<string, { schema?: Json }> };
type Operation = { operationId?: string; parameters?: Json[]; security?: Json[]; responses: Record<string, Response>; requestBody?: Json };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };

let rt: TestRuntime;
let base: string;
let doc: Doc;

type Procedure = { name: string; meta: AppMeta; method: string; path: string };
const procedures: Procedure[] = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>)
  .filter(([, p]) => p._def.meta?.openapi)
  .map(([name, p]) => ({ name, meta: p._def.meta!, method: p._def.meta!.openapi!.method.toLowerCase(), path: p._def.meta!.openapi!.path }));
const byName = new Map(procedures.map((p) => [p.name, p]));

const opOf = (name: string): Operation => {
  const p = byName.get(name);
  if (!p) throw new Error(`no procedure ${name}`);
  const op = doc.paths[p.path]?.[p.method];
  if (!op) throw new Error(`${name} is not in the document`);
  return op;
};
const allOperations = () =>
  Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([method, op]) => ({ path: p, method, op })));
const statuses = (op: Operation) => Object.keys(op.responses).map(Number);

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  const res = await fetch(`${base}/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
});
afterAll(async () => {
  await rt?.close();
});

const tokenFor = (a: Actor) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });

async function call(method: string, p: string, opts: { body?: unknown; actor?: Actor | null; headers?: Record<string, string> } = {}) {
  const hasBody = opts.body !== undefined;
  const res = await fetch(`${base}/api${p}`, {
    method: method.toUpperCase(),
    headers: {
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...(opts.actor ? { authorization: `Bearer ${await tokenFor(opts.actor)}` } : {}),
      ...opts.headers,
    },
    body: hasBody ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Checks a body against the document's Error schema (required keys, types, the code's status). */
function expectErrorBody(body: any, status: number) {
  const schema = doc.components.schemas.Error;
  for (const key of schema.required) expect(body, JSON.stringify(body)).toHaveProperty(key);
  expect(typeof body.message).toBe('string');
  expect(schema.properties.code.enum).toContain(body.code);
  expect(ERROR_STATUS[body.code as ErrorCode]).toBe(status);
  if (body.data) {
    for (const key of schema.properties.data.required) expect(body.data).toHaveProperty(key);
    expect(body.data.httpStatus).toBe(status);
    expect(body.data.code).toBe(body.code);
  }
}

/** A procedure's own documented errors (meta.openapi.errorResponses), status → meaning. */
const ownErrors = (p: Procedure): Record<number, string> => {
  const e = p.meta.openapi!.errorResponses;
  return Array.isArray(e) ? Object.fromEntries(e.map((s) => [s, ERROR_TEXT[s as ErrorStatus]])) : (e ?? {});
};
/** The errors every procedure's transport answers, which openapi.ts adds: a procedure does not list them. */
const TRANSPORT = new Set([405, 413, 415, 500, 503]);

describe('the documentation beside each procedure (its meta)', () => {
  const facts = procedureFacts(appRouter);

  it('every procedure has a summary and lists the errors it can answer', () => {
    expect(procedures.length).toBeGreaterThan(150);
    const missing: string[] = [];
    for (const p of procedures) {
      if ((p.meta.openapi!.summary?.length ?? 0) <= 5) missing.push(`${p.name}: no meta.openapi.summary`);
      if (Object.keys(ownErrors(p)).length === 0) missing.push(`${p.name}: no meta.openapi.errorResponses`);
    }
    expect(missing).toEqual([]);
  });

  it('every procedure lists what its definition shows it can fail: 400 for input, 401 for a token, 403 for a role', () => {
    const missing: string[] = [];
    for (const p of procedures) {
      const f = facts.get(p.name)!;
      const own = ownErrors(p);
      if ((f.hasInput || f.takesBody) && !own[400]) missing.push(`${p.name}: takes input, so 400`);
      if (f.protected && !own[401]) missing.push(`${p.name}: needs a token, so 401`);
      if (f.checksRole && !own[403]) missing.push(`${p.name}: checks the role or owner, so 403`);
    }
    expect(missing).toEqual([]);
  });

  it('every error a procedure lists is one it can answer, as far as its definition shows', () => {
    const wrong: string[] = [];
    for (const p of procedures) {
      const f = facts.get(p.name)!;
      const op = opOf(p.name);
      const carriesId = JSON.stringify([op.parameters ?? [], op.requestBody ?? {}]).includes('"format":"uuid"');
      for (const [key, text] of Object.entries(ownErrors(p))) {
        const status = Number(key);
        const where = `${p.name} ${status}`;
        if (!Object.values(ERROR_STATUS).includes(status as never)) wrong.push(`${where}: not a status the API answers`);
        else if (TRANSPORT.has(status)) wrong.push(`${where}: the transport's error, which openapi.ts documents for every procedure`);
        else if (!text || text.length <= 5) wrong.push(`${where}: no meaning`);
        else if (text !== ERROR_TEXT[status as ErrorStatus])
          continue; // a particular meaning: the procedure's own word
        else if (status === 400 && !(f.hasInput || f.takesBody)) wrong.push(`${where}: it takes no input`);
        else if (status === 401 && !f.protected) wrong.push(`${where}: a public procedure; say why it can answer 401`);
        else if (status === 403 && !f.checksRole) wrong.push(`${where}: no role or owner check; say why it can answer 403`);
        else if (status === 404 && !(f.namesRecord || carriesId)) wrong.push(`${where}: its input names no record; say which`);
        else if (status === 409 && !f.writes) wrong.push(`${where}: it writes nothing; say what clashes`);
        else if (![400, 401, 403, 404, 409].includes(status)) wrong.push(`${where}: say when it is answered`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an optional token, a second success status and examples are documented from meta.docs', () => {
    const optional = procedures.filter((p) => p.meta.docs?.optionalAuth);
    expect(optional.length).toBeGreaterThan(0);
    for (const p of optional) {
      expect(facts.get(p.name)!.protected, p.name).toBe(false);
      expect((opOf(p.name) as Operation & { description?: string }).description, p.name).toContain(p.meta.docs!.optionalAuth);
    }
    for (const p of procedures.filter((x) => x.meta.docs?.alsoSucceeds))
      for (const [status, text] of Object.entries(p.meta.docs!.alsoSucceeds!))
        expect(opOf(p.name).responses[status]?.description, `${p.name} ${status}`).toBe(text);
    for (const p of procedures.filter((x) => x.meta.docs?.examples))
      expect(opOf(p.name).requestBody?.content?.['application/json']?.examples, p.name).toEqual(p.meta.docs!.examples);
  });
});

describe('the error codes', () => {
  it('give each error code the status tRPC answers for it', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(getHTTPStatusCodeFromError(new TRPCError({ code: code as ErrorCode })), code).toBe(status);
    }
  });
});

describe('success statuses', () => {
  it('every procedure whose meta says 201 documents 201 and no 200 (unless it may answer 200 too)', () => {
    const created = procedures.filter((p) => p.meta.successStatus === 201);
    expect(created.length).toBeGreaterThanOrEqual(20);
    for (const p of created) {
      const op = opOf(p.name);
      expect(op.responses['201'], `${p.name} 201`).toBeDefined();
      expect(op.responses['201'].content?.['application/json']?.schema, `${p.name} 201 schema`).toBeDefined();
      if (p.meta.docs?.alsoSucceeds?.[200]) expect(op.responses['200'], `${p.name} 200`).toBeDefined();
      else expect(op.responses['200'], `${p.name} 200`).toBeUndefined();
    }
    for (const name of [
      'users.registerUser',
      'users.createBooking',
      'merchants.createManualBooking',
      'merchants.registerMerchants',
      'merchantAuth.register',
      'admin.broadcast',
      'admin.addFeaturedLocation',
      'notification.subscribeUserToNotifications',
      'users.verifyOTPForEmailRegistration',
      'users.verifyOTPForMobileRegistration',
    ]) {
      expect(
        statuses(opOf(name)).filter((s) => s < 300),
        name,
      ).toEqual([201]);
    }
  });

  it('every other procedure documents 200 and no 201', () => {
    for (const p of procedures.filter((x) => (x.meta.successStatus ?? 200) === 200)) {
      const op = opOf(p.name);
      expect(op.responses['200'], p.name).toBeDefined();
      expect(op.responses['201'], p.name).toBeUndefined();
    }
  });

  it('answers what it documents: users/registerUser 201 (and 409, 400 with the field)', async () => {
    const op = opOf('users.registerUser');
    const email = `doc-${randomUUID().slice(0, 8)}@example.in`;
    const form = { firstName: 'Ira', lastName: 'Nair', email, phone: '9988776655', password: 'lotus1234' };
    const r = await call('post', '/users/registerUser', { body: form });
    expect(r.status).toBe(201);
    expect(statuses(op)).toContain(r.status);
    const again = await call('post', '/users/registerUser', { body: form });
    expect(again.status).toBe(409);
    expect(statuses(op)).toContain(409);
    expectErrorBody(again.body, 409);
    const bad = await call('post', '/users/registerUser', { body: { ...form, email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(statuses(op)).toContain(400);
    expectErrorBody(bad.body, 400);
    expect(bad.body.data.field).toBe('email');
    expect(bad.body.message).toMatch(/^email: /);
  });

  it('newsletter/subscribe documents both of its answers: 201 the first time, 200 for a repeat', async () => {
    const op = opOf('newsletter.subscribe');
    const email = `news-${randomUUID().slice(0, 8)}@example.in`;
    const first = await call('post', '/newsletter/subscribe', { body: { email } });
    const second = await call('post', '/newsletter/subscribe', { body: { email } });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(statuses(op)).toEqual(expect.arrayContaining([200, 201]));
  });
});

describe('users/createBooking', () => {
  let salon: SalonFixture;
  let haircut: string;
  let stylist: string;
  let customer: Actor;
  let other: Actor;
  beforeAll(async () => {
    salon = await createSalon(rt, { name: 'Doc Spa' });
    haircut = await createService(rt, salon.id, { name: 'Haircut', duration: 30, price: 450 });
    stylist = await createStaff(rt, salon.id, { name: 'Kiran' });
    customer = await createCustomer(rt);
    other = await createCustomer(rt);
  });
  const booking = (over: Record<string, unknown> = {}) => ({
    merchantId: salon.id,
    serviceIds: [haircut],
    staffId: stylist,
    bookingDate: localDate(2),
    bookingTime: '11:00 AM',
    ...over,
  });

  it('documents 201, its errors (404, 409, no 429: bookings are not throttled) and the optional Idempotency-Key header', () => {
    const op = opOf('users.createBooking');
    expect(statuses(op)).toEqual([201, 400, 401, 403, 404, 409, 413, 415, 422, 500, 503]);
    const header = (op.parameters ?? []).find((p) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key');
    expect(header).toBeDefined();
    expect(header!.required).toBe(false);
    expect(header!.description).toMatch(/same (customer|key)/i);
    expect(header!.schema).toMatchObject({ type: 'string', maxLength: 200 });
    expect(op.responses['409'].description).toMatch(/no longer available/);
  });

  it('answers what it documents: 201, the same booking for the same key, 409 for the taken slot, 404 for an unknown salon', async () => {
    const op = opOf('users.createBooking');
    const key = randomUUID();
    const first = await call('post', '/users/createBooking', { body: booking(), actor: customer, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(statuses(op)).toContain(first.status);
    const repeat = await call('post', '/users/createBooking', { body: booking(), actor: customer, headers: { 'Idempotency-Key': key } });
    expect(repeat.status).toBe(201);
    expect(repeat.body.data.booking._id).toBe(first.body.data.booking._id);
    const taken = await call('post', '/users/createBooking', {
      body: booking(),
      actor: other,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(taken.status).toBe(409);
    expect(statuses(op)).toContain(409);
    expectErrorBody(taken.body, 409);
    expect(taken.body.data.path).toBe('users.createBooking');
    const unknown = await call('post', '/users/createBooking', {
      body: booking({ merchantId: randomUUID(), bookingTime: '12:00 PM' }),
      actor: customer,
    });
    expect(unknown.status).toBe(404);
    expectErrorBody(unknown.body, 404);
    const anonymous = await call('post', '/users/createBooking', { body: booking() });
    expect(anonymous.status).toBe(401);
    expectErrorBody(anonymous.body, 401);
    const merchant = await call('post', '/users/createBooking', { body: booking(), actor: salon.owner });
    expect(merchant.status).toBe(403);
    const wrongType = await fetch(`${base}/api/users/createBooking`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${await tokenFor(customer)}` },
      body: JSON.stringify(booking()),
    });
    expect(wrongType.status).toBe(415);
    expectErrorBody(await wrongType.json(), 415);
  });
});

describe('errors', () => {
  it('every operation documents 500 and 503 with Retry-After, all with the one Error schema', () => {
    const ops = allOperations();
    expect(ops.length).toBeGreaterThan(150);
    for (const { path: p, method, op } of ops) {
      const where = `${method.toUpperCase()} ${p}`;
      expect(op.responses['500'], where).toBeDefined();
      expect(op.responses['503'], where).toBeDefined();
      expect(op.responses['503'].headers?.['Retry-After'], where).toBeDefined();
      for (const [status, r] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        expect(r.content?.['application/json']?.schema, `${where} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        expect(r.description.length, `${where} ${status}`).toBeGreaterThan(5);
      }
    }
    expect(Object.keys(doc.components.schemas).filter((n) => n.startsWith('error.'))).toEqual([]);
    expect(JSON.stringify(doc)).not.toMatch(/#\/components\/schemas\/error\./);
  });

  it('every procedure with input documents 400; every body-taking one 413 and 415', () => {
    for (const p of procedures) {
      const op = opOf(p.name);
      if (op.requestBody || op.parameters?.some((x) => x.in !== 'header')) expect(op.responses['400'], p.name).toBeDefined();
      if (p.method === 'post' || p.method === 'put' || p.method === 'patch') {
        expect(op.responses['400'], p.name).toBeDefined();
        expect(op.responses['413'], p.name).toBeDefined();
        expect(op.responses['415'], p.name).toBeDefined();
      }
    }
  });

  it('documents 409 where the services answer a conflict, and 429 on the sign-in and code family', () => {
    for (const name of [
      'users.createBooking',
      'users.rescheduleBooking',
      'users.cancelBooking',
      'users.registerUser',
      'merchants.registerMerchants',
      'merchantAuth.register',
      'reviewRoutes.createReview',
      'Coupons.createCoupon',
      'services.createService',
      'merchants.addStaffByMerchant',
      'merchants.changePlan',
      'admin.approveSalon',
    ]) {
      expect(opOf(name).responses['409'], name).toBeDefined();
    }
    for (const name of [
      'users.loginEmail',
      'merchants.loginMerchant',
      'merchantAuth.login',
      'users.forgotPassword',
      'users.sendOTPonEmailForLogin',
      'users.verifyOTPForEmailLogin',
      'users.sendOTPonWhatsappForLogin',
      'users.verifyOTPForMobileLogin',
      'merchants.sendOTP',
      'merchants.verifyOTP',
      'users.sendOTPToEmailDuringRegistration',
      'users.verifyOTPForEmailRegistration',
    ]) {
      expect(opOf(name).responses['429'], name).toBeDefined();
    }
    // No throttle outside sign-in, password hashing, the contact form and a salon's daily message limit: nothing else claims a 429.
    const throttled = procedures.filter((p) => opOf(p.name).responses['429']).map((p) => p.name);
    expect(
      throttled.every((n) =>
        /login|otp|password|sendResetOtp|register|google|phone|^merchantAuth\.login$|^support\.createContactUs$|^merchants\.sendCustomerMessage$|^merchants\.sendReceipt$|^merchants\.acceptStaffInvite$/i.test(
          n,
        ),
      ),
      throttled.join(', '),
    ).toBe(true);
    for (const name of [
      'support.createContactUs',
      'users.registerUser',
      'merchants.registerMerchants',
      'users.changePassword',
      'users.resetPassword',
      'merchants.sendCustomerMessage',
    ]) {
      expect(opOf(name).responses['429'], name).toBeDefined();
    }
  });

  it('answers what it documents: a throttled password sign-in is a 429', async () => {
    const op = opOf('users.loginEmail');
    const account = await makeAccount(rt, 'customer');
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await call('post', '/users/loginUser/emailLogin', { body: { email: account.email, password: 'wrong-password-1' } })).status;
      expect(statuses(op), `attempt ${i + 1}: ${last}`).toContain(last);
    }
    expect(last).toBe(429);
  });

  it('every operation, called anonymously and by each role with an empty input, answers a documented status', async () => {
    const customer = await makeAccount(rt, 'customer');
    const merchant = (await createSalon(rt)).owner;
    const undocumented: string[] = [];
    const someId = randomUUID();
    for (const { path: p, method, op } of allOperations()) {
      if (p === '/users/logout' || p === '/merchants/auth/logout') continue; // would sign the test accounts out
      for (const actor of [null, customer, merchant]) {
        const url = p.replace(/\{[^}]+\}/g, someId);
        const r = await call(method, url, { actor, body: method === 'get' || method === 'delete' ? undefined : {} });
        if (!op.responses[String(r.status)])
          undocumented.push(
            `${method.toUpperCase()} ${p} as ${actor?.role ?? 'anonymous'}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`,
          );
        if (r.status >= 400 && typeof r.body === 'object') expectErrorBody(r.body, r.status);
      }
    }
    expect(undocumented).toEqual([]);
  }, 120_000);
});

type Schema = Json;

/** A value the schema accepts, with every id a fresh UUID (a record that does not exist). */
function sample(schema: Schema | undefined, key = ''): unknown {
  if (!schema) return undefined;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((a: Schema) => a.type !== 'null') ?? alt[0], key);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v as Schema, k)]));
  if (type === 'array') return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items, key));
  if (type === 'integer' || type === 'number')
    return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  if (type === 'boolean') return true;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return localDate(3);
  if (schema.format === 'email' || /email/i.test(key)) return `probe-${randomUUID().slice(0, 8)}@example.in`;
  if (/password/i.test(key)) return 'lotus1234';
  if (/time/i.test(key)) return '11:00 AM';
  for (const c of ['Test value', '9876543210', '400001', 'ABC123', 'test']) {
    if (schema.pattern && !new RegExp(schema.pattern).test(c)) continue;
    if ((schema.minLength ?? 0) > c.length || (schema.maxLength ?? Infinity) < c.length) continue;
    return c;
  }
  return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
}

describe('the document lints clean', () => {
  it("with Redocly's recommended rules, examples checked against their schemas, warnings included", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'no-invalid-parameter-examples': 'error', 'no-invalid-schema-examples': 'error' },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message.slice(0, 160)} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('has a summary on every operation, security on every one (empty for public ones) and a license', () => {
    for (const { path: p, method, op } of allOperations()) {
      const o = op as Operation & { summary?: string };
      expect(
        o.summary?.length,
        `${method} ${p}: give it a summary (meta.openapi.summary, or in extraPaths of src/server/http/openapi.ts)`,
      ).toBeGreaterThan(5);
      expect(Array.isArray(o.security), `${method} ${p}`).toBe(true);
    }
    expect(opOf('merchants.search').security).toEqual([]);
    expect(opOf('users.createBooking').security).toEqual([{ Authorization: [] }]);
    expect((doc as Json).info.license).toMatchObject({ name: expect.any(String), url: `${base}/terms-and-conditions` });
  });

  it('has examples on the main calls: sign-in, search, slots, booking, desk status change', () => {
    for (const name of [
      'users.loginEmail',
      'merchants.loginMerchant',
      'users.getAvailableSlots',
      'merchants.getSlots',
      'users.createBooking',
      'merchants.createSlot',
      'merchants.updateBookingStatus',
    ]) {
      const examples = opOf(name).requestBody?.content?.['application/json']?.examples;
      expect(Object.keys(examples ?? {}).length, name).toBeGreaterThan(0);
    }
    const search = opOf('merchants.search').parameters!.filter((x) => x.in === 'query');
    expect(search.filter((x) => x.example !== undefined).length).toBeGreaterThanOrEqual(5);
  });

  it('dates are format date with a pattern refusing impossible dates, the server agreeing', async () => {
    const bookingDate = opOf('users.createBooking').requestBody!.content['application/json'].schema.properties.bookingDate;
    expect(bookingDate.format).toBe('date');
    const pattern = new RegExp(bookingDate.pattern);
    for (const ok of ['2026-03-14', '2024-02-29', '2000-02-29']) expect(pattern.test(ok), ok).toBe(true);
    for (const bad of ['2026-02-30', '2023-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-3-4'])
      expect(pattern.test(bad), bad).toBe(false);
    const customer = await makeAccount(rt, 'customer');
    const r = await call('post', '/users/createBooking', {
      actor: customer,
      body: { merchantId: randomUUID(), serviceIds: [randomUUID()], bookingDate: '2026-02-30', bookingTime: '11:00 AM' },
    });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('bookingDate');
  });

  it('ids are uuids, money is a number with at most 2 decimals, in and out', () => {
    const body = opOf('users.createBooking').requestBody!.content['application/json'].schema.properties;
    expect(body.merchantId.format).toBe('uuid');
    expect(body.serviceIds.items.format).toBe('uuid');
    const path = opOf('merchants.getMerchantById').parameters!.find((x) => x.in === 'path')!;
    expect(path.schema!.format).toBe('uuid');
    const booking =
      opOf('users.createBooking').responses['201'].content!['application/json'].schema!.properties.data.properties.booking.properties;
    for (const money of ['totalPrice', 'subtotal', 'discount', 'amountPaid'])
      expect(booking[money], money).toMatchObject({ type: 'number', multipleOf: 0.01 });
    expect(booking.services.items.properties.price).toMatchObject({ type: 'number', multipleOf: 0.01 });
    expect(booking.totalDuration.multipleOf).toBeUndefined();
    const price = opOf('services.createService').requestBody!.content['application/json'].schema;
    expect(JSON.stringify(price)).toContain('"multipleOf":0.01');
  });
});

describe('every answered status is documented', () => {
  it('for each operation and caller: a well-formed request naming records that do not exist, no body at all, and a body that is not an object', async () => {
    const admin = await makeAccount(rt, 'admin');
    const customer = await makeAccount(rt, 'customer');
    const merchant = (await createSalon(rt)).owner;
    const undocumented: string[] = [];
    const unnamed404: string[] = [];
    const probes: {
      method: string;
      url: string;
      actor: Actor | null;
      raw?: { body?: string; type?: string };
      label: string;
      op: Operation;
      path: string;
    }[] = [];
    for (const { path: p, method, op } of allOperations()) {
      if (p === '/users/logout' || p === '/merchants/auth/logout' || p === '/users/changePassword') continue; // would sign the probing accounts out
      const params = (op.parameters ?? []) as Json[];
      const url = () => {
        const query = new URLSearchParams();
        for (const q of params.filter((x) => x.in === 'query')) {
          const v = sample(q.schema, q.name);
          if (v !== undefined && typeof v !== 'object') query.set(q.name, String(v));
        }
        const qs = query.toString();
        return p.replace(/\{[^}]+\}/g, () => randomUUID()) + (qs ? `?${qs}` : '');
      };
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      for (const actor of [null, customer, merchant, admin]) {
        const who = actor?.role ?? 'anonymous';
        probes.push({
          method,
          url: url(),
          actor,
          label: `well-formed as ${who}`,
          op,
          path: p,
          raw: bodySchema ? { body: JSON.stringify(sample(bodySchema)), type: 'application/json' } : undefined,
        });
        if (method === 'post' || method === 'put') {
          probes.push({ method, url: url(), actor, label: `no body as ${who}`, op, path: p, raw: {} });
          probes.push({
            method,
            url: url(),
            actor,
            label: `body [] as ${who}`,
            op,
            path: p,
            raw: { body: '[]', type: 'application/json' },
          });
        }
      }
    }
    const tokens = new Map<string, string>();
    for (const a of [customer, merchant, admin]) tokens.set(a.id, await tokenFor(a));
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < probes.length) {
          const probe = probes[next++];
          const res = await fetch(`${base}/api${probe.url}`, {
            method: probe.method.toUpperCase(),
            headers: {
              ...(probe.raw?.type ? { 'content-type': probe.raw.type } : {}),
              ...(probe.actor ? { authorization: `Bearer ${tokens.get(probe.actor.id)}` } : {}),
            },
            body: probe.raw?.body,
          });
          const text = await res.text();
          const where = `${probe.method.toUpperCase()} ${probe.path} ${probe.label}`;
          if (!probe.op.responses[String(res.status)]) undocumented.push(`${where}: ${res.status} ${text.slice(0, 160)}`);
          if (res.status >= 400) {
            const body = JSON.parse(text);
            expectErrorBody(body, res.status);
            if (res.status === 400 && /referenced record/.test(body.message)) unnamed404.push(`${where}: ${text.slice(0, 160)}`);
          }
        }
      }),
    );
    expect(undocumented).toEqual([]);
    expect(unnamed404).toEqual([]);
  }, 180_000);
});

describe('authentication', () => {
  it('operations that need a token say so; public ones do not', async () => {
    for (const { path: p, method, op } of allOperations()) {
      const required = op.security?.length === 1 && Object.keys(op.security[0]).length > 0;
      if (!required) continue;
      expect(op.responses['401'], `${method} ${p}`).toBeDefined();
      const r = await call(method, p.replace(/\{[^}]+\}/g, randomUUID()), {
        body: method === 'get' || method === 'delete' ? undefined : {},
      });
      expect(r.status, `${method.toUpperCase()} ${p} without a token`).toBe(401);
    }
    // The sign-in and code calls are public (trpc-to-openapi would have asked for a token).
    for (const name of [
      'users.sendOTPonEmailForLogin',
      'users.verifyOTPForMobileLogin',
      'merchants.sendOTP',
      'users.authProviders',
      'notification.vapidPublicKey',
    ]) {
      expect(opOf(name).security, name).toEqual([]);
      expect(opOf(name).responses['401'], name).toBeUndefined();
    }
    for (const p of procedures.filter((x) => x.meta.docs?.optionalAuth))
      expect(opOf(p.name).security, p.name).toEqual([{}, { Authorization: [] }]);
  });
});

/** The procedure blocks of the router sources: name, REST path and body text. */
function routerBlocks() {
  const dir = path.resolve(__dirname, '../../src/server/routers');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((f) => {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      return text
        .split(/\n(?=\s{2,4}\w+: \w+Procedure\b)/)
        .map((block) => ({
          file: f,
          path: /path: '([^']+)'/.exec(block)?.[1],
          method: /method: '(\w+)'/.exec(block)?.[1]?.toLowerCase(),
          block,
        }))
        .filter((b) => b.path && b.method && /^\s{2,4}\w+: \w+Procedure\b/.test(b.block));
    });
}

describe('what the router code does, the document says', () => {
  const blocks = routerBlocks();
  const opAt = (b: { path?: string; method?: string }) => doc.paths[b.path!]?.[b.method!];

  it('finds the procedures in the sources', () => {
    expect(blocks.length).toBeGreaterThan(150);
  });

  it('every procedure reading ctx.idempotencyKey documents the Idempotency-Key header', () => {
    const honouring = blocks.filter((b) => b.block.includes('ctx.idempotencyKey'));
    expect(honouring.map((b) => b.path)).toContain('/users/createBooking');
    for (const b of honouring) {
      const header = opAt(b)?.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
      expect(header, b.path).toBeDefined();
    }
  });

  it('every procedure setting ctx.responseStatus documents both of its success statuses', () => {
    const varying = blocks.filter((b) => b.block.includes('responseStatus'));
    expect(varying.length).toBeGreaterThan(0);
    for (const b of varying) {
      const ok = statuses(opAt(b)!).filter((s) => s < 300);
      expect(ok.length, `${b.path}: ${ok}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('every public procedure reading the caller (ctx.actor, ctx.session) documents optional authentication', () => {
    const optional = blocks.filter((b) => /^\s{2,4}\w+: publicProcedure\b/.test(b.block) && /ctx\.(actor|session)\b/.test(b.block));
    expect(optional.length).toBeGreaterThan(0);
    for (const b of optional) expect(opAt(b)?.security, b.path).toEqual([{}, { Authorization: [] }]);
  });
});
