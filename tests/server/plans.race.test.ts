import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { PAYMENT_IN_PROGRESS, scheduleRenewal } from '../../src/server/services/billing/index.js';
import { createSalon, createStaff, localDate } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * On PostgreSQL these requests really run at once (a pool of connections): the plan's staff limit
 * and the gap-free document numbers must hold there, not only on PGlite's one connection.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
});
afterAll(async () => {
  await rt.close();
});

const APPROVED = '4111 1111 1111 1111';
let seq = 0;
const member = () => ({
  name: `Racer ${++seq}`,
  email: `racer${seq}@race.in`,
  phone: '9876543210',
  role: 'Stylist' as const,
  rate: 100,
  status: 'Active' as const,
  specialization: ['Haircut'],
  experience: 1,
});

describe(`plan limits and tax document numbers under concurrency (${DB_KIND})`, () => {
  it('8 staff additions at once to a Basic salon with 2 on the team: exactly 1 gets the last place, 7 × 409', async () => {
    const s = await createSalon(rt, { plan: 'basic' });
    await createStaff(rt, s.id);
    await createStaff(rt, s.id);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => rt.caller(s.owner).merchants.addStaffByMerchant(member())));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.length - refused.length).toBe(1);
    for (const r of refused)
      expect(r.reason).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/^staff: your Basic plan allows up to 3 staff members and 3 are on your team/),
      });
    const onTeam = await rt.deps.db
      .selectFrom('staff')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('merchant_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(onTeam.n).toBe(3);
  });

  it('invoices and credit notes issued at once, some rolled back after taking a number: each series stays gap-free', async () => {
    // Every third salon's invoice fails after its number was allocated, in the same transaction.
    const salons = await Promise.all(Array.from({ length: 12 }, (_, i) => createSalon(rt, { plan: null, name: `Numbered ${i}` })));
    const doomed = salons.filter((_, i) => i % 3 === 0).map((s) => s.id);
    await sql`create function refuse_some_invoices() returns trigger language plpgsql as $$
      begin if new.merchant_id = any (${sql.lit(`{${doomed.join(',')}}`)}::uuid[]) then raise exception 'disk full'; end if; return new; end $$`.execute(
      rt.deps.db,
    );
    await sql`create trigger refuse_some_invoices before insert on invoices for each row execute function refuse_some_invoices()`.execute(
      rt.deps.db,
    );
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled(
        salons.map((s) => rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED })),
      );
    } finally {
      await sql`drop trigger refuse_some_invoices on invoices`.execute(rt.deps.db);
      await sql`drop function refuse_some_invoices()`.execute(rt.deps.db);
    }
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(doomed.length);

    // The paid ones upgrade at once: a credit note and an invoice each, in parallel.
    const paid = salons.filter((s) => !doomed.includes(s.id));
    await Promise.all(
      paid.map((s) =>
        rt.deps.db
          .updateTable('subscriptions')
          .set({ current_period_start: localDate(-5), current_period_end: localDate(25) })
          .where('merchant_id', '=', s.id)
          .execute(),
      ),
    );
    await Promise.all(
      paid.map((s) =>
        rt.deps.db
          .updateTable('invoices')
          .set({ period_start: localDate(-5), period_end: localDate(25) })
          .where('merchant_id', '=', s.id)
          .execute(),
      ),
    );
    const upgrades = await Promise.allSettled(
      paid.map((s) => rt.caller(s.owner).merchants.changePlan({ plan: 'enterprise', cardNumber: APPROVED })),
    );
    expect(upgrades.filter((r) => r.status === 'rejected')).toEqual([]);

    const sequence = async (table: 'invoices' | 'credit_notes') =>
      (await rt.deps.db.selectFrom(table).select('number').execute()).map((r) => Number(r.number.slice(-6))).sort((a, b) => a - b);
    const invoices = await sequence('invoices');
    expect(invoices).toHaveLength(paid.length * 2);
    expect(invoices).toEqual(invoices.map((_, i) => i + 1));
    const credits = await sequence('credit_notes');
    expect(credits).toHaveLength(paid.length);
    expect(credits).toEqual(credits.map((_, i) => i + 1));
  });

  it('a plan payment while another of the salon is open (pending or charged): 409, nothing charged', async () => {
    const s = await createSalon(rt, { plan: null, name: 'Open Attempt Salon' });
    await rt.deps.db
      .insertInto('payment_attempts')
      .values({
        merchant_id: s.id,
        idempotency_key: 'other-tab',
        amount: 1180,
        gateway: 'test',
        status: 'charged',
        plan: 'basic',
        period_start: localDate(0),
      })
      .execute();
    await expect(
      rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED, attemptId: crypto.randomUUID() }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PAYMENT_IN_PROGRESS,
    });
    const attempts = await rt.deps.db.selectFrom('payment_attempts').select('status').where('merchant_id', '=', s.id).execute();
    expect(attempts.map((a) => a.status)).toEqual(['charged']);
    // Once it is settled, a new payment is priced from what it left.
    await rt.deps.db.updateTable('payment_attempts').set({ status: 'failed' }).where('merchant_id', '=', s.id).execute();
    await expect(rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED })).resolves.toMatchObject({
      success: true,
    });
  });

  it.skipIf(DB_KIND !== 'pg')(
    'two plan payments of one salon at once (two tabs, two attempt ids): one is charged and invoiced, the other is 409',
    async () => {
      // Both would price the plan from the Free tier and be charged before either's invoice (its
      // number held here) commits, unless the second sees the first one's open payment.
      const s = await createSalon(rt, { plan: null, name: 'Two Tabs Salon' });
      const hold = new pg.Client({ connectionString: rt.deps.env.DATABASE_URL });
      await hold.connect();
      const outcomes: string[] = [];
      const pay = () =>
        rt
          .caller(s.owner)
          .merchants.changePlan({ plan: 'basic', cardNumber: APPROVED, attemptId: crypto.randomUUID() })
          .then(
            () => 'paid',
            (e: Error) => e.message,
          )
          .then((o) => {
            outcomes.push(o);
            return o;
          });
      let both: Promise<string[]>;
      try {
        await hold.query('begin');
        await hold.query('lock table invoice_counters in exclusive mode');
        both = Promise.all([pay(), pay()]);
        for (let i = 0; ; i++) {
          await hold.query('select pg_stat_clear_snapshot()');
          const { rows } = await hold.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          if (rows[0].n + outcomes.length >= 2) break;
          if (i > 400) throw new Error('the payments neither waited nor ended');
          await new Promise((r) => setTimeout(r, 25));
        }
        await hold.query('commit');
      } finally {
        await hold.end();
      }
      expect((await both!).sort()).toEqual([PAYMENT_IN_PROGRESS, 'paid']);
      const charged = await rt.deps.db
        .selectFrom('payment_attempts')
        .select('status')
        .where('merchant_id', '=', s.id)
        .where('status', 'in', ['charged', 'succeeded'])
        .execute();
      expect(charged).toHaveLength(1);
      const invoices = await rt.deps.db.selectFrom('invoices').select('id').where('merchant_id', '=', s.id).execute();
      expect(invoices).toHaveLength(1);
    },
  );

  it.skipIf(DB_KIND !== 'pg')(
    'a plan change while the renewal of the period that just ended is being charged: priced from the renewed plan, not charged a second month',
    async () => {
      const s = await createSalon(rt, { plan: null, name: 'Renewing Salon' });
      const expiry = `08/${String(new Date().getUTCFullYear() + 1).slice(2)}`;
      await rt.caller(s.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED, cardExpiry: expiry });
      const end = localDate(-1);
      await rt.deps.db
        .updateTable('subscriptions')
        .set({ current_period_start: localDate(-31), current_period_end: end })
        .where('merchant_id', '=', s.id)
        .execute();
      await scheduleRenewal(rt.deps.db, s.id, end);
      const hold = new pg.Client({ connectionString: rt.deps.env.DATABASE_URL });
      await hold.connect();
      // Transactions waiting for a lock, by what they run (the renewal: its invoice's number).
      const waiting = async (what: string, n: number) => {
        for (let i = 0; i < 400; i++) {
          // The statistics views keep one snapshot per transaction, and this client is in one.
          await hold.query('select pg_stat_clear_snapshot()');
          const { rows } = await hold.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and state = 'active' and query ilike $1",
            [what],
          );
          if (rows[0].n >= n) return;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error(`fewer than ${n} transactions waiting in ${what}`);
      };
      let renewal: Promise<unknown>;
      let change: Promise<unknown>;
      try {
        // The renewal charges the card and waits here for its invoice's number, holding the subscription.
        await hold.query('begin');
        await hold.query('lock table invoice_counters in exclusive mode');
        renewal = runJobsUntilIdle(rt.deps);
        await waiting('%invoice_counters%', 1);
        change = rt.caller(s.owner).merchants.changePlan({ plan: 'professional', cardNumber: APPROVED });
        await waiting('%', 2);
        await hold.query('commit');
      } finally {
        await hold.end();
      }
      await renewal!;
      await change!;
      const attempts = await rt.deps.db
        .selectFrom('payment_attempts')
        .select(['purpose', 'plan', 'status'])
        .where('merchant_id', '=', s.id)
        .orderBy('created_at')
        .execute();
      // The month the renewal paid for is credited on the upgrade, not paid for again at full price.
      expect(attempts).toEqual([
        { purpose: 'change', plan: 'basic', status: 'succeeded' },
        { purpose: 'renewal', plan: 'basic', status: 'succeeded' },
        { purpose: 'upgrade', plan: 'professional', status: 'succeeded' },
      ]);
      const credits = await rt.deps.db.selectFrom('credit_notes').select('reason').where('merchant_id', '=', s.id).execute();
      expect(credits).toEqual([{ reason: 'proration' }]);
    },
  );
});
