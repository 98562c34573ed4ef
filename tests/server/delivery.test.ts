import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { loadEnv, startupWarnings } from '../../src/server/env.js';
import { twilioSignature } from '../../src/server/http/receipts.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { devMailDrop } from '../../src/server/services/content/runtime.js';
import { createCustomer, createSalon, createStaff, insertBookingRow, pinIndiaClock, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 30 items 3, 4 and 6: a message's delivery is what its transport reported; a salon's social
 * pages are links its owner entered; links in messages are built on PUBLIC_URL.
 */

const PUBLIC_URL = 'https://glowbook.example';
const AUTH_TOKEN = 'twilio-auth-token-for-tests';

let rt: TestRuntime;
let salon: SalonFixture;
let customer: Actor;
let admin: Actor;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { PUBLIC_URL: `${PUBLIC_URL}/`, TWILIO_AUTH_TOKEN: AUTH_TOKEN } });
  // Midday in India: promotional texts are not held for the TRAI quiet hours, whenever this runs.
  pinIndiaClock(rt, '12:00');
  salon = await createSalon(rt, { name: 'Receipt Salon' });
  customer = await createCustomer(rt, { firstName: 'Neha' });
  admin = await makeAccount(rt, 'admin');
  await rt.deps.db
    .updateTable('accounts')
    .set({ phone: '9000000011', notification_prefs: JSON.stringify({ marketing: true }) })
    .where('id', '=', customer.id)
    .execute();
  const staffId = await createStaff(rt, salon.id);
  await insertBookingRow(rt, {
    merchantId: salon.id,
    userId: customer.id,
    staffId,
    startsAt: new Date(Date.now() - 5 * 86_400_000),
    status: 'completed',
  });
});
afterAll(async () => {
  await rt.close();
});

const desk = () => rt.caller(salon.owner).merchants;
const marketing = () => rt.caller(salon.owner).marketing;

describe('with no SMS provider and no SMTP (the offline defaults)', () => {
  it('a text stays queued and an e-mail is not sent, and the figures say so', async () => {
    await desk().sendCustomerMessage({
      customerId: customer.id,
      category: 'promotional',
      channels: ['sms', 'email'],
      subject: 'Hello',
      message: 'See you soon',
    });
    await runJobsUntilIdle(rt.deps);
    const sent = (await desk().getSentMessages({})).data;
    expect(sent.find((m) => m.channel === 'sms')).toMatchObject({
      delivery: 'queued',
      deliveryLabel: 'Queued — no SMS provider configured',
    });
    expect(sent.find((m) => m.channel === 'email')).toMatchObject({ delivery: 'not_sent', deliveryLabel: 'Not sent (no SMTP configured)' });

    const c = await marketing().createCampaign({
      channel: 'sms',
      name: 'Offline',
      body: 'Diwali offer at {merchant_name}',
      segment: 'all',
    });
    await runJobsUntilIdle(rt.deps);
    const r = (await marketing().getMarketing({})).data;
    expect(r.campaigns.find((x) => x._id === c.data._id)).toMatchObject({ queued: 1, sent: 0, delivered: 0, failed: 0 });
    expect(r.analytics).toMatchObject({ smsProvider: false, emailProvider: false, smsDeliveryRate: null, conversionRate: null });

    const outbox = await rt.caller(admin).admin.outbox({ status: 'not_sent' });
    expect(outbox.messages.length).toBeGreaterThan(0);
    expect(outbox.messages.every((m) => m.channel === 'email' && m.delivery === 'not_sent')).toBe(true);
  });
});

describe('with an SMS provider that sends receipts', () => {
  it('a text is sent once accepted, delivered on a signed receipt, and the delivery rate follows', async () => {
    let n = 0;
    const offline = rt.deps.adapters.transports.sms;
    rt.deps.adapters.transports.sms = { provider: 'twilio', send: async () => ({ providerId: `SM${++n}` }) };
    try {
      const c = await marketing().createCampaign({
        channel: 'sms',
        name: 'Receipts',
        body: 'Weekend offer at {merchant_name}',
        segment: 'all',
      });
      await runJobsUntilIdle(rt.deps);
      expect((await marketing().getMarketing({})).data.campaigns.find((x) => x._id === c.data._id)).toMatchObject({
        sent: 1,
        delivered: 0,
      });
      const row = await rt.deps.db
        .selectFrom('outbox_messages')
        .select(['id', 'meta'])
        .where('campaign_id', '=', c.data._id)
        .executeTakeFirstOrThrow();
      const sid = (row.meta as { providerId: string }).providerId;

      const base = await rt.listen();
      const post = (params: Record<string, string>, signature: string) =>
        fetch(`${base}/api/webhooks/twilio/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
          body: new URLSearchParams(params),
        });
      const receipt = { MessageSid: sid, MessageStatus: 'delivered', AccountSid: 'AC1' };
      // Twilio signs the public URL it was given, not the address the request arrived at.
      const forged = await post(receipt, twilioSignature('wrong-token', `${PUBLIC_URL}/api/webhooks/twilio/status`, receipt));
      expect(forged.status).toBe(403);
      expect(await forged.json()).toMatchObject({ message: expect.stringMatching(/^x-twilio-signature: /) });
      const signed = await post(receipt, twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}/api/webhooks/twilio/status`, receipt));
      expect(signed.status).toBe(204);

      const r = (await marketing().getMarketing({})).data;
      expect(r.campaigns.find((x) => x._id === c.data._id)).toMatchObject({ sent: 0, delivered: 1 });
      expect(r.analytics.sms).toMatchObject({ delivered: 1 });
      expect(r.analytics.smsDeliveryRate).toBe(100);
      const listed = (await desk().getSentMessages({})).data.find((m) => m._id === row.id);
      expect(listed).toMatchObject({ delivery: 'delivered', deliveryLabel: 'Delivered' });

      // An "undelivered" receipt for another text marks it failed with Twilio's words.
      const c2 = await marketing().createCampaign({ channel: 'sms', name: 'Bounce', body: 'Another offer', segment: 'all' });
      await runJobsUntilIdle(rt.deps);
      const row2 = await rt.deps.db
        .selectFrom('outbox_messages')
        .select(['id', 'meta'])
        .where('campaign_id', '=', c2.data._id)
        .executeTakeFirstOrThrow();
      const bounce = { MessageSid: (row2.meta as { providerId: string }).providerId, MessageStatus: 'undelivered', ErrorCode: '30003' };
      expect((await post(bounce, twilioSignature(AUTH_TOKEN, `${PUBLIC_URL}/api/webhooks/twilio/status`, bounce))).status).toBe(204);
      const failed = (await desk().getSentMessages({})).data.find((m) => m._id === row2.id);
      expect(failed).toMatchObject({ delivery: 'failed', lastError: 'Twilio reported the text undelivered (Twilio error 30003)' });
      expect((await marketing().getMarketing({})).data.analytics.smsDeliveryRate).toBe(50);
    } finally {
      rt.deps.adapters.transports.sms = offline;
    }
  });
});

