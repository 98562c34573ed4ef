import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { createApp } from '../../src/server/http/app.js';
import { appRouter } from '../../src/server/routers/index.js';
import { createSalon, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/**
 * HTTP semantics of /api as a third-party client meets them: sign-in before content negotiation
 * and input checks, an absent body where none is needed, bodies that must be objects, ids that must
 * be UUIDs, 405 with Allow, and the document's `servers`.
 */

let rt: TestRuntime;
let base: string;
let customer: Actor;
let admin: Actor;
let salon: SalonFixture;

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  customer = await makeAccount(rt, 'customer');
  admin = await makeAccount(rt, 'admin');
  salon = await createSalon(rt);
});
afterAll(async () => {
  await rt?.close();
});

const tokenFor = (a: Actor) => rt.deps.tokens.sign({ sub: a.id, role: a.role, ver: 0 });

/** A raw request: the body is sent exactly as given, with exactly the headers given. */
async function raw(
  method: string,
  path: string,
  opts: { body?: string; type?: string; actor?: Actor; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.type) headers['content-type'] = opts.type;
  if (opts.actor) headers.authorization = `Bearer ${await tokenFor(opts.actor)}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: opts.body });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

describe('sign-in comes first', () => {
  const guarded = [
    '/api/users/markNotificationAsRead/' + randomUUID(),
    '/api/users/refresh-token',
    '/api/users/getUsersById',
    '/api/users/logout',
    '/api/users/markAllNotificationsAsRead',
    '/api/users/createBooking',
  ];

  it('is 401 without a token whatever the body: none, no Content-Type, text/plain, malformed JSON, a NUL character, too large', async () => {
    const bodies: { label: string; body?: string; type?: string }[] = [
      { label: 'no body, no content type' },
      { label: 'text/plain', body: 'hello', type: 'text/plain' },
      { label: 'malformed JSON', body: '{"a":', type: 'application/json' },
      { label: 'NUL character', body: JSON.stringify({ reason: 'a\u0000b' }), type: 'application/json' },
      { label: 'not an object', body: '[]', type: 'application/json' },
      { label: '2 MB', body: JSON.stringify({ pad: 'z'.repeat(2 * 1024 * 1024) }), type: 'application/json' },
    ];
    for (const path of guarded) {
      for (const b of bodies) {
        const r = await raw('POST', path, b);
        expect(r.status, `${path} ${b.label}: ${JSON.stringify(r.body).slice(0, 120)}`).toBe(401);
        expect(r.body.code).toBe('UNAUTHORIZED');
        expect(r.body.data.httpStatus).toBe(401);
      }
    }
  });

  it('says why a token is refused (expired, forged) before looking at the body', async () => {
    const r = await raw('POST', '/api/users/refresh-token', {
      headers: { authorization: 'Bearer not.a.token' },
      body: 'x',
      type: 'text/plain',
    });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/invalid or has expired/);
  });

  it('public operations still check the content type: 415 for text/plain', async () => {
    const r = await raw('POST', '/api/users/loginUser/emailLogin', { body: '{}', type: 'text/plain' });
    expect(r.status).toBe(415);
    expect(r.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('a POST without a body', () => {
  it('is accepted without a Content-Type where the operation needs no body', async () => {
    const refreshed = await raw('POST', '/api/users/refresh-token', { actor: customer });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(typeof refreshed.body.token).toBe('string');
    const me = await raw('POST', '/api/users/getUsersById', { actor: customer });
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(customer.id);
    const all = await raw('POST', '/api/users/markAllNotificationsAsRead', { actor: customer });
    expect(all.status).toBe(200);
    const one = await raw('POST', `/api/users/markNotificationAsRead/${randomUUID()}`, { actor: customer });
    expect(one.status, JSON.stringify(one.body)).toBe(404);
    expect(one.body.code).toBe('NOT_FOUND');
    // Logout last: it ends the token (a fresh account, so the others stay signed in).
    const leaving = await makeAccount(rt, 'customer');
    const token = await tokenFor(leaving);
    const out = await fetch(`${base}/api/users/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    const after = await fetch(`${base}/api/users/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    const owner = await createSalon(rt);
    const merchantOut = await raw('POST', '/api/merchants/auth/logout', { actor: owner.owner });
    expect(merchantOut.status).toBe(200);
  });

  it('is a 400 naming the first missing field where the operation needs a body', async () => {
    const r = await raw('POST', '/api/users/loginUser/emailLogin');
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('email');
  });
});

describe('a JSON body must be an object', () => {
  it('answers 400 for an array, a string, a number, null, true', async () => {
    for (const body of ['[]', '"x"', '-528', 'null', 'true', '[{"userId":null}]']) {
      const r = await raw('POST', '/api/users/getUsersById', { actor: customer, body, type: 'application/json' });
      expect(r.status, `${body}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.message).toBe('The request body must be a JSON object');
      expect(r.body.code).toBe('BAD_REQUEST');
      expect(r.body.data).toMatchObject({ httpStatus: 400, field: null, path: 'users.getUsersById' });
    }
    const publicCall = await raw('POST', '/api/users/loginUser/emailLogin', { body: '["customer@demo.in"]', type: 'application/json' });
    expect(publicCall.status).toBe(400);
    const ok = await raw('POST', '/api/users/getUsersById', { actor: customer, body: '{}', type: 'application/json' });
    expect(ok.status).toBe(200);
  });
});

