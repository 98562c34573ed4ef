import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../src/server/adapters/payments/index.js';
import type { Actor } from '../../src/server/deps.js';
import { runJobsUntilIdle } from '../../src/server/jobs/runner.js';
import { createSalon, type SalonFixture } from '../helpers/fixtures.js';
import { createTestRuntime, DB_KIND, makeAccount, type TestRuntime } from '../helpers/runtime.js';

/*
 * Issue 25: credit notes for cancelled invoices. An admin cancels a paid invoice; a credit note in
 * the credit notes' series takes off what is not yet credited, the gateway refunds it, the salon is
 * told, and admin revenue is net of it. Once per invoice, whatever the clicks.
 */

let rt: TestRuntime;
let admin: Actor;
const APPROVED = '4111 1111 1111 1111';

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = await makeAccount(rt, 'admin');
});
afterAll(async () => {
  await rt.close();
});

/** A salon with no plan that buys Basic with the test card: its paid invoice. */
async function paidInvoice(
  name: string,
): Promise<{ salon: SalonFixture; invoice: { _id: string; number: string; baseAmount: number; amount: number } }> {
  const salon = await createSalon(rt, { name, plan: null });
  const r = await rt.caller(salon.owner).merchants.changePlan({ plan: 'basic', cardNumber: APPROVED });
  return { salon, invoice: r.data.invoice };
}

