import { createECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { sendDueReminders } from '../../src/server/jobs/handlers/reminders.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { createCustomer } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buf: Buffer, params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string }): Buffer;
};

/** A browser's side of a push subscription: its key pair and auth secret, to decrypt what arrives. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    json: {
      endpoint: `https://fcm.googleapis.com/fcm/send/${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
  };
}

interface Delivery {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}
const deliveries: Delivery[] = [];
const gone = new Set<string>();
const server = setupServer(
  http.post('https://fcm.googleapis.com/fcm/send/:id', async ({ request, params }) => {
    const id = String(params.id);
    deliveries.push({ path: id, headers: Object.fromEntries(request.headers.entries()), body: Buffer.from(await request.arrayBuffer()) });
    if (gone.has(id)) return new HttpResponse('gone', { status: 410 });
    return new HttpResponse(null, { status: 201, headers: { location: `https://fcm.googleapis.com/msg/${id}` } });
  }),
);

let rt: TestRuntime;
let admin: Actor;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  rt = await createTestRuntime();
  admin = await makeAccount(rt, 'admin');
});
afterAll(async () => {
  server.close();
  await rt.close();
});

describe('push subscriptions', () => {
  it('anyone can read the VAPID public key; it is stable across calls', async () => {
    const a = await rt.caller(null).notification.vapidPublicKey({});
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await rt.caller(null).notification.vapidPublicKey({})).publicKey).toBe(a.publicKey);
  });

  it('a signed-in user subscribes; anonymous callers are refused', async () => {
    const me = await createCustomer(rt);
    const sub = browserSubscription('sub-me');
    await expect(rt.caller(null).notification.subscribeUserToNotifications({ subscription: sub.json })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const r = await rt.caller(me).notification.subscribeUserToNotifications({ subscription: sub.json });
    expect(r.success).toBe(true);
    const rows = await rt.deps.db.selectFrom('push_subscriptions').selectAll().where('account_id', '=', me.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].endpoint).toBe(sub.json.endpoint);
  });

  it('refuses endpoints that are not a browser push service (the server would POST to them)', async () => {
    const me = await createCustomer(rt);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/push',
      'https://metadata.google.internal/x',
      'https://fcm.googleapis.com:8443/x',
    ]) {
      const sub = browserSubscription('x').json;
      await expect(rt.caller(me).notification.subscribeUserToNotifications({ subscription: { ...sub, endpoint } })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('subscription.endpoint'),
      });
    }
  });

  it('subscribing for another account’s userId is 403 (the ownership rule); one’s own id or none is fine, an admin may name anyone', async () => {
    const me = await createCustomer(rt);
    const other = await createCustomer(rt);
    const merchant = await makeAccount(rt, 'merchant');
    for (const actor of [me, merchant]) {
      await expect(
        rt
          .caller(actor)
          .notification.subscribeUserToNotifications({ subscription: browserSubscription(`steal-${actor.id}`).json, userId: other.id }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/^userId: /) });
    }
    expect(await rt.deps.db.selectFrom('push_subscriptions').select('id').where('account_id', '=', other.id).execute()).toHaveLength(0);
    await rt.caller(me).notification.subscribeUserToNotifications({ subscription: browserSubscription('own-id').json, userId: me.id });
    await rt
      .caller(admin)
      .notification.subscribeUserToNotifications({ subscription: browserSubscription('for-other').json, userId: other.id });
    const owners = await rt.deps.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'account_id'])
      .where('account_id', 'in', [me.id, other.id])
      .execute();
    expect(owners.map((o) => [o.endpoint.split('/').pop(), o.account_id === me.id ? 'me' : 'other']).sort()).toEqual([
      ['for-other', 'other'],
      ['own-id', 'me'],
    ]);
  });

  it('over REST: another account’s userId is 403 on subscribe and unsubscribe, one’s own is 201 / 200', async () => {
    const base = await rt.listen();
    const me = await createCustomer(rt);
    const other = await createCustomer(rt);
    const row = await rt.deps.db.selectFrom('accounts').select('token_version').where('id', '=', me.id).executeTakeFirstOrThrow();
    const token = await rt.deps.tokens.sign({ sub: me.id, role: 'customer', ver: row.token_version });
    const post = (path: string, body: unknown) =>
      fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const theirs = await post('/notification/subscribeUserToNotifications', {
      subscription: browserSubscription('rest-theirs').json,
      userId: other.id,
    });
    expect(theirs.status).toBe(403);
    expect(((await theirs.json()) as { message: string }).message).toMatch(/^userId: /);
    expect(
      (await post('/notification/subscribeUserToNotifications', { subscription: browserSubscription('rest-mine').json, userId: me.id }))
        .status,
    ).toBe(201);
    expect((await post('/users/unsubscribeUserFromNotifications', { userId: other.id })).status).toBe(403);
    const removed = await post('/users/unsubscribeUserFromNotifications', {
      userId: me.id,
      endpoint: browserSubscription('rest-mine').json.endpoint,
    });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ success: true, removed: 1 });
  });

  it('unsubscribe removes the caller’s subscriptions only, and refuses another user’s id', async () => {
    const me = await createCustomer(rt);
    const other = await createCustomer(rt);
    await rt.caller(me).notification.subscribeUserToNotifications({ subscription: browserSubscription('u1').json });
    await rt.caller(other).notification.subscribeUserToNotifications({ subscription: browserSubscription('u2').json });
    await expect(rt.caller(me).users.unsubscribeUserFromNotifications({ userId: other.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await rt.caller(me).users.unsubscribeUserFromNotifications({ userId: me.id })).toEqual({ success: true, removed: 1 });
    expect(await rt.deps.db.selectFrom('push_subscriptions').select('id').where('account_id', '=', other.id).execute()).toHaveLength(1);
  });
});

describe('push broadcast', () => {
  it('is for admins only', async () => {
    const c = await createCustomer(rt);
    await expect(
      rt.caller(c).notification.createSubscribeUserNotifications({ title: 't', body: 'b', audience: 'all' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(c).notification.getAllSubscribeUserNotifications({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('sends an encrypted Web Push with VAPID to each subscribed browser of the audience; a gone subscription is removed', async () => {
    await rt.deps.db.deleteFrom('push_subscriptions').execute();
    const alive = await createCustomer(rt);
    const dead = await createCustomer(rt);
    const merchant = await makeAccount(rt, 'merchant');
    const subAlive = browserSubscription('alive');
    await rt.caller(alive).notification.subscribeUserToNotifications({ subscription: subAlive.json });
    await rt.caller(dead).notification.subscribeUserToNotifications({ subscription: browserSubscription('dead').json });
    await rt.caller(merchant).notification.subscribeUserToNotifications({ subscription: browserSubscription('merchant').json });
    gone.add('dead');
    deliveries.length = 0;

    const r = await rt.caller(admin).notification.createSubscribeUserNotifications({
      title: 'Diwali offers',
      body: '20% off facials this week',
      url: '/salons',
      audience: 'customer',
    });
    expect(r.data.broadcast).toMatchObject({ subscriptions: 2, pending: 2, audience: 'customer' });
    await runJobsUntilIdle(rt.deps);

    expect(deliveries.map((d) => d.path).sort()).toEqual(['alive', 'dead']);
    const d = deliveries.find((x) => x.path === 'alive')!;
    expect(d.headers['content-encoding']).toBe('aes128gcm');
    expect(d.headers.ttl).toBe(String(24 * 3600));
    expect(d.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const plain = ece.decrypt(d.body, { version: 'aes128gcm', privateKey: subAlive.ecdh, authSecret: subAlive.auth });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'Diwali offers',
      body: '20% off facials this week',
      url: '/salons',
      tag: `broadcast-${r.data.broadcast._id}`,
    });

    expect(await rt.deps.db.selectFrom('push_subscriptions').select('id').where('account_id', '=', dead.id).execute()).toHaveLength(0);
    const list = await rt.caller(admin).notification.getAllSubscribeUserNotifications({});
    expect(list.data.broadcasts[0]).toMatchObject({ _id: r.data.broadcast._id, sent: 1, failed: 1, pending: 0 });
    const audit = await rt.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'notifications.push_broadcast').execute();
    expect(audit.some((a) => a.entity_id === r.data.broadcast._id && a.actor_id === admin.id)).toBe(true);
  });

  it('the admin in-app broadcast can also push', async () => {
    await rt.deps.db.deleteFrom('push_subscriptions').execute();
    const c = await createCustomer(rt);
    await rt.caller(c).notification.subscribeUserToNotifications({ subscription: browserSubscription('inapp').json });
    deliveries.length = 0;
    const r = await rt.caller(admin).admin.broadcast({ title: 'Maintenance', message: 'Back at 2 AM', audience: 'customers', push: true });
    expect(r.pushSubscriptions).toBe(1);
    await runJobsUntilIdle(rt.deps);
    expect(deliveries.map((x) => x.path)).toEqual(['inapp']);
  });
});

describe('booking events and reminders by push', () => {
  it('pushes booking events and reminders to a subscribed customer, unless push is turned off', async () => {
    const { createSalon, createService, createStaff, localDate } = await import('../helpers/fixtures.js');
    const salon = await createSalon(rt, { name: 'Push Salon' });
    const cut = await createService(rt, salon.id, { name: 'Haircut', duration: 30, price: 400, category: 'Hair' });
    await createStaff(rt, salon.id, { name: 'Kiran' });
    const c = await createCustomer(rt);
    const sub = browserSubscription('booking-events');
    await rt.caller(c).notification.subscribeUserToNotifications({ subscription: sub.json });
    deliveries.length = 0;

    const b = await rt
      .caller(c)
      .users.createBooking({ merchantId: salon.id, serviceIds: [cut], bookingDate: localDate(3), bookingTime: '11:00 AM' });
    // The reminder sweep at each reminder's moment.
    const startsAt = new Date(b.data.booking.startsAt).getTime();
    for (const hours of [24, 2])
      await rt.deps.db.transaction().execute((trx) => sendDueReminders(trx, rt.deps, new Date(startsAt - hours * 3_600_000 + 30_000)));
    await runJobsUntilIdle(rt.deps);
    const titles = deliveries
      .filter((d) => d.path === 'booking-events')
      .map(
        (d) => JSON.parse(ece.decrypt(d.body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth }).toString('utf8')).title,
      )
      .sort();
    expect(titles).toEqual(['Booking confirmed', 'Reminder: your appointment in 2 hours', 'Reminder: your appointment tomorrow']);

    await rt.deps.db
      .updateTable('accounts')
      .set({ notification_prefs: JSON.stringify({ push: false }) })
      .where('id', '=', c.id)
      .execute();
    deliveries.length = 0;
    await rt.caller(c).users.cancelBooking({ bookingId: b.data.booking._id });
    await runJobsUntilIdle(rt.deps);
    expect(deliveries).toEqual([]);
    const inApp = await rt.deps.db
      .selectFrom('notifications')
      .select('title')
      .where('account_id', '=', c.id)
      .where('title', '=', 'Booking cancelled')
      .execute();
    expect(inApp).toHaveLength(1);
  });
});
