import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transport } from '../../src/server/adapters/messaging/index.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import type { Actor } from '../../src/server/trpc/context.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let salon: SalonFixture;
let recent: Actor;
let lapsed: Actor;
let optedOut: Actor;
beforeAll(async () => {
  rt = await createTestRuntime();
  salon = await createSalon(rt, { name: 'Campaign Salon' });
  recent = await createCustomer(rt, { firstName: 'Recent' });
  lapsed = await createCustomer(rt, { firstName: 'Lapsed' });
  optedOut = await createCustomer(rt, { firstName: 'Quiet' });
  await rt.deps.db.updateTable('accounts').set({ notification_prefs: JSON.stringify({ marketing: false }) }).where('id', '=', optedOut.id).execute();
  await rt.deps.db.updateTable('accounts').set({ phone: '9000000001' }).where('id', '=', recent.id).execute();
  const staffId = await createStaff(rt, salon.id);
  const days = (n: number) => new Date(Date.now() - n * 86_400_000);
  for (const [c, ago] of [[recent, 10], [lapsed, 200], [optedOut, 5]] as const) {
    const id = await insertBookingRow(rt, { merchantId: salon.id, userId: c.id, staffId, startsAt: days(ago), status: 'completed' });
    await rt.deps.db.updateTable('bookings').set({ created_at: days(ago) }).where('id', '=', id).execute();
  }
});
afterAll(async () => {
  await rt.close();
});

const m = () => rt.caller(salon.owner).marketing;

describe('marketing', () => {
  it('counts segments from real bookings (active = booked in 90 days)', async () => {
    const r = await m().getMarketing({});
    expect(r.data.segments).toEqual({ all: 3, active: 2, inactive: 1 });
  });

  it('an e-mail campaign goes to the segment minus opt-outs, moves Sending → Sent with the jobs, and counts opens from the pixel', async () => {
    const c = await m().createCampaign({ channel: 'email', name: 'Monsoon offer', subject: 'Hi {customer_name}', body: 'Hello {customer_name}, 20% off at {merchant_name}!', segment: 'all' });
    expect(c.data).toMatchObject({ status: 'sending', recipients: 2 });
    await runJobsUntilIdle(rt.deps);
    let r = await m().getMarketing({});
    expect(r.data.campaigns[0]).toMatchObject({ status: 'sent', delivered: 2, opened: 0 });
    const mails = await rt.deps.db.selectFrom('outbox_messages').selectAll().where('campaign_id', '=', c.data._id).execute();
    expect(mails.map((x) => x.recipient).sort()).toEqual([lapsed.email, recent.email].sort());
    expect(mails.find((x) => x.recipient === recent.email)!.body).toBe('Hello Recent, 20% off at Campaign Salon!');
    const html = (mails[0].meta as { html: string }).html;
    const pixel = /\/api\/t\/open\/[0-9a-f-]+\.gif/.exec(html)![0];
    const base = await rt.listen();
    const res = await fetch(`${base}${pixel}`);
    expect(res.headers.get('content-type')).toBe('image/gif');
    await fetch(`${base}${pixel}`);
    r = await m().getMarketing({});
    expect(r.data.campaigns[0].opened).toBe(1);
    expect(r.data.analytics.emailOpenRate).toBe(50);
  });

  it('a campaign whose every message fails ends Failed; SMS obeys 160 characters', async () => {
    const down: Transport = { provider: 'down', send: async () => Promise.reject(Object.assign(new Error('invalid number'), { permanent: true })) };
    const real = rt.deps.adapters.transports.sms;
    rt.deps.adapters.transports.sms = down;
    await expect(m().createCampaign({ channel: 'sms', name: 'Too long', body: 'x'.repeat(161), segment: 'all' })).rejects.toMatchObject({ message: expect.stringContaining('160') });
    const c = await m().createCampaign({ channel: 'sms', name: 'Flash sale', body: 'Flash sale today at {merchant_name}', segment: 'active' });
    expect(c.data.recipients).toBe(1);
    await runJobsUntilIdle(rt.deps);
    rt.deps.adapters.transports.sms = real;
    const r = await m().getMarketing({});
    expect(r.data.campaigns.find((x) => x._id === c.data._id)).toMatchObject({ status: 'failed', failed: 1 });
    expect(r.data.analytics.smsDeliveryRate).toBe(0);
    const again = await m().resendCampaign({ campaignId: c.data._id });
    await runJobsUntilIdle(rt.deps);
    expect((await m().getMarketing({})).data.campaigns.find((x) => x._id === again.data._id)?.status).toBe('sent');
  });

  it('stores social connections, and belongs to the salon only', async () => {
    await m().setSocialConnection({ network: 'instagram', connected: true });
    const r = await m().getMarketing({});
    expect(r.data.social).toEqual([
      { network: 'facebook', connected: false },
      { network: 'instagram', connected: true },
      { network: 'twitter', connected: false },
    ]);
    const other = await createSalon(rt);
    await expect(rt.caller(other.owner).marketing.getMarketing({ merchantId: salon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(recent).marketing.getMarketing({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