describe('social page links (item 4)', () => {
  it('takes an https address on the network’s own domain, shows it on the salon page, and removes it', async () => {
    await expect(marketing().setSocialLink({ network: 'facebook', url: 'https://evil.example/glow' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^url: That is not an address on Facebook/),
    });
    await expect(marketing().setSocialLink({ network: 'instagram', url: 'http://instagram.com/glow' })).rejects.toMatchObject({
      message: expect.stringMatching(/^url: Use the https:\/\/ address/),
    });
    await expect(marketing().setSocialLink({ network: 'twitter', url: 'https://x.com/' })).rejects.toMatchObject({
      message: expect.stringMatching(/^url: Add your page's name/),
    });
    const saved = await marketing().setSocialLink({ network: 'instagram', url: 'www.instagram.com/receipt.salon/' });
    expect(saved).toEqual({ success: true, network: 'instagram', url: 'https://www.instagram.com/receipt.salon' });
    const page = await rt.caller().merchants.getMerchantById({ id: salon.id });
    expect(page.merchant.socialLinks).toEqual([{ network: 'instagram', url: 'https://www.instagram.com/receipt.salon' }]);
    await marketing().setSocialLink({ network: 'instagram', url: null });
    expect((await rt.caller().merchants.getMerchantById({ id: salon.id })).merchant.socialLinks).toEqual([]);
    const rival = await createSalon(rt);
    await expect(
      rt.caller(rival.owner).marketing.setSocialLink({ merchantId: salon.id, network: 'facebook', url: 'https://facebook.com/x' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('PUBLIC_URL (item 6)', () => {
  it('is the base of every link (no trailing slash); unset in production, the server warns and uses its own port', async () => {
    expect(rt.deps.env.PUBLIC_URL).toBe(PUBLIC_URL);
    await marketing().createCampaign({ channel: 'email', name: 'Links', subject: 'Hi', body: 'Hello', segment: 'all' });
    await runJobsUntilIdle(rt.deps);
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['meta'])
      .where('channel', '=', 'email')
      .where('campaign_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect((mail.meta as { unsubscribeUrl: string }).unsubscribeUrl.startsWith(`${PUBLIC_URL}/api/marketing/unsubscribe?token=`)).toBe(
      true,
    );

    const unset = loadEnv({ NODE_ENV: 'production', PORT: '8080' });
    expect(unset.PUBLIC_URL).toBe('http://localhost:8080');
    expect(startupWarnings(unset)).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set: links in e-mails and texts point at http:\/\/localhost:8080/),
    ]);
    expect(startupWarnings(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://book.example' }))).toEqual([]);
    expect(startupWarnings(loadEnv({ NODE_ENV: 'development' }))).toEqual([]);
    expect(() => loadEnv({ PUBLIC_URL: 'glowbook' })).toThrow(/PUBLIC_URL/);
  });
});

describe('the forgot-password page’s mail-drop hint (item 5)', () => {
  it('is on only for a development server whose e-mail goes to the local mail drop', async () => {
    expect(await rt.caller().content.devMailDrop({})).toEqual({ devMailDrop: false, mailDropDir: null });
    const dev = { ...rt.deps, env: { ...rt.deps.env, NODE_ENV: 'development' as const } };
    expect(devMailDrop(dev)).toEqual({ devMailDrop: true, mailDropDir: expect.stringMatching(/mail$/) });
    const withSmtp = {
      ...dev,
      adapters: {
        ...rt.deps.adapters,
        transports: { ...rt.deps.adapters.transports, email: { provider: 'smtp', send: async () => ({}) } },
      },
    };
    expect(devMailDrop(withSmtp)).toEqual({ devMailDrop: false, mailDropDir: null });
    expect(devMailDrop({ ...rt.deps, env: { ...rt.deps.env, NODE_ENV: 'production' as const } })).toEqual({
      devMailDrop: false,
      mailDropDir: null,
    });
  });
});
