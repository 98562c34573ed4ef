import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFor } from '../../src/client/features/chat/answers.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { DEMO_FAILED_MAIL } from '../../src/server/seed/admin.js';
import { buildDemoData, DEMO_PASSWORD, demoImagePaths, PAST_UNSETTLED } from '../../src/server/seed/demo.js';
import { seedIfEmpty } from '../../src/server/seed/index.js';
import { CHAT_TEXT, matchIntent } from '../../src/shared/chatIntents.js';
import type { OpeningHoursDay } from '../../src/shared/hours.js';
import { instantToZoned, salonWindow } from '../../src/shared/slots.js';
import { createTestRuntime, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ seed: true });
});
afterAll(async () => {
  await rt.close();
});

const db = () => rt.deps.db;
const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));
const DAY_MS = 86_400_000;

describe('demo accounts', () => {
  it('sign in with the demo password, each through its own door', async () => {
    const customer = await rt.caller().users.loginEmail({ email: 'customer@demo.in', password: DEMO_PASSWORD });
    expect(customer.userType).toBe('customer');
    expect(customer.user.firstName).toBe('Priya');
    const admin = await rt.caller().users.loginEmail({ email: 'admin@demo.in', password: DEMO_PASSWORD });
    expect(admin.userType).toBe('admin');
    const merchant = await rt.caller().merchants.loginMerchant({ email: 'merchant@demo.in', password: DEMO_PASSWORD });
    expect(merchant.userType).toBe('merchant');
  });

  it('gives every other seeded account the same password', async () => {
    const login = await rt.caller().users.loginEmail({ email: 'rohan.mehta@demo.in', password: DEMO_PASSWORD });
    expect(login.userType).toBe('customer');
    const hashes = await db().selectFrom('accounts').select('password_hash').distinct().execute();
    expect(hashes).toHaveLength(1);
  });
});

describe('published salons', () => {
  it('has at least 12 complete salons in at least 4 cities', async () => {
    const rows = await db()
      .selectFrom('merchants as m')
      .where('m.is_published', '=', true)
      .select([
        'm.id',
        'm.city',
        'm.publish_status',
        'm.latitude',
        'm.longitude',
        sql<number>`(select count(*) from merchant_categories mc where mc.merchant_id = m.id)`.as('categories'),
        sql<number>`(select count(*) from services s where s.merchant_id = m.id and s.active)`.as('services'),
        sql<number>`(select count(*) from staff st where st.merchant_id = m.id)`.as('staff'),
        sql<number>`(select count(*) from staff st where st.merchant_id = m.id and st.status = 'Active')`.as('activeStaff'),
        sql<number>`(select count(*) from reviews r where r.merchant_id = m.id)`.as('reviews'),
        sql<number>`(select count(*) from shop_images i where i.merchant_id = m.id and i.is_cover)`.as('covers'),
      ])
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.city)).size).toBeGreaterThanOrEqual(4);
    for (const r of rows) {
      expect(r.publish_status).toBe('approved');
      expect(r.latitude).not.toBeNull();
      expect(r.longitude).not.toBeNull();
      expect(Number(r.categories)).toBeGreaterThanOrEqual(3);
      expect(Number(r.services)).toBeGreaterThanOrEqual(6);
      expect(Number(r.staff)).toBeGreaterThanOrEqual(2);
      expect(Number(r.activeStaff)).toBeGreaterThanOrEqual(2);
      expect(Number(r.reviews)).toBeGreaterThanOrEqual(1);
      expect(Number(r.covers)).toBe(1);
    }
  });

  it('makes merchant@demo.in the owner of a published salon', async () => {
    const row = await db()
      .selectFrom('accounts as a')
      .innerJoin('merchants as m', 'm.id', 'a.id')
      .where('a.email', '=', 'merchant@demo.in')
      .select(['a.role', 'm.shop_name', 'm.is_published'])
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'merchant', is_published: true });
  });

  it('keeps one unpublished draft salon', async () => {
    const drafts = await db().selectFrom('merchants').where('is_published', '=', false).select(['publish_status']).execute();
    expect(drafts.length).toBeGreaterThanOrEqual(1);
    expect(drafts.every((d) => d.publish_status !== 'approved')).toBe(true);
  });

  it('only selects categories that fit the salon types and prices services within the catalogue rules', async () => {
    const misfits = await sql<{ n: number }>`
      select count(*)::int as n from merchant_categories mc
      join merchants m on m.id = mc.merchant_id
      join categories c on c.id = mc.category_id
      where not (c.shop_category = any(m.shop_types))`.execute(db());
    expect(misfits.rows[0].n).toBe(0);
    const services = await db().selectFrom('services').select(['price', 'duration_min', 'category_id', 'merchant_id']).execute();
    for (const s of services) {
      expect(s.price).toBeGreaterThanOrEqual(199);
      expect(s.price).toBeLessThanOrEqual(4999);
      expect(s.duration_min % 15).toBe(0);
    }
    const unselected = await sql<{ n: number }>`
      select count(*)::int as n from services s
      where not exists (select 1 from merchant_categories mc where mc.merchant_id = s.merchant_id and mc.category_id = s.category_id)`.execute(
      db(),
    );
    expect(unselected.rows[0].n).toBe(0);
  });
});

