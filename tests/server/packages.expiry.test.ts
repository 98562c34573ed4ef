import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/deps.js';
import { enqueueJobs } from '../../src/server/jobs/queue.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { recordExpiredHoldings } from '../../src/server/services/packages/holdings.js';
import { JOB_KIND_LABELS, JOB_KINDS } from '../../src/shared/jobKinds.js';
import { createCustomer, createSalon, createService, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

/*
 * An expired package, membership or voucher is refused by its date; the `holding_expiry_sweep`
 * records it in its ledger: one `expire` row with what was left (the balance goes to zero) and the
 * value that lapsed, once, however many sweeps run at once (on PostgreSQL they really do).
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime({ env: { DB_POOL_MAX: '20' } });
});
afterAll(async () => {
  await rt.close();
});

const CARD = '4111111111111111';

async function shop() {
  const salon: SalonFixture = await createSalon(rt);
  const facial = await createService(rt, salon.id, { name: 'Facial', price: 1000, duration: 45 });
  const customer = await createCustomer(rt);
  return { salon, facial, customer };
}

async function buy(s: { salon: SalonFixture; facial: string }, c: Actor, kind: 'package' | 'voucher' | 'membership') {
  const m = rt.caller(s.salon.owner).merchants;
  const { offer } = await m.createSalonOffer(
    kind === 'package'
      ? { kind, name: `Facials ${Math.random()}`.slice(0, 20), price: 4000, validityDays: 30, sessions: 5, serviceIds: [s.facial] }
      : kind === 'voucher'
        ? { kind, name: `Gift ${Math.random()}`.slice(0, 20), price: 750, validityDays: 30 }
        : { kind, name: `Club ${Math.random()}`.slice(0, 20), price: 1200, validityDays: 30, discountPercent: 10 },
  );
  return (await rt.caller(c).users.buySalonOffer({ offerId: offer._id, method: 'test_card', cardNumber: CARD })).holding;
}

const lapse = (ids: string[]) =>
  rt.deps.db
    .updateTable('holdings')
    .set({ expires_at: new Date(Date.now() - 60_000) })
    .where('id', 'in', ids)
    .execute();
const expireRows = (ids: string[]) =>
  rt.deps.db
    .selectFrom('holding_ledger')
    .select(['holding_id', 'sessions_change', 'amount_paise', 'sessions_after', 'balance_after_paise', 'value_paise'])
    .where('holding_id', 'in', ids)
    .where('kind', '=', 'expire')
    .execute();

describe(`holding expiry sweep (${DB_KIND})`, () => {
  it('is a job kind with its label and handler, run through pg-boss', () => {
    expect(JOB_KINDS).toContain('holding_expiry_sweep');
    expect(JOB_KIND_LABELS.holding_expiry_sweep).toBeTruthy();
  });

  it('writes one expire row per expired holding with what was left and its lapsed value; the Wallet shows it expired', async () => {
    const s = await shop();
    const pkg = await buy(s, s.customer, 'package');
    const voucher = await buy(s, s.customer, 'voucher');
    const club = await buy(s, s.customer, 'membership');
    const fresh = await buy(s, s.customer, 'voucher');
    // One session used before it expires: 4 left of 5, at ₹800 each paid.
    await rt.deps.db.updateTable('holdings').set({ sessions_left: 4 }).where('id', '=', pkg._id).execute();
    await lapse([pkg._id, voucher._id, club._id]);
    // Through pg-boss, as the timekeeper sends it.
    await enqueueJobs(rt.deps.db, [{ kind: 'holding_expiry_sweep', payload: {} }]);
    await runJobsUntilIdle(rt.deps);
    const rows = await expireRows([pkg._id, voucher._id, club._id, fresh._id]);
    const byId = new Map(rows.map((r) => [r.holding_id, r]));
    expect(rows).toHaveLength(3);
    expect(byId.get(pkg._id)).toMatchObject({
      sessions_change: -4,
      amount_paise: 0,
      sessions_after: 0,
      balance_after_paise: 0,
      value_paise: 320_000,
    });
    expect(byId.get(voucher._id)).toMatchObject({ sessions_change: 0, amount_paise: -75_000, balance_after_paise: 0, value_paise: 75_000 });
    expect(byId.get(club._id)).toMatchObject({ sessions_change: 0, amount_paise: 0, value_paise: 0 });
    // The Wallet: expired, with what lapsed; the fresh voucher untouched.
    const mine = new Map((await rt.caller(s.customer).users.getMyHoldings({})).holdings.map((h) => [h._id, h]));
    expect(mine.get(pkg._id)).toMatchObject({ state: 'expired', sessionsLeft: 0, lapsed: { sessions: 4, amount: 0, value: 3200 } });
    expect(mine.get(voucher._id)).toMatchObject({ state: 'expired', balance: 0, lapsed: { sessions: 0, amount: 750, value: 750 } });
    expect(mine.get(voucher._id)!.ledger[0]).toMatchObject({ kind: 'expire', amount: -750, balanceAfter: 0 });
    expect(mine.get(fresh._id)).toMatchObject({ state: 'active', balance: 750, lapsed: null });
    // The salon's offers count what lapsed unused (its own list only).
    const offers = (await rt.caller(s.salon.owner).merchants.getSalonOffers({})).offers;
    const pkgOffer = offers.find((o) => o.name === pkg.name)!;
    expect(pkgOffer.sales).toEqual({ sold: 1, lapsed: 1, lapsedValue: 3200 });
    expect(offers.find((o) => o.name === fresh.name)!.sales).toEqual({ sold: 1, lapsed: 0, lapsedValue: 0 });
    const publicList = (await rt.caller(null).merchants.salonOffers({ merchantId: s.salon.id })).offers;
    expect(publicList.every((o) => o.sales === undefined)).toBe(true);
    // Again: nothing more.
    await recordExpiredHoldings(rt.deps.db, new Date());
    expect(await expireRows([pkg._id, voucher._id, club._id, fresh._id])).toHaveLength(3);
    // The expired voucher cannot be spent (its date), nor the fresh one be touched by the sweep.
    expect(
      (await rt.deps.db.selectFrom('holdings').select('balance_paise').where('id', '=', fresh._id).executeTakeFirstOrThrow()).balance_paise,
    ).toBe(75_000);
  });

  it('two sweeps at once record each holding once', async () => {
    const rounds = DB_KIND === 'pg' ? 5 : 1;
    for (let round = 0; round < rounds; round++) {
      const s = await shop();
      const held = [];
      for (let i = 0; i < 4; i++) held.push(await buy(s, s.customer, i % 2 ? 'voucher' : 'package'));
      const ids = held.map((h) => h._id);
      await lapse(ids);
      const now = new Date();
      const results = await Promise.all([
        rt.deps.db.transaction().execute((trx) => recordExpiredHoldings(trx, now)),
        rt.deps.db.transaction().execute((trx) => recordExpiredHoldings(trx, now)),
        rt.deps.db.transaction().execute((trx) => recordExpiredHoldings(trx, now)),
      ]);
      const written = results.flat().filter((r) => ids.includes(r.holding_id));
      expect(written.map((r) => r.holding_id).sort()).toEqual([...ids].sort());
      const rows = await expireRows(ids);
      expect(rows.map((r) => r.holding_id).sort()).toEqual([...ids].sort());
      // What lapsed is what each was issued with (nothing spent): never zero from a second sweep.
      for (const r of rows) expect(r.value_paise).toBeGreaterThan(0);
    }
  });
});