describe(`cancelling an invoice (${DB_KIND})`, () => {
  it('issues a credit note for the whole invoice, refunds it through the gateway, and tells the salon', async () => {
    const { salon, invoice } = await paidInvoice('Cancel Me Salon');
    const before = (await rt.caller(admin).admin.invoices({})).data.totals;

    const r = await rt.caller(admin).admin.cancelInvoice({ invoiceId: invoice._id, reason: 'Charged twice by mistake' });
    expect(r.creditNote).toMatchObject({
      invoiceNumber: invoice.number,
      reason: 'cancellation',
      baseAmount: invoice.baseAmount,
      amount: invoice.amount,
      description: `Cancellation of invoice ${invoice.number}: Charged twice by mistake`,
      refund: { status: 'queued', reference: null, error: null },
    });
    expect(r.creditNote.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(r.creditNote.number.length).toBeLessThanOrEqual(16);

    // The salon sees it queued (never "refunded" before the gateway said so) ...
    const queued = (await rt.caller(salon.owner).merchants.getSubscription({})).data.creditNotes;
    expect(queued.map((c) => [c.number, c.refund.status])).toEqual([[r.creditNote.number, 'queued']]);
    // ... then refunded with the gateway's reference once the job ran.
    await runJobsUntilIdle(rt.deps);
    const settled = (await rt.caller(salon.owner).merchants.getSubscription({})).data.creditNotes[0];
    expect(settled.refund).toMatchObject({ status: 'refunded', error: null });
    expect(settled.refund.reference).toMatch(/^test_rfnd_[0-9a-f]{16}$/);

    const notices = await rt.deps.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('account_id', '=', salon.id)
      .where('title', 'in', ['Invoice cancelled', 'Refund sent'])
      .orderBy('created_at')
      .execute();
    expect(notices.map((n) => n.title).sort()).toEqual(['Invoice cancelled', 'Refund sent']);
    const mail = await rt.deps.db
      .selectFrom('outbox_messages')
      .select(['subject'])
      .where('account_id', '=', salon.id)
      .where('subject', 'like', '%credit note%')
      .execute();
    expect(mail).toHaveLength(1);

    // Admin revenue is net of it; the row says it was cancelled and refunded.
    const after = (await rt.caller(admin).admin.invoices({})).data;
    expect(Math.round((after.totals.base - before.base) * 100) / 100).toBe(-invoice.baseAmount);
    expect(Math.round((after.totals.credited - before.credited) * 100) / 100).toBe(invoice.baseAmount);
    const row = after.invoices.find((i) => i._id === invoice._id)!;
    expect(row).toMatchObject({
      credited: invoice.baseAmount,
      cancellation: { number: r.creditNote.number, amount: invoice.amount, refund: { status: 'refunded' } },
    });
    const audit = await rt.deps.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('actor_id', '=', admin.id)
      .where('action', '=', 'billing.cancel_invoice')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('cancels once: a second cancel, and five at once, leave one credit note and one refund', async () => {
    const { invoice } = await paidInvoice('Double Click Salon');
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => rt.caller(admin).admin.cancelInvoice({ invoiceId: invoice._id, reason: 'Disputed by the salon' })),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    for (const x of results.filter((y) => y.status === 'rejected')) {
      expect((x as PromiseRejectedResult).reason).toMatchObject({
        code: 'CONFLICT',
        message: `Invoice ${invoice.number} is already fully credited`,
      });
    }
    await expect(rt.caller(admin).admin.cancelInvoice({ invoiceId: invoice._id, reason: 'Again' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const notes = await rt.deps.db.selectFrom('credit_notes').select('id').where('invoice_id', '=', invoice._id).execute();
    expect(notes).toHaveLength(1);
    const jobs = await rt.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'invoice_refund')
      .where('ref', '=', `credit_note:${notes[0].id}`)
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it.skipIf(DB_KIND !== 'pg')(
    'an upgrade crediting the invoice while it is cancelled: the credit notes never exceed the invoice',
    async () => {
      // Both read what the invoice still has to credit, then wait for a credit note number (held here),
      // so each would credit the whole invoice unless the second reads after the first committed.
      const { salon, invoice } = await paidInvoice('Upgrade While Cancelled Salon');
      const hold = new pg.Client({ connectionString: rt.deps.env.DATABASE_URL });
      await hold.connect();
      const waiting = async (n: number) => {
        for (let i = 0; i < 200; i++) {
          // Inside a transaction pg_stat_activity is read once and kept; read it afresh each time.
          await hold.query('select pg_stat_clear_snapshot()');
          const { rows } = await hold.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          if (rows[0].n >= n) return;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error(`fewer than ${n} transactions waiting`);
      };
      let upgrade: Promise<unknown>;
      let cancel: Promise<unknown>;
      try {
        await hold.query('begin');
        await hold.query('lock table credit_note_counters in exclusive mode');
        upgrade = rt
          .caller(salon.owner)
          .merchants.changePlan({ plan: 'enterprise', cardNumber: APPROVED })
          .then(
            () => 'upgraded',
            (e: Error) => e.message,
          );
        await waiting(1);
        cancel = rt
          .caller(admin)
          .admin.cancelInvoice({ invoiceId: invoice._id, reason: 'Disputed' })
          .then(
            () => 'cancelled',
            (e: Error) => e.message,
          );
        await waiting(2);
        await hold.query('commit');
      } finally {
        await hold.end();
      }
      const outcomes = await Promise.all([upgrade!, cancel!]);
      expect(outcomes[0]).toBe('upgraded');
      // The upgrade credited the whole invoice (same day): nothing is left for the cancellation.
      expect(outcomes[1]).toBe(`Invoice ${invoice.number} is already fully credited`);
      const notes = await rt.deps.db
        .selectFrom('credit_notes')
        .select(['reason', 'base_amount'])
        .where('invoice_id', '=', invoice._id)
        .execute();
      const credited = notes.reduce((sum, n) => sum + Number(n.base_amount), 0);
      expect(credited).toBeLessThanOrEqual(invoice.baseAmount);
      expect(notes.map((n) => n.reason)).toEqual(['proration']);
    },
  );

  it('the database refuses a second cancellation credit note for an invoice', async () => {
    const { invoice } = await paidInvoice('Constraint Salon');
    await rt.caller(admin).admin.cancelInvoice({ invoiceId: invoice._id, reason: 'Issued in error' });
    const first = await rt.deps.db.selectFrom('credit_notes').selectAll().where('invoice_id', '=', invoice._id).executeTakeFirstOrThrow();
    const { id: _id, number: _n, issued_at: _at, ...copy } = first;
    await expect(
      rt.deps.db
        .insertInto('credit_notes')
        .values({ ...copy, number: 'CN/TEST/1' })
        .execute(),
    ).rejects.toThrow(/credit_notes_one_cancellation/);
  });

  it('the database refuses credit notes that would take off more than the invoice', async () => {
    const { invoice } = await paidInvoice('Over Credit Salon');
    const row = await rt.deps.db.selectFrom('invoices').selectAll().where('id', '=', invoice._id).executeTakeFirstOrThrow();
    const note = (number: string, base: number) => ({
      number,
      invoice_id: row.id,
      merchant_id: row.merchant_id,
      reason: 'proration' as const,
      description: 'test',
      base_amount: base,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: base,
      place_of_supply: row.place_of_supply,
      supplier_gstin: row.supplier_gstin ?? '',
      supplier_state: row.supplier_state ?? '',
      recipient_gstin: row.recipient_gstin,
      recipient_name: row.recipient_name ?? '',
      sac: row.sac,
      issued_at: new Date(),
    });
    const half = Math.round((Number(row.base_amount) / 2) * 100) / 100;
    await rt.deps.db.insertInto('credit_notes').values(note('CN/TEST/OC1', half)).execute();
    await expect(
      rt.deps.db
        .insertInto('credit_notes')
        .values(note('CN/TEST/OC2', Number(row.base_amount)))
        .execute(),
    ).rejects.toThrow(/credit_notes_within_invoice|would exceed/);
    // What is left can still be credited, and a cancellation takes exactly that.
    const r = await rt.caller(admin).admin.cancelInvoice({ invoiceId: invoice._id, reason: 'Rest of it' });
    expect(r.creditNote.baseAmount).toBe(Math.round((Number(row.base_amount) - half) * 100) / 100);
  });

  it('a refusal by the gateway shows as failed with its reason, never as refunded', async () => {
    const { salon, invoice } = await paidInvoice('Refused Refund Salon');
    const gateway = rt.deps.adapters.payments;
    const refusing: PaymentGateway = {
      ...gateway,
      name: gateway.name,
      testMode: gateway.testMode,
      checkoutKey: gateway.checkoutKey,
      refund: async () => ({ ok: false, error: 'The payment is older than 180 days' }),
    };
    rt.deps.adapters.payments = refusing;
    try {
      await rt.caller(admin).admin.cancelInvoice({ invoiceId: invoice._id, reason: 'Plan never used' });
      await runJobsUntilIdle(rt.deps);
    } finally {
      rt.deps.adapters.payments = gateway;
    }
    const note = (await rt.caller(salon.owner).merchants.getSubscription({})).data.creditNotes[0];
    expect(note.refund).toEqual({ status: 'failed', reference: null, error: 'The payment is older than 180 days' });
  });

  it('only an admin cancels, and bad input names its field', async () => {
    const { salon, invoice } = await paidInvoice('Guarded Salon');
    await expect(rt.caller(salon.owner).admin.cancelInvoice({ invoiceId: invoice._id, reason: 'I want my money' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rt.caller(admin).admin.cancelInvoice({ invoiceId: invoice._id, reason: ' ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^reason: /),
    });
    await expect(rt.caller(admin).admin.cancelInvoice({ invoiceId: 'not-an-id', reason: 'Issued in error' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^invoiceId: /),
    });
    await expect(
      rt.caller(admin).admin.cancelInvoice({ invoiceId: '00000000-0000-4000-8000-000000000000', reason: 'Issued in error' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await rt.deps.db.selectFrom('credit_notes').select('id').where('invoice_id', '=', invoice._id).execute()).toEqual([]);
  });
});