describe('bookings and reviews', () => {
  it('keeps rating_avg and review_count equal to the reviews', async () => {
    const rows = await sql<{ rating_avg: number; review_count: number; avg: number | null; n: number }>`
      select m.rating_avg, m.review_count,
             (select round(avg(r.rating)::numeric, 2) from reviews r where r.merchant_id = m.id) as avg,
             (select count(*)::int from reviews r where r.merchant_id = m.id) as n
      from merchants m`.execute(db());
    for (const r of rows.rows) {
      expect(Number(r.rating_avg)).toBeCloseTo(Number(r.avg ?? 0), 2);
      expect(r.review_count).toBe(r.n);
    }
  });

  it('ties every review to a distinct completed booking of the same customer and salon', async () => {
    const bad = await sql<{ n: number }>`
      select count(*)::int as n from reviews r
      left join bookings b on b.id = r.booking_id
      where b.id is null or b.status <> 'completed' or b.user_id <> r.user_id or b.merchant_id <> r.merchant_id`.execute(db());
    expect(bad.rows[0].n).toBe(0);
  });

  it('never overlaps two active bookings of one staff member', async () => {
    const overlaps = await sql<{ n: number }>`
      select count(*)::int as n from bookings a
      join bookings b on a.staff_id = b.staff_id and a.id < b.id
        and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
      where a.status in ('pending', 'upcoming', 'confirmed') and b.status in ('pending', 'upcoming', 'confirmed')`.execute(db());
    expect(overlaps.rows[0].n).toBe(0);
  });

  it('places upcoming bookings ahead (but the demo salon’s few from yesterday, never checked in), inside opening hours, with active staff', async () => {
    const rows = await db()
      .selectFrom('bookings as b')
      .innerJoin('merchants as m', 'm.id', 'b.merchant_id')
      .innerJoin('staff as s', 's.id', 'b.staff_id')
      .where('b.status', '=', 'upcoming')
      .select([
        'b.starts_at',
        'b.ends_at',
        'b.booking_date',
        'b.booking_time',
        'm.opening_hours',
        'm.time_zone',
        's.status as staffStatus',
        's.merchant_id',
      ])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const now = Date.now();
    const past = rows.filter((r) => (r.starts_at as Date).getTime() <= now);
    expect(past).toHaveLength(PAST_UNSETTLED);
    for (const p of past) expect(now - (p.starts_at as Date).getTime()).toBeLessThan(4 * 86_400_000);
    for (const r of rows.filter((x) => !past.includes(x))) {
      const start = instantToZoned(r.starts_at as Date, r.time_zone);
      const end = instantToZoned(r.ends_at as Date, r.time_zone);
      const window = salonWindow(r.opening_hours as OpeningHoursDay[], r.booking_date);
      expect((r.starts_at as Date).getTime()).toBeGreaterThan(now);
      expect(start.date).toBe(r.booking_date);
      expect(window).not.toBeNull();
      expect(start.minutes).toBeGreaterThanOrEqual(window!.start);
      expect(end.minutes).toBeLessThanOrEqual(window!.end);
      expect(r.staffStatus).toBe('Active');
    }
  });

  it('gives the demo customer upcoming bookings, one at the demo merchant, and the merchant more from others', async () => {
    const merchant = await db().selectFrom('accounts').where('email', '=', 'merchant@demo.in').select('id').executeTakeFirstOrThrow();
    const customer = await db().selectFrom('accounts').where('email', '=', 'customer@demo.in').select('id').executeTakeFirstOrThrow();
    const mine = await db()
      .selectFrom('bookings')
      .where('user_id', '=', customer.id)
      .where('status', '=', 'upcoming')
      .select('merchant_id')
      .execute();
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.some((b) => b.merchant_id === merchant.id)).toBe(true);
    const atSalon = await db()
      .selectFrom('bookings')
      .where('merchant_id', '=', merchant.id)
      .where('status', '=', 'upcoming')
      .where('user_id', '<>', customer.id)
      .select('id')
      .execute();
    expect(atSalon.length).toBeGreaterThanOrEqual(3);
  });

  it('books completed visits with the 10% commission (0% when direct) and a ledger row each', async () => {
    const bad = await sql<{ n: number }>`
      select count(*)::int as n from bookings b
      left join commission_ledger l on l.booking_id = b.id
      where b.status = 'completed' and (
        not b.payment_received or l.id is null
        or b.commission <> round(b.total_price * (case b.channel when 'direct' then 0 else 0.10 end), 2)
        or b.merchant_earning <> round(b.total_price * (case b.channel when 'direct' then 1 else 0.90 end), 2)
        or l.gross_amount <> b.total_price or l.commission <> b.commission
        or l.commission + l.merchant_earning <> l.gross_amount)`.execute(db());
    expect(bad.rows[0].n).toBe(0);
    // The demo salon shows both on its commission statement.
    const channels = await sql<{ channel: string }>`
      select distinct channel from bookings where status = 'completed' and merchant_id = (select id from accounts where email = 'merchant@demo.in')`.execute(
      db(),
    );
    expect(channels.rows.map((r) => r.channel).sort()).toEqual(['direct', 'marketplace']);
    const lines = await sql<{ n: number }>`
      select count(*)::int as n from bookings b
      where b.subtotal <> (select sum(bs.price) from booking_services bs where bs.booking_id = b.id)
         or b.total_duration <> (select sum(bs.duration_min) from booking_services bs where bs.booking_id = b.id)`.execute(db());
    expect(lines.rows[0].n).toBe(0);
  });

  it('has bookings in the last seven days for trending data', async () => {
    const recent = await sql<{ n: number }>`
      select count(*)::int as n from bookings where status = 'completed' and starts_at > now() - interval '7 days'`.execute(db());
    expect(recent.rows[0].n).toBeGreaterThanOrEqual(10);
  });
});

