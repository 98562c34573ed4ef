import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRazorpayGateway } from '../../src/server/adapters/payments/index.js';
import type { Actor } from '../../src/server/deps.js';
import { AMENITIES } from '../../src/shared/constants.js';
import { createSalon, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * One vocabulary on the wire (docs/api-clients.md): money is rupees as decimals in every answer,
 * payment orders included, and amenities are the app's list, an enum in the document, anything
 * else a 400 naming the field. Sent as a client sends them, over HTTP.
 */

type Json = Record<string, any>;
let rt: TestRuntime;
let base: string;
let doc: Json;
let customer: Actor;
let salon: SalonFixture;
const orders: Array<{ amount: number }> = [];

beforeAll(async () => {
  rt = await createTestRuntime();
  base = await rt.listen();
  doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as Json;
  customer = await makeAccount(rt, 'customer');
  salon = await createSalon(rt);
});
afterAll(async () => {
  await rt?.close();
});

async function send(actor: Actor | undefined, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  if (actor) headers.authorization = `Bearer ${await rt.deps.tokens.sign({ sub: actor.id, role: actor.role, ver: 0 })}`;
  const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('money on the wire is rupees', () => {
  it('createGiftCardOrder answers rupees (the gateway is asked for paise)', async () => {
    const live = rt.deps.adapters.payments;
    rt.deps.adapters.payments = createRazorpayGateway('rzp_live_units', 'rzp_secret_units', (async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/v1/orders') && init?.method === 'POST') {
        orders.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ id: `order_U${orders.length}` }), { status: 200 });
      }
      return new Response(JSON.stringify({ items: [] }), { status: 200 });
    }) as typeof fetch);
    try {
      const r = await send(customer, 'POST', '/users/createGiftCardOrder', { amount: 1500, recipientName: 'Anu' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data).toMatchObject({ amount: 1500, currency: 'INR', keyId: 'rzp_live_units' });
      expect(orders.at(-1)).toMatchObject({ amount: 150_000 });
    } finally {
      rt.deps.adapters.payments = live;
    }
  });

  it('no answer carries an amount in paise but beside its rupees, as a deprecated copy', () => {
    const found: string[] = [];
    const walk = (s: Json | undefined, where: string) => {
      if (!s || typeof s !== 'object') return;
      for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, where);
      if (s.items) walk(s.items, `${where}[]`);
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
        if (/paise/i.test(k)) {
          found.push(`${where}.${k}`);
          expect(v.deprecated, `${where}.${k} is deprecated`).toBe(true);
          expect(s.properties.amount?.type, `${where}.amount in rupees beside ${k}`).toBe('number');
        }
        walk(v, `${where}.${k}`);
      }
    };
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>))
      for (const [method, op] of Object.entries(methods))
        walk(
          op.responses?.['200']?.content?.['application/json']?.schema ?? op.responses?.['201']?.content?.['application/json']?.schema,
          `${method.toUpperCase()} ${path}`,
        );
    // The two checkouts a browser opens (a booking's, a salon's card for renewals) keep the old field for older clients.
    expect(found.length).toBeGreaterThanOrEqual(2);
  });
});

describe('amenities are the app’s list', () => {
  it('shows the list as an enum and refuses any other amenity with a 400 naming the field', async () => {
    const put = doc.paths['/merchants/amenities'].put.requestBody.content['application/json'].schema.properties.amenities;
    expect(put.items.enum).toEqual([...AMENITIES]);

    const bad = await send(salon.owner, 'PUT', '/merchants/amenities', { amenities: ['Parking', 'Helipad'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^amenities\.1: Choose amenities from: Free WiFi/);
    expect(bad.body.data?.field).toMatch(/^amenities/);
    const good = await send(salon.owner, 'PUT', '/merchants/amenities', { amenities: ['Parking', 'free wifi'] });
    expect(good.status).toBe(200);
    expect(good.body.amenities).toEqual(['Parking', 'Free WiFi']);

    const search = await send(undefined, 'GET', '/merchants/search?amenities=Parking,Helipad');
    expect(search.status).toBe(400);
    expect(search.body.data?.field).toBe('amenities');
  });
});