describe('ids', () => {
  it('a malformed id is a 400 naming the field, in a body, a path or a query string', async () => {
    const body = await raw('POST', '/api/users/getUsersById', {
      actor: admin,
      body: JSON.stringify({ userId: 'abc' }),
      type: 'application/json',
    });
    expect(body.status).toBe(400);
    expect(body.body.data.field).toBe('userId');
    expect(body.body.message).toMatch(/^userId: /);
    const path = await raw('GET', '/api/merchants/getMerchantById/not-a-uuid');
    expect(path.status).toBe(400);
    expect(path.body.data.field).toBe('id');
    const query = await raw('GET', '/api/merchants/amenities?merchantId=42', { actor: admin });
    expect(query.status).toBe(400);
    expect(query.body.data.field).toBe('merchantId');
  });

  it('an empty id in a query string is a 400, not "absent"', async () => {
    const r = await raw('GET', '/api/merchants/amenities?merchantId=', { actor: salon.owner });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('merchantId');
    expect(r.body.message).toMatch(/^merchantId: /);
    expect((await raw('GET', '/api/merchants/amenities', { actor: salon.owner })).status).toBe(200);
    expect((await raw('GET', `/api/merchants/amenities?merchantId=${salon.id}`, { actor: salon.owner })).status).toBe(200);
  });

  it('an unknown id is a 404: one the service looks up, and one only a foreign key knows (naming the field)', async () => {
    const unknownUser = await raw('POST', '/api/users/getUsersById', {
      actor: admin,
      body: JSON.stringify({ userId: randomUUID() }),
      type: 'application/json',
    });
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.body.code).toBe('NOT_FOUND');
    const ticket = {
      name: 'Asha Rao',
      email: 'asha@example.in',
      subject: 'Help please',
      message: 'My salon page does not load.',
      merchantId: randomUUID(),
    };
    const fk = await raw('POST', '/api/support/createContactUs', { actor: admin, body: JSON.stringify(ticket), type: 'application/json' });
    expect(fk.status, JSON.stringify(fk.body)).toBe(404);
    expect(fk.body.data.field).toBe('merchantId');
    expect(fk.body.message).toMatch(/^merchantId: /);
  });

  it('a required field left out is a 400: categories/getSpecificCategoryToSelect without shopCategory', async () => {
    const missing = await raw('POST', '/api/categories/getSpecificCategoryToSelect', { body: '{}', type: 'application/json' });
    expect(missing.status).toBe(400);
    expect(missing.body.data.field).toBe('shopCategory');
    const all = await raw('POST', '/api/categories/getSpecificCategoryToSelect', { body: '{"shopCategory":[]}', type: 'application/json' });
    expect(all.status).toBe(200);
  });
});

describe('methods', () => {
  it('a method a known path does not answer is 405 with Allow; an unknown path stays 404', async () => {
    const del = await raw('DELETE', '/api/users/createBooking', { actor: customer });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('POST, OPTIONS');
    expect(del.body.code).toBe('METHOD_NOT_SUPPORTED');
    const post = await raw('POST', '/api/merchants/services', { actor: salon.owner, body: '{}', type: 'application/json' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT']);
    // Case and a trailing slash match as they do for the supported methods; the path parameter too.
    expect((await raw('PUT', '/api/Merchants/getMerchantById/' + randomUUID() + '/')).status).toBe(405);
    const pdf = await raw('POST', `/api/invoices/${randomUUID()}/pdf`);
    expect(pdf.status).toBe(405);
    expect(pdf.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const options = await raw('OPTIONS', '/api/users/createBooking');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
    expect((await raw('GET', '/api/users/noSuchThing')).status).toBe(404);
    expect((await raw('POST', '/api/users/noSuchThing', { body: '{}', type: 'application/json' })).status).toBe(404);
  });
});

describe('the document names the server a client should call', () => {
  const serversOf = async (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ url: string }[]>((resolve, reject) => {
      // node:http, as fetch may not set Host.
      const req = http.get(url, { headers }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(JSON.parse(text).servers));
      });
      req.on('error', reject);
    });

  it('is the host and port the request came to when PUBLIC_URL is not set', async () => {
    expect(rt.deps.env.PUBLIC_URL_SET).toBe(false);
    expect(await serversOf(`${base}/api/openapi.json`)).toEqual([{ url: `${base}/api` }]);
    expect(await serversOf(`${base}/api/openapi.json`, { host: 'book.example.in:8443' })).toEqual([
      { url: 'http://book.example.in:8443/api' },
    ]);
    // A proxy on this host (trust proxy: loopback) says the client used https.
    expect(await serversOf(`${base}/api/openapi.json`, { host: 'book.example.in', 'x-forwarded-proto': 'https' })).toEqual([
      { url: 'https://book.example.in/api' },
    ]);
    expect(await serversOf(`${base}/api/openapi.json`, { host: 'bad host"><script>' })).toEqual([{ url: '/api' }]);
  });

  it('is PUBLIC_URL when it is set', async () => {
    const env = { ...rt.deps.env, PUBLIC_URL: 'https://api.glowbook.in/', PUBLIC_URL_SET: true };
    const app = createApp({ deps: { ...rt.deps, env }, router: appRouter, ping: async () => {}, serveClient: false });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      expect(await serversOf(`http://127.0.0.1:${port}/api/openapi.json`)).toEqual([{ url: 'https://api.glowbook.in/api' }]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
