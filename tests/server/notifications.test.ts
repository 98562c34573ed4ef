import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotification } from '../../src/server/db/repositories/notifications.js';
import type { Actor } from '../../src/server/deps.js';
import { createCustomer, createSalon, createService, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

/** Writes notifications with explicit, increasing creation times so "newest first" is testable. */
async function seedNotifications(accountId: string, titles: string[], opts: { readTitles?: string[] } = {}) {
  const base = Date.UTC(2026, 0, 10, 8, 0, 0);
  for (const [i, title] of titles.entries()) {
    await rt.deps.db
      .insertInto('notifications')
      .values({
        account_id: accountId,
        type: i % 3 === 0 ? 'booking' : i % 3 === 1 ? 'system' : 'alert',
        title,
        message: `${title} message`,
        link: i === 0 ? '/bookings' : null,
        is_read: opts.readTitles?.includes(title) ?? false,
        created_at: new Date(base + i * 60_000),
      })
      .execute();
  }
}

const idOf = async (accountId: string, title: string) =>
  (
    await rt.deps.db
      .selectFrom('notifications')
      .select('id')
      .where('account_id', '=', accountId)
      .where('title', '=', title)
      .executeTakeFirstOrThrow()
  ).id;

describe('getNotifications', () => {
  let me: Actor;
  let other: Actor;
  beforeAll(async () => {
    me = await createCustomer(rt);
    other = await createCustomer(rt);
    await seedNotifications(me.id, ['first', 'second', 'third', 'fourth'], { readTitles: ['second'] });
    await seedNotifications(other.id, ['not mine']);
  });

  it('lists only the caller’s notifications, newest first, in the wire shape', async () => {
    const r = await rt.caller(me).users.getNotifications({});
    expect(r.data.notifications.map((n) => n.title)).toEqual(['fourth', 'third', 'second', 'first']);
    expect(r.data.total).toBe(4);
    expect(r.data.unreadCount).toBe(3);
    const first = r.data.notifications[3];
    expect(first).toEqual({
      _id: await idOf(me.id, 'first'),
      type: 'booking',
      title: 'first',
      message: 'first message',
      link: '/bookings',
      read: false,
      timestamp: '2026-01-10T08:00:00.000Z',
    });
    expect(r.data.notifications[2]).toMatchObject({ title: 'second', type: 'system', read: true, link: null });
  });

  it('pages and filters to unread, keeping unreadCount for the whole account', async () => {
    const page2 = await rt.caller(me).users.getNotifications({ page: 2, limit: 3 });
    expect(page2.data.notifications.map((n) => n.title)).toEqual(['first']);
    expect(page2.data.total).toBe(4);

    const unread = await rt.caller(me).users.getNotifications({ unreadOnly: true, limit: 2 });
    expect(unread.data.notifications.map((n) => n.title)).toEqual(['fourth', 'third']);
    expect(unread.data.total).toBe(3);
    expect(unread.data.unreadCount).toBe(3);
  });

  it('rejects a bad page size', async () => {
    await expect(rt.caller(me).users.getNotifications({ limit: 500 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('works for merchants and admins too, and refuses anonymous callers', async () => {
    const merchant = await makeAccount(rt, 'merchant');
    const admin = await makeAccount(rt, 'admin');
    await insertNotification(rt.deps.db, { accountId: merchant.id, title: 'New booking', message: 'A customer booked.' });
    await insertNotification(rt.deps.db, { accountId: admin.id, title: 'Heads up', message: 'System notice', type: 'system' });
    expect((await rt.caller(merchant).users.getNotifications({})).data).toMatchObject({ total: 1, unreadCount: 1 });
    expect((await rt.caller(admin).users.getNotifications({})).data.notifications[0]).toMatchObject({ title: 'Heads up', type: 'system' });
    await expect(rt.caller(null).users.getNotifications({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('marking and deleting', () => {
  let me: Actor;
  let other: Actor;
  beforeAll(async () => {
    me = await createCustomer(rt);
    other = await createCustomer(rt);
    await seedNotifications(me.id, ['a', 'b', 'c']);
    await seedNotifications(other.id, ['theirs']);
  });

  it('marks one read', async () => {
    const id = await idOf(me.id, 'b');
    expect(await rt.caller(me).users.markNotificationAsRead({ id })).toEqual({ success: true });
    const r = await rt.caller(me).users.getNotifications({});
    expect(r.data.unreadCount).toBe(2);
    expect(r.data.notifications.find((n) => n._id === id)?.read).toBe(true);
    // Marking an already read one again is fine.
    expect(await rt.caller(me).users.markNotificationAsRead({ id })).toEqual({ success: true });
  });

  it('hides another account’s notification behind 404, even from admins', async () => {
    const theirs = await idOf(other.id, 'theirs');
    const admin = await makeAccount(rt, 'admin');
    for (const actor of [me, admin]) {
      await expect(rt.caller(actor).users.markNotificationAsRead({ id: theirs })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(rt.caller(actor).users.deleteNotification({ id: theirs })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    const still = await rt.deps.db.selectFrom('notifications').select('is_read').where('id', '=', theirs).executeTakeFirstOrThrow();
    expect(still.is_read).toBe(false);
    await expect(rt.caller(me).users.markNotificationAsRead({ id: 'not-a-uuid' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(rt.caller(null).users.markNotificationAsRead({ id: theirs })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(rt.caller(null).users.deleteNotification({ id: theirs })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('marks all read and reports how many changed, leaving other accounts alone', async () => {
    expect(await rt.caller(me).users.markAllNotificationsAsRead()).toEqual({ success: true, updated: 2 });
    expect((await rt.caller(me).users.getNotifications({})).data.unreadCount).toBe(0);
    expect(await rt.caller(me).users.markAllNotificationsAsRead()).toEqual({ success: true, updated: 0 });
    expect((await rt.caller(other).users.getNotifications({})).data.unreadCount).toBe(1);
    await expect(rt.caller(null).users.markAllNotificationsAsRead()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('deletes one, and a second delete is 404', async () => {
    const id = await idOf(me.id, 'a');
    expect(await rt.caller(me).users.deleteNotification({ id })).toEqual({ success: true });
    const r = await rt.caller(me).users.getNotifications({});
    expect(r.data.notifications.map((n) => n.title)).toEqual(['c', 'b']);
    expect(r.data.total).toBe(2);
    await expect(rt.caller(me).users.deleteNotification({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('booking events', () => {
  it('a cancelled booking notifies the customer (and the salon)', async () => {
    const salon = await createSalon(rt, { name: 'Jasmine Studio' });
    const haircut = await createService(rt, salon.id, { name: 'Haircut', duration: 30, price: 500 });
    await createStaff(rt, salon.id, { name: 'Asha' });
    const customer = await createCustomer(rt);
    const made = await rt.caller(customer).users.createBooking({
      merchantId: salon.id,
      serviceIds: [haircut],
      bookingDate: localDate(3),
      bookingTime: '11:00 AM',
    });
    await rt.caller(customer).users.cancelBooking({ bookingId: made.data.booking._id, reason: 'Plans changed' });

    const r = await rt.caller(customer).users.getNotifications({});
    expect(r.data.notifications[0]).toMatchObject({ type: 'booking', title: 'Booking cancelled', link: '/bookings', read: false });
    expect(r.data.notifications[0].message).toContain('Jasmine Studio');
    expect(r.data.notifications.map((n) => n.title)).toContain('Booking confirmed');
    expect(r.data.unreadCount).toBe(r.data.total);

    const salonSide = await rt.caller(salon.owner).users.getNotifications({ limit: 10 });
    expect(salonSide.data.notifications.map((n) => n.title)).toContain('Booking cancelled');
  });
});

describe('REST', () => {
  let base: string;
  let me: Actor;
  let token: string;
  beforeAll(async () => {
    base = await rt.listen();
    me = await createCustomer(rt);
    await seedNotifications(me.id, ['older', 'newer']);
    const { token_version } = await rt.deps.db
      .selectFrom('accounts')
      .select('token_version')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    token = await rt.deps.tokens.sign({ sub: me.id, role: me.role, ver: token_version });
  });

  const call = (method: string, path: string, auth = true) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(auth ? { Authorization: `Bearer ${token}` } : {}),
        ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });

  it('serves the contract paths', async () => {
    const list = await call('GET', '/users/getNotifications?page=1&limit=5&unreadOnly=true');
    expect(list.status).toBe(200);
    const body = (await list.json()) as {
      data: { notifications: { _id: string; title: string; timestamp: string }[]; unreadCount: number; total: number };
    };
    expect(body.data.notifications.map((n) => n.title)).toEqual(['newer', 'older']);
    expect(body.data).toMatchObject({ unreadCount: 2, total: 2 });
    expect(new Date(body.data.notifications[0].timestamp).toISOString()).toBe(body.data.notifications[0].timestamp);
    const [newer, older] = body.data.notifications.map((n) => n._id);

    const one = await call('POST', `/users/markNotificationAsRead/${newer}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ success: true });

    const all = await call('POST', '/users/markAllNotificationsAsRead');
    expect(await all.json()).toEqual({ success: true, updated: 1 });

    const del = await call('DELETE', `/users/deleteNotification/${older}`);
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ success: true });
    expect((await call('DELETE', `/users/deleteNotification/${older}`)).status).toBe(404);

    const after = (await (await call('GET', '/users/getNotifications?unreadOnly=false')).json()) as {
      data: { total: number; unreadCount: number };
    };
    expect(after.data).toMatchObject({ total: 1, unreadCount: 0 });
  });

  it('answers 401 without a token and 400 for a bad query', async () => {
    expect((await call('GET', '/users/getNotifications', false)).status).toBe(401);
    expect((await call('POST', '/users/markAllNotificationsAsRead', false)).status).toBe(401);
    expect((await call('GET', '/users/getNotifications?unreadOnly=maybe')).status).toBe(400);
  });
});
