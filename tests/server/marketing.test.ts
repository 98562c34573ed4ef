import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transport } from '../../src/server/adapters/messaging/index.js';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, pinIndiaClock, type SalonFixture } from '../helpers/fixtures.js';
import { makeJobsDue, resendJobs } from '../helpers/jobs.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

const SALON = 'Campaign Beauty Salon Studio';

let rt: TestRuntime;
let salon: SalonFixture;
let recent: Actor;
let lapsed: Actor;
let quiet: Actor;
let optedOut: Actor;
const optIn = (a: Actor, on: boolean) =>
  rt.deps.db
    .updateTable('accounts')
    .set({ notification_prefs: JSON.stringify({ marketing: on }) })
    .where('id', '=', a.id)
    .execute();

beforeAll(async () => {
  rt = await createTestRuntime();
  // Midday in India: campaign texts are not held for the TRAI quiet hours, whenever this runs.
  pinIndiaClock(rt, '12:00');
  salon = await createSalon(rt, { name: SALON });
  recent = await createCustomer(rt, { firstName: 'Recent' });
  lapsed = await createCustomer(rt, { firstName: 'Lapsed' });
  quiet = await createCustomer(rt, { firstName: 'Quiet' });
  optedOut = await createCustomer(rt, { firstName: 'Out' });
  await optIn(recent, true);
  await optIn(lapsed, true);
  await optIn(optedOut, false);
  // "quiet" never touched the switch: marketing is opt-in, so no offers for them.
  await rt.deps.db.updateTable('accounts').set({ phone: '9000000001' }).where('id', '=', recent.id).execute();
  await rt.deps.db.updateTable('accounts').set({ phone: '9000000003' }).where('id', '=', quiet.id).execute();
  const staffId = await createStaff(rt, salon.id);
  const days = (n: number) => new Date(Date.now() - n * 86_400_000);
  for (const [c, ago] of [
    [recent, 10],
    [lapsed, 200],
    [quiet, 5],
    [optedOut, 5],
  ] as const) {
    const id = await insertBookingRow(rt, { merchantId: salon.id, userId: c.id, staffId, startsAt: days(ago), status: 'completed' });
    await rt.deps.db
      .updateTable('bookings')
      .set({ created_at: days(ago) })
      .where('id', '=', id)
      .execute();
  }
  // A walk-in from the counter gave no consent to offers.
  await rt.deps.db
    .insertInto('manual_bookings')
    .values({ merchant_id: salon.id, name: 'Walk In', mobile: '9123456780', email: 'walkin@example.in' })
    .execute();
});
afterAll(async () => {
  await rt.close();
});

const m = () => rt.caller(salon.owner).marketing;
const campaignOf = async (id: string) => (await m().getMarketing({})).data.campaigns.find((x) => x._id === id)!;

