import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { appRouter } from '../../src/server/routers/index.js';
import type { AppMeta } from '../../src/server/trpc/init.js';
import { oneSecretCheck } from '../../src/server/trpc/procedures.js';
import { createSalon, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/**
 * What docs/api-clients.md promises a third-party developer (issue 39), as a client meets it over
 * HTTP: caching with ETags, HEAD, CORS for listed partner origins only, 429s a client can follow,
 * the role checked before the body, strict ids and Idempotency-Keys, and links in the document.
 * The document checks walk every operation, so procedures added later are held to the same rules.
 */

type Json = Record<string, any>;
type Operation = { operationId?: string; parameters?: Json[]; security?: Json[]; responses: Record<string, Json>; requestBody?: Json };
type Doc = { paths: Record<string, Record<string, Operation>> };

const PARTNER = 'https://app.partner.example';

let rt: TestRuntime;
let base: string;
let doc: Doc;
let customer: Actor;
let admin: Actor;
let salon: SalonFixture;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { API_CORS_ORIGINS: `${PARTNER}, https://second.partner.example` } });
  base = await rt.listen();
  doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as Doc;
  customer = await makeAccount(rt, 'customer');
  admin = await makeAccount(rt, 'admin');
  salon = await createSalon(rt);
});
afterAll(async () => {
  await rt?.close();
});

const tokenFor = (a: Actor) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });

async function send(method: string, path: string, opts: { body?: string; actor?: Actor; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  if (opts.actor) headers.authorization = `Bearer ${await tokenFor(opts.actor)}`;
  const res = await fetch(`${base}/api${path}`, { method, headers, body: opts.body });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON (or empty) */
  }
  return { status: res.status, body, text, headers: res.headers };
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta; middlewares: unknown[] } }>,
).filter(([, p]) => p._def.meta?.openapi);