describe('wallet and points history', () => {
  const customerId = async () =>
    (await db().selectFrom('accounts').where('email', '=', 'customer@demo.in').select('id').executeTakeFirstOrThrow()).id;
  const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

  it('dates each wallet entry by its booking or gift card, not by when the seed ran', async () => {
    const id = await customerId();
    const rows = await db()
      .selectFrom('wallet_ledger as w')
      .leftJoin('bookings as b', 'b.id', 'w.booking_id')
      .leftJoin('gift_cards as g', 'g.id', 'w.gift_card_id')
      .select([
        'w.id',
        'w.kind',
        'w.amount',
        'w.balance_after',
        'w.created_at',
        'b.created_at as bookedAt',
        'b.cancelled_at as cancelledAt',
        'g.redeemed_at as redeemedAt',
        'g.created_at as boughtAt',
      ])
      .where('w.account_id', '=', id)
      .orderBy('w.id')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['gift_card_redeemed', 'booking_payment', 'refund']);
    const [card, payment, refund] = rows;
    expect(time(card.created_at)).toBe(time(card.redeemedAt));
    expect(time(card.boughtAt)!).toBeLessThan(time(card.redeemedAt)!);
    expect(time(payment.created_at)).toBe(time(payment.bookedAt));
    expect(time(refund.created_at)).toBe(time(refund.cancelledAt));
    // In the past, days apart, and in the order the balances were run.
    expect(time(card.created_at)!).toBeLessThan(time(payment.created_at)!);
    expect(time(payment.created_at)!).toBeLessThan(time(refund.created_at)!);
    expect(time(refund.created_at)!).toBeLessThan(Date.now() - DAY_MS);
    expect(rows.map((r) => Number(r.balance_after))).toEqual([
      5000,
      5000 + Number(payment.amount),
      5000 + Number(payment.amount) + Number(refund.amount),
    ]);
  });

  it('dates the points of every completed booking by its completion, in that order', async () => {
    const rows = await db()
      .selectFrom('loyalty_ledger as l')
      .innerJoin('bookings as b', 'b.id', 'l.booking_id')
      .select(['l.id', 'l.account_id', 'l.created_at', 'b.completed_at'])
      .where('l.kind', '=', 'booking_completed')
      .orderBy('l.id')
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const r of rows) expect(time(r.created_at)).toBe(time(r.completed_at));
    const id = await customerId();
    const mine = rows.filter((r) => r.account_id === id).map((r) => time(r.created_at)!);
    expect(mine.length).toBeGreaterThanOrEqual(5);
    expect(mine).toEqual([...mine].sort((a, b) => a - b));
    expect(Math.max(...mine)).toBeLessThan(Date.now());
  });
});