describe('marketing consent and audiences', () => {
  it('counts per channel only the customers a campaign would reach: opted in, with the address', async () => {
    const r = await m().getMarketing({});
    expect(r.data.segments).toEqual({
      customers: 5,
      email: { all: 2, active: 1, inactive: 1 },
      sms: { all: 1, active: 1, inactive: 0 },
    });
  });

  it('an e-mail campaign reaches only opted-in customers, moves Sending → Sent, counts opens, and carries a working unsubscribe link', async () => {
    // An SMTP server that accepts everything: the e-mails are sent (accepted), not yet known delivered.
    const mailDrop = rt.deps.adapters.transports.email;
    rt.deps.adapters.transports.email = { provider: 'smtp', send: async (msg) => ({ providerId: `<${msg.id}@smtp.test>` }) };
    const c = await m().createCampaign({
      channel: 'email',
      name: 'Monsoon offer',
      subject: 'Hi {customer_name} from {merchant_name}',
      body: 'Hello {customer_name}, 20% off at {merchant_name}!',
      segment: 'all',
    });
    expect(c.message).toBe('Campaign created successfully!');
    expect(c.data).toMatchObject({ status: 'sending', recipients: 2 });
    await runJobsUntilIdle(rt.deps);
    rt.deps.adapters.transports.email = mailDrop;
    expect(await campaignOf(c.data._id)).toMatchObject({ status: 'sent', sent: 2, delivered: 0, notSent: 0, opened: 0, recipients: 2 });
    const mails = await rt.deps.db.selectFrom('outbox_messages').selectAll().where('campaign_id', '=', c.data._id).execute();
    expect(mails.map((x) => x.recipient).sort()).toEqual([lapsed.email, recent.email].sort());
    const toRecent = mails.find((x) => x.recipient === recent.email)!;
    expect(toRecent.subject).toBe(`Hi Recent from ${SALON}`);
    expect(toRecent.body.startsWith(`Hello Recent, 20% off at ${SALON}!\n\n--\n`)).toBe(true);
    const meta = toRecent.meta as { html: string; unsubscribeUrl: string };
    expect(toRecent.body).toContain(`Unsubscribe: ${meta.unsubscribeUrl}`);
    expect(meta.html).toContain('>Unsubscribe</a>');

    const base = await rt.listen();
    const pixel = /\/api\/t\/open\/[0-9a-f-]+\.gif/.exec(meta.html)![0];
    const res = await fetch(`${base}${pixel}`);
    expect(res.headers.get('content-type')).toBe('image/gif');
    await fetch(`${base}${pixel}`);
    const r = await m().getMarketing({});
    expect(r.data.campaigns[0].opened).toBe(1);
    expect(r.data.analytics.emailOpenRate).toBe(50);

    // The link, as the customer's browser opens it: a confirmation page, and no more offers.
    const link = new URL(meta.unsubscribeUrl);
    const page = await fetch(`${base}${link.pathname}${link.search}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('You are unsubscribed');
    expect((await rt.caller(recent).users.getNotificationPreferences({})).preferences.marketing).toBe(false);
    expect((await m().getMarketing({})).data.segments.email.all).toBe(1);

    // A forged or altered token changes nothing.
    const token = link.searchParams.get('token')!;
    const forged = `${lapsed.id}.${token.split('.')[1]}`;
    const bad = await fetch(`${base}/api/marketing/unsubscribe?token=${encodeURIComponent(forged)}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.stringContaining('token') });
    expect((await rt.caller(lapsed).users.getNotificationPreferences({})).preferences.marketing).toBe(true);
    await optIn(recent, true);
  });

  it('fills the variables the same way for a campaign and a one-off message, subject and body alike', async () => {
    const body = '{customer_name} | {appointment_date} | {merchant_name}';
    const c = await m().createCampaign({ channel: 'email', name: 'Variables', subject: body, body, segment: 'active' });
    await runJobsUntilIdle(rt.deps);
    const campaignMail = await rt.deps.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('campaign_id', '=', c.data._id)
      .executeTakeFirstOrThrow();
    const direct = await rt
      .caller(salon.owner)
      .merchants.sendCustomerMessage({ customerId: recent.id, category: 'promotional', channels: ['email'], subject: body, message: body });
    expect(direct.queued).toHaveLength(1);
    const directMail = await rt.deps.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', recent.email)
      .where('campaign_id', 'is', null)
      .executeTakeFirstOrThrow();
    const expected = /^Recent \| \d{1,2} [A-Z][a-z]{2} \d{4} \| Campaign Beauty Salon Studio$/;
    expect(directMail.body).toMatch(expected);
    expect(directMail.subject).toBe(directMail.body);
    expect(campaignMail.subject).toBe(directMail.body);
    expect(campaignMail.body.split('\n')[0]).toBe(directMail.body);
  });

  it('checks the SMS 160-character rule after the variables are filled in', async () => {
    const raw = `${'x'.repeat(140)} {merchant_name}`;
    expect(raw.length).toBeLessThanOrEqual(160);
    await expect(m().createCampaign({ channel: 'sms', name: 'Long once filled', body: raw, segment: 'all' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^body: SMS message cannot exceed 160 characters \(up to 169 once the variables are filled in\)$/),
    });
    await expect(m().createCampaign({ channel: 'sms', name: 'Too long', body: 'x'.repeat(161), segment: 'all' })).rejects.toMatchObject({
      message: expect.stringContaining('160'),
    });
  });

  it('a failed campaign is resent as the same campaign: back to Sending, refused while Sending (409), stats of the new round', async () => {
    const down: Transport = {
      provider: 'down',
      send: async () => Promise.reject(Object.assign(new Error('invalid number'), { permanent: true })),
    };
    const real = rt.deps.adapters.transports.sms;
    rt.deps.adapters.transports.sms = down;
    const c = await m().createCampaign({
      channel: 'sms',
      name: 'Flash sale',
      body: 'Flash sale today at {merchant_name}',
      segment: 'active',
    });
    expect(c.message).toBe('SMS sent successfully!');
    expect(c.data.recipients).toBe(1);
    await runJobsUntilIdle(rt.deps);
    rt.deps.adapters.transports.sms = real;
    expect(await campaignOf(c.data._id)).toMatchObject({ status: 'failed', failed: 1, delivered: 0 });
    expect((await m().getMarketing({})).data.analytics.smsDeliveryRate).toBe(0);

    const before = (await m().getMarketing({})).data.campaigns.length;
    const again = await m().resendCampaign({ campaignId: c.data._id });
    expect(again.message).toBe('Campaign is being resent!');
    expect(again.data).toMatchObject({ _id: c.data._id, status: 'sending', failed: 0, delivered: 0 });
    await expect(m().resendCampaign({ campaignId: c.data._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This campaign is still being sent. You can resend it once it has finished.',
    });
    await runJobsUntilIdle(rt.deps);
    const after = await m().getMarketing({});
    expect(after.data.campaigns).toHaveLength(before);
    // The test server has no SMS provider: the resent text stays in the outbox, reaching no one.
    expect(after.data.campaigns.find((x) => x._id === c.data._id)).toMatchObject({
      status: 'sent',
      queued: 1,
      sent: 0,
      delivered: 0,
      failed: 0,
      name: 'Flash sale',
    });

    const other = await createSalon(rt);
    await expect(rt.caller(other.owner).marketing.resendCampaign({ campaignId: c.data._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('marks a campaign Failed when its expansion job finally fails, instead of Sending for ever', async () => {
    await sql`create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox is down'; end $$`.execute(
      rt.deps.db,
    );
    await sql`create trigger refuse_outbox before insert on outbox_messages for each row execute function refuse_outbox()`.execute(
      rt.deps.db,
    );
    try {
      const c = await m().createCampaign({ channel: 'email', name: 'Doomed', subject: 'Hi', body: 'Hello', segment: 'all' });
      // Two attempts: pg-boss counts the retries after the first.
      await resendJobs(rt.deps.db, { refs: [`campaign:${c.data._id}`] }, { retryLimit: 1 });
      await runJobsUntilIdle(rt.deps);
      expect((await campaignOf(c.data._id)).status).toBe('sending');
      await makeJobsDue(rt.deps.db, { refs: [`campaign:${c.data._id}`] });
      await runJobsUntilIdle(rt.deps);
      expect(await campaignOf(c.data._id)).toMatchObject({ status: 'failed', delivered: 0 });
    } finally {
      await sql`drop trigger refuse_outbox on outbox_messages`.execute(rt.deps.db);
      await sql`drop function refuse_outbox()`.execute(rt.deps.db);
    }
  });

  it('refuses a segment nobody in it can receive', async () => {
    const empty = await createSalon(rt);
    await expect(
      rt.caller(empty.owner).marketing.createCampaign({ channel: 'email', name: 'Nobody', subject: 'Hi', body: 'Hello', segment: 'all' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^segment: /),
    });
  });

  it('stores the salon’s social page links, and belongs to the salon only', async () => {
    await m().setSocialLink({ network: 'instagram', url: 'instagram.com/campaign.beauty/' });
    const r = await m().getMarketing({});
    expect(r.data.social).toEqual([
      { network: 'facebook', url: null },
      { network: 'instagram', url: 'https://instagram.com/campaign.beauty' },
      { network: 'twitter', url: null },
    ]);
    const other = await createSalon(rt);
    await expect(rt.caller(other.owner).marketing.getMarketing({ merchantId: salon.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rt.caller(recent).marketing.getMarketing({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('campaigns at scale', () => {
  it('reaches every opted-in customer, however many (no cap at 500)', async () => {
    const big = await createSalon(rt, { name: 'Big Salon' });
    const n = 520;
    const emails = Array.from({ length: n }, (_, i) => `fan${i}@crowd.test`);
    await rt.deps.db
      .insertInto('accounts')
      .values(
        emails.map((email, i) => ({
          email,
          role: 'customer' as const,
          password_hash: null,
          first_name: `Fan${i}`,
          last_name: 'Crowd',
          notification_prefs: JSON.stringify({ marketing: true }),
        })),
      )
      .execute();
    // Each fan booked this salon once themselves (a walk-in typed with their e-mail would not make them its customer).
    const fans = await rt.deps.db.selectFrom('accounts').select('id').where('email', 'in', emails).orderBy('email').execute();
    const staffId = await createStaff(rt, big.id, { name: 'Crowd Stylist' });
    const day = Date.now() - 30 * 86_400_000;
    await rt.deps.db
      .insertInto('bookings')
      .values(
        fans.map((f, i) => ({
          user_id: f.id,
          merchant_id: big.id,
          staff_id: staffId,
          starts_at: new Date(day + i * 3_600_000),
          ends_at: new Date(day + i * 3_600_000 + 1_800_000),
          booking_date: new Date(day + i * 3_600_000).toISOString().slice(0, 10),
          booking_time: '10:00 AM',
          status: 'completed' as const,
          subtotal: 500,
          total_price: 500,
          total_duration: 30,
        })),
      )
      .execute();
    const r = await rt.caller(big.owner).marketing.getMarketing({});
    expect(r.data.segments).toMatchObject({ customers: n, email: { all: n, active: n, inactive: 0 }, sms: { all: 0 } });
    const c = await rt
      .caller(big.owner)
      .marketing.createCampaign({ channel: 'email', name: 'Everyone', subject: 'Hi', body: 'Hello {customer_name}', segment: 'all' });
    expect(c.data.recipients).toBe(n);
    const job = await rt.deps.db.selectFrom('jobs').select('id').where('ref', '=', `campaign:${c.data._id}`).executeTakeFirstOrThrow();
    const { runNextJob } = await import('../../src/server/jobs/runner.js');
    expect(await runNextJob(rt.deps)).toBe('done');
    expect((await rt.deps.db.selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).status).toBe('done');
    const queued = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('campaign_id', '=', c.data._id)
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(n);
  });
});