describe('caching of public reads', () => {
  const cacheable = [
    '/merchants/search?service=haircut',
    '/users/getTrendingServices',
    '/categories',
    '/categories/getAllCategories',
    '/locations',
    '/users/getSpecialOffers',
  ];

  it('answers an ETag and a public Cache-Control, and 304 with no body for If-None-Match', async () => {
    for (const path of [...cacheable, `/merchants/getMerchantById/${salon.id}`]) {
      const first = await send('GET', path);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers.get('cache-control'), path).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
      expect(first.headers.get('vary'), path).toContain('Authorization');

      const again = await send('GET', path, { headers: { 'if-none-match': etag! } });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);

      // Another tag (or a list without this one) is not a match: the whole answer again.
      const other = await send('GET', path, { headers: { 'if-none-match': 'W/"something-else", "x"' } });
      expect(other.status).toBe(200);
      expect(other.text).toBe(first.text);
    }
  });

  it('changes the ETag when the answer changes', async () => {
    const path = `/merchants/getMerchantById/${salon.id}`;
    const before = (await send('GET', path)).headers.get('etag');
    await rt.deps.db.updateTable('merchants').set({ shop_name: 'Renamed Salon' }).where('id', '=', salon.id).execute();
    const after = await send('GET', path, { headers: { 'if-none-match': before! } });
    expect(after.status).toBe(200);
    expect(after.body.merchant.shop_Name).toBe('Renamed Salon');
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('keeps answers to a signed-in caller private: no-store, no ETag, never a 304', async () => {
    const r = await send('GET', '/locations', { actor: customer, headers: { 'if-none-match': '*' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    expect(r.headers.get('etag')).toBeNull();
    const mine = await send('GET', '/users/getNotifications', { actor: customer });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
  });

  it('documents ETag, Cache-Control, If-None-Match and 304 on exactly the cacheable operations, all public GETs', () => {
    const cached = operations().filter(({ op }) => op.responses['304']);
    expect(cached.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/merchants/search', '/merchants/getMerchantById/{id}', '/locations', '/categories']),
    );
    for (const { path, method, op } of cached) {
      expect(method, path).toBe('get');
      // Public: no security requirement, or an optional token ({} among them).
      expect(op.security?.length === 0 || op.security?.some((s) => Object.keys(s).length === 0), `${path} is public`).toBe(true);
      expect(Object.keys(op.responses['200'].headers ?? {}), path).toEqual(expect.arrayContaining(['ETag', 'Cache-Control']));
      expect(
        op.parameters?.some((p) => p.in === 'header' && p.name === 'If-None-Match'),
        path,
      ).toBe(true);
    }
  });
});

describe('HEAD', () => {
  it('answers as GET without the body: the same status and headers', async () => {
    for (const path of ['/locations', `/merchants/getMerchantById/${salon.id}`, '/users/getTrendingServices']) {
      const get = await send('GET', path);
      const head = await send('HEAD', path);
      expect(head.status, path).toBe(200);
      expect(head.text).toBe('');
      for (const h of ['content-type', 'etag', 'cache-control']) expect(head.headers.get(h), `${path} ${h}`).toBe(get.headers.get(h));
    }
    const unknown = await send('HEAD', `/merchants/getMerchantById/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('');
    const guarded = await send('HEAD', '/users/getNotifications');
    expect(guarded.status).toBe(401);
  });
});

describe('CORS for the partner origins of API_CORS_ORIGINS', () => {
  it('answers the preflight of a listed origin, and lets it read answers and their headers', async () => {
    const pre = await send('OPTIONS', '/users/createBooking', {
      headers: {
        origin: PARTNER,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();

    const get = await send('GET', '/locations', { headers: { origin: PARTNER } });
    expect(get.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(get.headers.get('access-control-expose-headers')).toMatch(/ETag.*Retry-After.*RateLimit.*RateLimit-Policy/);
    expect(get.headers.get('vary')).toContain('Origin');
  });

  it('gives any other origin nothing: no CORS header on its preflight or its answers', async () => {
    for (const origin of ['https://evil.example', 'https://app.partner.example.evil.example', 'null']) {
      const pre = await send('OPTIONS', '/users/createBooking', { headers: { origin, 'access-control-request-method': 'POST' } });
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(pre.headers.get('access-control-allow-methods'), origin).toBeNull();
      const get = await send('GET', '/locations', { headers: { origin } });
      expect(get.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});

describe('429s a client can follow', () => {
  it('a throttled reset-code check answers 429 with Retry-After, RateLimit and RateLimit-Policy, as documented', async () => {
    const path = '/users/verifyOTPForEmailToResetPassword';
    const op = doc.paths[path].post;
    const email = `nobody-${randomUUID().slice(0, 8)}@test.in`;
    let last = await send('POST', path, { body: JSON.stringify({ email, otp: '000000' }) });
    for (let i = 0; i < 6 && last.status !== 429; i++) {
      expect(Object.keys(op.responses), `attempt ${i + 1}`).toContain(String(last.status));
      last = await send('POST', path, { body: JSON.stringify({ email, otp: '000000' }) });
    }
    expect(last.status).toBe(429);
    expect(op.responses['429']).toBeDefined();
    const retry = Number(last.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(last.headers.get('ratelimit-policy')).toBe('"sign-in";q=5;w=900');
    expect(last.headers.get('ratelimit')).toBe(`"sign-in";r=0;t=${retry}`);
  });

  it('a windowed limit says when a place frees: a second code within 30 seconds', async () => {
    const email = `code-${randomUUID().slice(0, 8)}@test.in`;
    const first = await send('POST', '/users/forgot-password', { body: JSON.stringify({ email }) });
    expect(first.status).toBe(200);
    const second = await send('POST', '/users/forgot-password', { body: JSON.stringify({ email }) });
    expect(second.status).toBe(429);
    const retry = Number(second.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(30);
    expect(second.headers.get('ratelimit-policy')).toMatch(/^"code-password_reset-resend";q=1;w=30$/);
    expect(second.headers.get('ratelimit')).toBe(`"code-password_reset-resend";r=0;t=${retry}`);
  });

  it('every operation that can answer 429 declares the three headers; every secret check lists 429', () => {
    const with429 = operations().filter(({ op }) => op.responses['429']);
    expect(with429.length).toBeGreaterThan(10);
    for (const { path, op } of with429) {
      const headers = op.responses['429'].headers ?? {};
      for (const h of ['Retry-After', 'RateLimit', 'RateLimit-Policy']) expect(headers[h]?.required, `${path} ${h}`).toBe(true);
    }
    const secretChecks = procedures.filter(([, p]) => p._def.middlewares.includes((oneSecretCheck as any)._middlewares[0]));
    expect(secretChecks.length).toBeGreaterThan(3);
    for (const [name, p] of secretChecks) {
      const { path, method } = p._def.meta!.openapi!;
      expect(doc.paths[path][method.toLowerCase()].responses['429'], name).toBeDefined();
    }
  });
});

describe('429 on the live calendar stream', () => {
  it('a stream past the per-account limit is refused 429 with Retry-After, RateLimit and RateLimit-Policy', async () => {
    const token = await tokenFor(salon.owner);
    const url = `${base}/trpc/merchants.deskEvents?input=${encodeURIComponent(JSON.stringify({ merchantId: salon.id }))}&connectionParams=${encodeURIComponent(JSON.stringify({ token }))}`;
    const open: AbortController[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const controller = new AbortController();
        open.push(controller);
        const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
        expect(res.status, `stream ${i + 1}`).toBe(200);
        // Read the first event: the stream is open (and counted) once it has said 'sync'.
        const reader = res.body!.getReader();
        let seen = '';
        while (!seen.includes('sync')) seen += new TextDecoder().decode((await reader.read()).value);
      }
      const refused = await fetch(url, { headers: { accept: 'text/event-stream' } });
      expect(refused.status).toBe(429);
      const retry = Number(refused.headers.get('retry-after'));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('ratelimit-policy')).toBe(`"live-streams";q=5;w=${retry}`);
      expect(refused.headers.get('ratelimit')).toBe(`"live-streams";r=0;t=${retry}`);
      expect(await refused.text()).toContain('At most 5 live calendar streams');
    } finally {
      for (const c of open) c.abort();
    }
  });
});

describe('the role before the body', () => {
  it("a customer's call to an admin operation is 403 whatever the body: none, [], a NUL in a key, malformed JSON", async () => {
    const bodies = ['[]', JSON.stringify({ 'a\u0000b': 1 }), '{"a":', JSON.stringify({ name: '' })];
    for (const body of bodies) {
      const r = await send('POST', '/categories/createCategory', { actor: customer, body });
      expect(r.status, body).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
      expect(r.text).not.toContain('\u0000');
    }
    const get = await send('GET', '/admin/users?page=x', { actor: customer });
    expect(get.status).toBe(403);
  });

  it('names a NUL in a key escaped, never raw, to a caller who may call the operation', async () => {
    const r = await send('POST', '/categories/createCategory', { actor: admin, body: JSON.stringify({ 'a\u0000b': 1 }) });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('a\\u0000b');
    expect(JSON.stringify(r.body)).not.toContain('\u0000');
  });
});

describe('ids and keys as documented', () => {
  it('a malformed merchantId or userId is 400 naming it, never 403; an empty one is 400 too', async () => {
    const merchant = salon.owner;
    for (const value of ['not-a-uuid', '', 42]) {
      const r = await send('POST', '/merchants/getAllBookings', { actor: merchant, body: JSON.stringify({ merchantId: value }) });
      expect(r.status, String(value)).toBe(400);
      expect(r.body.data.field).toBe('merchantId');
      const u = await send('POST', '/users/getAllBookings', { actor: customer, body: JSON.stringify({ userId: value }) });
      expect(u.status, String(value)).toBe(400);
      expect(u.body.data.field).toBe('userId');
    }
    // Another account's well-formed id is still 403.
    const other = await send('POST', '/users/getAllBookings', { actor: customer, body: JSON.stringify({ userId: randomUUID() }) });
    expect(other.status).toBe(403);
  });

  it('an Idempotency-Key longer than 200 characters is 400 naming it, and books nothing', async () => {
    const r = await send('POST', '/users/createBooking', {
      actor: customer,
      headers: { 'idempotency-key': 'k'.repeat(201) },
      body: JSON.stringify({ merchantId: salon.id, serviceIds: [randomUUID()], bookingDate: '2030-01-01', bookingTime: '10:00 AM' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('Idempotency-Key');
    const { count } = await rt.deps.db
      .selectFrom('bookings')
      .select((e) => e.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });
});

describe('links', () => {
  it('lead from each creation to the operations on what it made, with parameters those operations take', () => {
    const byId = new Map(operations().map((o) => [o.op.operationId, o.op]));
    const linked = operations().flatMap(({ path, op }) =>
      Object.values(op.responses).flatMap((r) =>
        Object.entries((r.links ?? {}) as Record<string, Json>).map(([name, link]) => ({ path, name, link })),
      ),
    );
    expect(linked.map((l) => `${l.path} ${l.name}`)).toEqual(
      expect.arrayContaining([
        '/users/createBooking getBooking',
        '/users/createBooking cancelBooking',
        '/users/createBooking rescheduleBooking',
        '/merchants/registerMerchants getServices',
        '/merchants/registerMerchants getSlots',
      ]),
    );
    for (const { path, name, link } of linked) {
      const target = byId.get(link.operationId);
      expect(target, `${path} ${name}`).toBeDefined();
      const params = new Set((target!.parameters ?? []).map((p) => p.name));
      for (const k of Object.keys(link.parameters ?? {})) expect(params.has(k), `${path} ${name} ${k}`).toBe(true);
      const body = target!.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      for (const k of Object.keys(link.requestBody ?? {})) expect(body[k], `${path} ${name} ${k}`).toBeDefined();
      for (const expr of [...Object.values(link.parameters ?? {}), ...Object.values(link.requestBody ?? {})])
        expect(expr).toMatch(/^\$response\.body#\/[\w/]+$/);
    }
  });
});

describe('one paging model, every list bounded', () => {
  it('users/getAllBookings and merchants/getAllBookings take page and limit and answer paging beside the list', async () => {
    const mine = await send('POST', '/users/getAllBookings', { actor: customer, body: JSON.stringify({ limit: 1 }) });
    expect(mine.status).toBe(200);
    expect(mine.body.data.bookings).toEqual([]);
    expect(mine.body.data.paging).toEqual({ page: 1, limit: 1, total: 0, hasMore: false });
    const desk = await send('POST', '/merchants/getAllBookings', { actor: salon.owner, body: '{}' });
    expect(desk.status).toBe(200);
    expect(desk.body.paging).toEqual({ page: 1, limit: 500, total: 0, hasMore: false });
    expect(desk.body.stats).toBeDefined();
    for (const bad of [{ limit: 0 }, { limit: 501 }, { page: 0 }, { limit: '10' }, { limit: 2.5 }]) {
      const r = await send('POST', '/merchants/getAllBookings', { actor: salon.owner, body: JSON.stringify(bad) });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(['limit', 'page']).toContain(r.body.data.field);
    }
  });

  it('documents paging with the same names wherever an answer carries it', () => {
    const withPaging = operations().filter(({ op }) => JSON.stringify(op.responses['200'] ?? {}).includes('"paging"'));
    expect(withPaging.map((o) => o.path)).toEqual(expect.arrayContaining(['/users/getAllBookings', '/merchants/getAllBookings']));
    for (const { path, op } of withPaging) {
      const body = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const query = new Set((op.parameters ?? []).map((p) => p.name));
      expect(body.page ?? query.has('page'), path).toBeTruthy();
      expect(body.limit?.maximum ?? query.has('limit'), path).toBeTruthy();
    }
  });
});

/**
 * Answers holding an array that is not a list a client pages through: bounded by what it describes
 * (one day's slots, a week of the calendar, a salon's settings, a fixed catalogue, a report's
 * groups), or the record an operation just wrote. Everything else with an array is a list.
 */
const BOUNDED: Record<string, string> = {
  'GET /admin/dashboard': 'a fixed trend window and the top cities',
  'GET /admin/email/templates': 'the fixed set of message templates',
  'GET /admin/reports': 'one row per group of the chosen range',
  'GET /admin/salons/{id}/completion': 'the fixed profile checks',
  'GET /admin/security': 'the last hours, capped by the server',
  'GET /admin/settings/locations': 'the cities the platform serves',
  'GET /admin/system': 'migrations and job kinds of this server',
  'GET /categories': 'the category catalogue',
  'GET /categories/getAllCategories': 'the category catalogue',
  'GET /geo/search': 'a place look-up, at most `limit` (10) places',
  'GET /getTestimonials': 'the curated testimonials',
  'GET /locations': 'the cities the platform serves',
  'GET /merchants/amenities': "the salon's amenities (a fixed list)",
  'PUT /merchants/amenities': "the salon's amenities (a fixed list)",
  'GET /merchants/calendar': 'the chosen days (at most a week)',
  'GET /merchants/getOnlineBooking': "the salon's previous links",
  'POST /merchants/updateOnlineBooking': "the salon's previous links",
  'GET /merchants/getProfileCompletion': 'the fixed profile checks',
  'GET /merchants/pricing-charts': "the salon's price charts",
  'PUT /merchants/pricing-charts': "the salon's price charts",
  'GET /merchants/services': "the salon's menu",
  'PUT /merchants/services': "the salon's menu",
  'GET /services/getAllServices': "the salon's menu",
  'GET /users/getSpecialOffers': 'the offers running today, capped',
  'GET /users/getTrendingServices': 'the top trending services, capped',
  'GET /users/pendingDeskInvites': 'invitations awaiting an answer',
  'POST /admin/exportClientRecords': 'one account’s salons, for its export',
  'POST /categories/getMerchantSelectedCategories': "the salon's chosen categories",
  'POST /categories/getSpecificCategoryToSelect': 'the category catalogue of a shop type',
  'POST /categories/selectCategoriesByMarchent': "the salon's chosen categories",
  'POST /clients/getBookingFlags': 'one flag per booking id sent (bounded by the input)',
  'POST /clients/getRecord': "one client's record",
  'POST /clients/updateProfile': "one client's tags",
  'POST /images/getShopImages': "the salon's gallery (an upload limit)",
  'POST /images/deleteShopImages': "the salon's gallery (an upload limit)",
  'POST /images/setCoverImage': "the salon's gallery (an upload limit)",
  'POST /marketing/getMarketing': "the salon's campaigns and social links",
  'POST /merchants/getAllStaffByMerchant': "the salon's team",
  'POST /merchants/getCheckoutOptions': "the salon's menu, team and products for one visit",
  'POST /merchants/getCommission': 'the last months, capped',
  'POST /merchants/getDashboard': 'the latest few of each',
  'POST /merchants/getMessageContext': "one customer's latest bookings, capped",
  'POST /merchants/getMessageTemplates': 'the fixed templates',
  'POST /merchants/getReports': 'one row per group of the chosen range',
  'POST /merchants/getSlots': "one day's slots",
  'POST /merchants/getStaffAnalytics': 'the latest few bookings',
  'POST /merchants/getSubscription': "the salon's plan documents, capped",
  'POST /merchants/sendReceipt': 'the channels it was sent on',
  'POST /merchants/updateBusinessHours': 'a week of hours and the clashes found',
  'POST /merchants/updateNotificationSettings': 'the fixed settings',
  'POST /merchants/updateStaffByMerchant': 'the clashes found',
  'POST /merchants/updateStaffHours': 'the clashes found',
  'GET /users/bookings/{bookingId}/again': 'the services of one visit',
  'GET /merchants/rebook-reminders': 'one row per service with a rebooking interval',
  'POST /merchants/getSettlement': "one period's statement (at most 366 days), with its totals",
  'POST /merchants/getPayStatement': "one professional's statement for one period, with its totals",
  'POST /merchants/getSalonOffers': "the salon's catalogue of packages, memberships and vouchers",
  'GET /merchants/salonOffers/{merchantId}': "the salon's catalogue of packages, memberships and vouchers",
  'POST /merchants/getCustomerHoldings': "one customer's holdings at one salon",
  'POST /merchants/getStaffMembers': "the salon's team",
  'POST /merchants/getStaffPay': "the salon's team",
  'POST /merchants/resendStaffInvite': 'the invitation it sent',
  'GET /payments/policy': "the salon's policy and one per service of its menu",
  'POST /payments/setSalonPolicy': "the salon's policy and one per service of its menu",
  'POST /payments/setServicePolicy': "the salon's policy and one per service of its menu",
  'POST /users/getAvailableSlots': "one day's slots",
};

describe('every list pages', () => {
  const unwrap = (s: Json | undefined): Json | undefined => {
    const alt = s?.anyOf ?? s?.oneOf;
    return alt ? unwrap(alt.find((a: Json) => a.type !== 'null') ?? alt[0]) : s;
  };
  /** Operations whose answer holds an array at its top, in a top property, or in a property of `data`. */
  const lists = () =>
    operations().filter(({ op }) => {
      const s = unwrap(op.responses['200']?.content?.['application/json']?.schema);
      if (!s) return false;
      if (s.type === 'array') return true;
      return Object.entries((s.properties ?? {}) as Record<string, Json>).some(([k, v]) => {
        const u = unwrap(v);
        if (u?.type === 'array') return true;
        return k === 'data' && Object.values((u?.properties ?? {}) as Record<string, Json>).some((w) => unwrap(w)?.type === 'array');
      });
    });

  it('declares page and a bounded limit, and answers paging, on every list operation', () => {
    const found = lists().map((l) => `${l.method.toUpperCase()} ${l.path}`);
    expect(found.length).toBeGreaterThan(40);
    // The exemptions name operations that exist.
    for (const k of Object.keys(BOUNDED)) expect(found, k).toContain(k);
    const paged = lists().filter((l) => {
      const k = `${l.method.toUpperCase()} ${l.path}`;
      return !BOUNDED[k];
    });
    expect(paged.length).toBeGreaterThan(20);
    for (const { path, method, op } of paged) {
      const k = `${method.toUpperCase()} ${path}`;
      const body = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      const query = new Map((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p.schema]));
      const limit = unwrap(body.limit ?? query.get('limit'));
      expect(limit?.maximum, `${k} limit has a maximum`).toBeGreaterThan(0);
      // The default is in the schema, or said in its description where the field's default is applied by the service.
      const fallback = limit?.default ?? Number(/default (\d+)/.exec(String(limit?.description))?.[1]);
      expect(fallback, `${k} limit has a default`).toBeGreaterThan(0);
      expect(body.page ?? query.get('page'), `${k} page`).toBeDefined();
      expect(JSON.stringify(op.responses['200']), `${k} answers paging`).toContain('"paging"');
    }
  });

  it('answers paging as a client calls them, page by page', async () => {
    const demo = await makeAccount(rt, 'customer');
    for (const [path, actor] of [
      ['/users/getWallet?limit=1', demo],
      ['/users/getGiftCards?page=2&limit=5', demo],
      ['/users/getLoyalty', demo],
      ['/users/getNearby?city=Pune&limit=2', undefined],
      ['/users/getRecommended?limit=1', undefined],
      ['/merchants/getMerchants?page=1&limit=1', undefined],
      ['/admin/users?limit=1', admin],
    ] as const) {
      const r = await send('GET', path, { actor });
      expect(r.status, path).toBe(200);
      const paging = r.body.paging ?? r.body.data?.paging;
      expect(paging, path).toEqual({
        page: Number(new URL(`http://x${path}`).searchParams.get('page') ?? 1),
        limit: expect.any(Number),
        total: expect.any(Number),
        hasMore: expect.any(Boolean),
      });
      expect(paging.hasMore, path).toBe(paging.page * paging.limit < paging.total);
    }
    // The admin list's legacy fields stay beside paging, and pages walk the whole list.
    const users = await send('GET', '/admin/users?limit=1', { actor: admin });
    expect(users.body.total).toBe(users.body.paging.total);
    expect(users.body.paging.total).toBeGreaterThanOrEqual(3);
    expect(users.body.paging.hasMore).toBe(true);
    const second = await send('GET', '/admin/users?limit=1&page=2', { actor: admin });
    expect(second.body.users[0]._id).not.toBe(users.body.users[0]._id);
    // The salon's coupons and reviews: POST lists page in the body.
    for (const path of ['/Coupons/getAllCoupons', '/reviewRoutes/getReviewsByMerchant']) {
      const r = await send('POST', path, { actor: salon.owner, body: JSON.stringify({ limit: 1 }) });
      expect(r.status, path).toBe(200);
      expect(r.body.paging, path).toEqual({ page: 1, limit: 1, total: 0, hasMore: false });
      const over = await send('POST', path, { actor: salon.owner, body: JSON.stringify({ limit: 100_000 }) });
      expect(over.status, path).toBe(400);
      expect(over.body.data.field, path).toBe('limit');
    }
    const search = await send('GET', '/merchants/search?service=haircut&page=3&limit=2');
    expect(search.body.data.paging).toMatchObject({ page: 3, limit: 2, total: search.body.data.total });
  });
});

describe('schemas as strict as the server', () => {
  type Case = { op: string; path: string; method: string; field: string; base: Json; good: unknown[]; bad: unknown[] };
  const uuid = '3f2b8c1e-5a4d-4e7b-9c0a-1d2e3f4a5b6c';
  const cases: Case[] = [
    {
      op: 'users.createBooking',
      path: '/users/createBooking',
      method: 'post',
      field: 'bookingTime',
      base: { merchantId: uuid, serviceIds: [uuid], bookingDate: '2030-01-01' },
      good: ['10:30 AM', '9:05 pm', '14:30', '0:00', '23:59', '12:00 PM', ' 10:30 AM '],
      bad: ['', '24:00', '13:00 PM', '0:30 AM', '10:60', '10.30', '1030', '10:3', 'noon', '10:30 XM'],
    },
    {
      op: 'merchants.createBlock',
      path: '/merchants/calendar/blocks',
      method: 'post',
      field: 'startTime',
      base: { staffId: uuid, kind: 'break', date: '2030-01-01', endTime: '11:00' },
      good: ['10:00', '10:15 AM', '9:45 pm', '00:30'],
      bad: ['10:10', '10:05 AM', '25:00', '', 'ten'],
    },
    {
      op: 'users.sendOTPonWhatsappForLogin',
      path: '',
      method: 'post',
      field: 'phone',
      base: {},
      good: ['9876543210', '+91 98765 43210', '919876543210', '98765-43210', '6000000000'],
      bad: ['5876543210', '987654321', '98765432100', '+9198765432', '+1 9876543210', '', 'phone'],
    },
    {
      op: 'merchants.updateGstin',
      path: '/merchants/updateGstin',
      method: 'post',
      field: 'gstin',
      base: {},
      good: ['27AAPFU0939F1ZV', '', '27aapfu0939f1zv'],
      bad: ['27AAPFU0939F1Z', 'AAPFU0939F1ZV27', '27AAPFU0939F0ZV', '27AAPFU0939F1YV', 'x'],
    },
    {
      op: 'Coupons.createCoupon',
      path: '/Coupons/createCoupon',
      method: 'post',
      field: 'code',
      base: {},
      good: ['TEN-OFF', 'ten_off', 'abc', ' DIWALI2026 ', 'A'.repeat(30)],
      bad: ['', 'ab', 'TEN OFF', 'TEN!', 'A'.repeat(31), 'straße', 'ﬀﬀ', 'ıabc'],
    },
    {
      op: 'merchants.getCustomers',
      path: '/merchants/getCustomers',
      method: 'post',
      field: 'rangeDays',
      base: {},
      good: [7, 30, 90],
      bad: [1, 14, 365, 0],
    },
  ];
  const procs = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { inputs: { safeParse(v: unknown): any }[]; meta?: AppMeta } }
  >;

  it('the document refuses, by its pattern or enum, exactly what the server refuses for the field', () => {
    for (const c of cases) {
      const proc = procs[c.op];
      expect(proc, c.op).toBeDefined();
      const { path, method } = proc._def.meta!.openapi!;
      const op = doc.paths[path][method.toLowerCase()];
      const schema = op.requestBody?.content?.['application/json']?.schema?.properties?.[c.field];
      const patterns = [schema?.pattern, ...((schema?.allOf ?? []) as Json[]).map((a) => a.pattern)].filter(Boolean) as string[];
      const docAccepts = (v: unknown) =>
        schema?.enum
          ? schema.enum.includes(v)
          : typeof v === 'string' && patterns.length > 0 && patterns.every((p) => new RegExp(p).test(v));
      const serverAccepts = (v: unknown) => {
        const r = proc._def.inputs[0].safeParse({ ...c.base, [c.field]: v });
        return r.success || !r.error.issues.some((i: { path: unknown[] }) => i.path[0] === c.field);
      };
      for (const v of c.good) {
        expect(docAccepts(v), `${c.op} document takes ${JSON.stringify(v)}`).toBe(true);
        expect(serverAccepts(v), `${c.op} server takes ${JSON.stringify(v)}`).toBe(true);
      }
      for (const v of c.bad) {
        expect(docAccepts(v), `${c.op} document refuses ${JSON.stringify(v)}`).toBe(false);
        expect(serverAccepts(v), `${c.op} server refuses ${JSON.stringify(v)}`).toBe(false);
      }
    }
  });

  it('documents blank as "not given" where the server takes it so, and only on optional fields', async () => {
    const takesBlank = (schema: Json | undefined): boolean =>
      !!schema && ((schema.pattern && new RegExp(schema.pattern).test('')) || (schema.anyOf ?? []).some(takesBlank));
    for (const [path, field] of [
      ['/admin/notifications/broadcast', 'link'],
      ['/blogs/createBlog', 'coverImage'],
      ['/users/purchaseGiftCard', 'recipientEmail'],
      ['/merchants/sendReceipt', 'email'],
      ['/merchants/sendReceipt', 'phone'],
    ]) {
      const schema = doc.paths[path].post.requestBody?.content?.['application/json']?.schema;
      expect(takesBlank(schema.properties[field]), `${path} ${field}`).toBe(true);
      expect(schema.required ?? [], `${path} ${field}`).not.toContain(field);
    }
    const ok = await send('POST', '/admin/notifications/broadcast', {
      actor: admin,
      body: JSON.stringify({ title: 'Hello', message: 'A message for everyone', audience: 'customers', link: '' }),
    });
    expect(ok.status).toBe(201);
    const bad = await send('POST', '/admin/notifications/broadcast', {
      actor: admin,
      body: JSON.stringify({ title: 'Hello', message: 'A message for everyone', audience: 'customers', link: 'nope' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('link');
  });

  it('refuses a time off the pattern over HTTP, 400 naming the field', async () => {
    const r = await send('POST', '/users/createBooking', {
      actor: customer,
      body: JSON.stringify({ merchantId: salon.id, serviceIds: [randomUUID()], bookingDate: '2030-01-01', bookingTime: '13:00 PM' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('bookingTime');
  });
});

describe('strict input and named 404s', () => {
  it('query numbers are plain: 1e1, 0x10 and 2.0 (for a whole number) are 400 naming the field', async () => {
    for (const limit of ['1e1', '0x10', '2.0', ' ', 'ten']) {
      const r = await send('GET', `/merchants/search?service=haircut&limit=${encodeURIComponent(limit)}`);
      if (limit === ' ') expect(r.status).toBe(200);
      else {
        expect(r.status, limit).toBe(400);
        expect(r.body.data.field, limit).toBe('limit');
      }
    }
    const lat = await send('GET', '/geo/reverse?lat=1e1&lon=73');
    expect(lat.status).toBe(400);
    expect(lat.body.data.field).toBe('lat');
  });

  it('geo/reverse documents lat and lon required, and refuses a request without lon', async () => {
    const params = doc.paths['/geo/reverse'].get.parameters ?? [];
    expect(params.filter((p) => p.required).map((p) => p.name)).toEqual(['lat', 'lon']);
    const r = await send('GET', '/geo/reverse?lat=18.5');
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('lon');
  });

  it('a required field is required: shopCategory null or empty is 400', async () => {
    for (const shopCategory of [null, '']) {
      const r = await send('POST', '/categories/getSpecificCategoryToSelect', { body: JSON.stringify({ shopCategory }) });
      expect(r.status, String(shopCategory)).toBe(400);
      expect(r.body.data.field).toBe('shopCategory');
    }
  });

  it('a 404 names what was not found in data.field', async () => {
    const salonPage = await send('GET', `/merchants/getMerchantById/${randomUUID()}`);
    expect(salonPage.status).toBe(404);
    expect(salonPage.body.data.field).toBe('id');
    const booking = await send('POST', '/users/getBookingById', { actor: customer, body: JSON.stringify({ bookingId: randomUUID() }) });
    expect(booking.status).toBe(404);
    expect(booking.body.data.field).toBe('bookingId');
    const slots = await send('POST', '/users/getAvailableSlots', {
      body: JSON.stringify({ merchantId: randomUUID(), date: '2030-01-01', serviceIds: [randomUUID()] }),
    });
    expect(slots.status).toBe(404);
    expect(slots.body.data.field).toBe('merchantId');
  });
});