describe('the rest of the demo', () => {
  it('offers the platform coupons and an expired salon coupon', async () => {
    const coupons = await db().selectFrom('coupons').select(['code', 'merchant_id', 'valid_until']).execute();
    const platform = coupons.filter((c) => c.merchant_id === null).map((c) => c.code);
    expect(platform).toEqual(expect.arrayContaining(['GLOW20', 'NEWUSER', 'WEEKEND']));
    const today = instantToZoned(new Date(), 'Asia/Kolkata').date;
    expect(coupons.some((c) => c.merchant_id && c.valid_until && c.valid_until < today)).toBe(true);
  });

  it('carries the spec’s sample offers as live coupons with their rules, so the chat assistant states them from real data', async () => {
    const rules = await db()
      .selectFrom('coupons')
      .select(['code', 'description', 'service_category', 'first_booking_only', 'weekend_only', 'buy_one_get_one'])
      .where('code', 'in', ['GLOW20', 'NEWUSER', 'WEEKEND'])
      .orderBy('code')
      .execute();
    expect(rules).toEqual([
      {
        code: 'GLOW20',
        description: '20% off facials',
        service_category: 'Facial',
        first_booking_only: false,
        weekend_only: false,
        buy_one_get_one: false,
      },
      {
        code: 'NEWUSER',
        description: '₹200 off first booking',
        service_category: null,
        first_booking_only: true,
        weekend_only: false,
        buy_one_get_one: false,
      },
      {
        code: 'WEEKEND',
        description: 'Buy 1 get 1',
        service_category: null,
        first_booking_only: false,
        weekend_only: true,
        buy_one_get_one: true,
      },
    ]);
    const offers = (await rt.caller(null).users.getSpecialOffers({})).data.offers;
    const answer = await answerFor('offers', {
      userType: 'customer',
      userId: 'u',
      fetchBookings: async () => [],
      fetchOffers: async () => offers,
      fetchSearch: async () => ({ total: 0, salons: [] }),
    });
    expect(answer.text).toBe('Current offers: GLOW20 (20% off facials), NEWUSER (₹200 off first booking), WEEKEND (buy 1 get 1).');
    expect(answer.text).toBe(CHAT_TEXT.offersStatic);
    // Issue 30 item 14: "find me a spa in Bengaluru" is a real search of the demo salons.
    const fetchSearch = async (q: { service: string | null; place: string | null }) => {
      const r = await rt
        .caller(null)
        .merchants.search({ ...(q.service ? { service: q.service } : {}), ...(q.place ? { location: q.place } : {}), limit: 3 });
      return { total: r.data.total, salons: r.data.merchants.map((m) => ({ _id: m._id, name: m.shop_Name, city: m.City })) };
    };
    const ctx = { userType: 'customer' as const, userId: 'u', fetchBookings: async () => [], fetchOffers: async () => offers, fetchSearch };
    const spa = await answerFor(matchIntent('Find me a spa in Bengaluru'), ctx, 'Find me a spa in Bengaluru');
    const found = await fetchSearch({ service: 'spa', place: 'Bengaluru' });
    expect(found.total).toBeGreaterThan(0);
    expect(found.salons.every((m) => m.city === 'Bengaluru')).toBe(true);
    expect(spa.text).toMatch(
      new RegExp(
        `^I found ${found.total === 1 ? '1 place' : `${found.total} places`} for “spa” in Bengaluru: ${found.salons[0].name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
    expect(spa.link).toEqual({ to: '/salons?service=spa&location=Bengaluru', label: 'See spa results in Bengaluru' });
    // The home page's Special Offers state what each rule does (WEEKEND is not 50% off).
    const byCode = new Map(offers.map((o) => [o.code, o]));
    expect(byCode.get('WEEKEND')).toMatchObject({ discount: 'Buy 1 Get 1', title: 'Buy 1 Get 1 up to ₹1,500, weekends only' });
    expect(byCode.get('GLOW20')).toMatchObject({ discount: '20% OFF', title: '20% OFF up to ₹500 on Facial services' });
    expect(byCode.get('NEWUSER')).toMatchObject({ discount: '₹200 OFF', title: '₹200 OFF on ₹499+, first booking only' });
  });

  it('fills testimonials, manual bookings and notifications', async () => {
    const count = async (table: 'testimonials' | 'manual_bookings' | 'notifications') =>
      Number((await db().selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('testimonials')).toBe(6);
    expect(await count('manual_bookings')).toBeGreaterThanOrEqual(3);
    expect(await count('notifications')).toBeGreaterThan(0);
  });

  it('points only at pictures that exist in public/', async () => {
    const urls = await sql<{ url: string }>`
      select url from shop_images
      union select avatar_url from staff where avatar_url is not null
      union select image from categories where image is not null
      union select avatar_url from accounts where avatar_url is not null
      union select avatar from testimonials where avatar is not null`.execute(db());
    expect(urls.rows.length).toBeGreaterThan(50);
    for (const { url } of urls.rows) expect(fs.existsSync(path.join(PUBLIC_DIR, url)), url).toBe(true);
  });

  it('builds the same data for the same moment, ids aside', () => {
    const at = new Date('2026-10-05T11:00:00+05:30');
    const strip = (data: ReturnType<typeof buildDemoData>) => {
      const ids = new Map<string, string>();
      const json = JSON.stringify(data, (_k, v: unknown) =>
        typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(v) ? (ids.get(v) ?? ids.set(v, `id${ids.size}`).get(v)) : v,
      );
      return json;
    };
    const a = buildDemoData('hash', at);
    expect(strip(a)).toBe(strip(buildDemoData('hash', at)));
    expect(demoImagePaths(a).length).toBeGreaterThan(50);
  });

  it('leaves the admin an open ticket, a contact message, featured locations and a failed e-mail to retry', async () => {
    const admin = await db()
      .selectFrom('accounts')
      .select(['id', 'role', 'email'])
      .where('email', '=', 'admin@demo.in')
      .executeTakeFirstOrThrow();
    const asAdmin = rt.caller(admin).admin;
    const open = await asAdmin.listFeedback({ status: 'open' });
    const ticket = open.messages.find((m) => m.kind === 'ticket');
    expect(ticket).toMatchObject({ email: 'merchant@demo.in', category: 'billing', priority: 'high' });
    expect(open.messages.some((m) => m.kind === 'contact')).toBe(true);

    const featured = await asAdmin.featuredLocations({});
    expect(featured.locations.map((l) => [l.name, l.city, l.kind])).toEqual([
      ['Pune', 'Pune', 'city'],
      ['Bandra West', 'Mumbai', 'locality'],
    ]);
    const popular = await rt.caller().locations.getLocations({});
    expect(popular.slice(0, 2).map((l) => l.name)).toEqual(['Pune', 'Bandra West']);

    // Failed three days ago: listed for a retry, but today's status is not degraded by it.
    const system = await asAdmin.system({});
    expect(system.status).toBe('ok');
    expect(system.jobs.failures).toHaveLength(1);
    const failed = system.jobs.failures[0];
    expect(failed).toMatchObject({ kind: 'deliver_message', attempts: 5 });
    await asAdmin.retryJob({ jobId: failed._id });
    await runJobsUntilIdle(rt.deps);
    expect((await asAdmin.system({})).jobs.failures).toHaveLength(0);
    const mail = await db()
      .selectFrom('outbox_messages')
      .select(['status'])
      .where('recipient', '=', DEMO_FAILED_MAIL.to)
      .where('subject', '=', DEMO_FAILED_MAIL.subject)
      .executeTakeFirstOrThrow();
    expect(mail.status).toBe('sent');
  });

  it('does nothing when seeding a database that already has accounts', async () => {
    const before = await db().selectFrom('bookings').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(await seedIfEmpty(db())).toBe(false);
    const after = await db().selectFrom('bookings').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
