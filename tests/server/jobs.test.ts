import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentDeliveryError, type Transport } from '../../src/server/adapters/messaging/index.js';
import { jobSql } from '../../src/server/jobs/boss.js';
import { bossDb } from '../../src/server/jobs/bossDb.js';
import { enqueueJob, enqueueJobs } from '../../src/server/jobs/queue.js';
import { registerTestJobHandler } from '../../src/server/jobs/registry.js';
import { runDueJobsOf, runJobsUntilIdle, runNextJob } from '../../src/server/jobs/runner.js';
import { type OutboxMessage, onMessageSettled, queueMessage } from '../../src/server/messaging/index.js';
import { createTestRuntime, DB_KIND, type TestRuntime } from '../helpers/runtime.js';

let rt: TestRuntime;
let realEmail: Transport;
beforeAll(async () => {
  rt = await createTestRuntime();
  realEmail = rt.deps.adapters.transports.email;
});
afterAll(async () => {
  await rt.close();
});
beforeEach(() => {
  rt.deps.adapters.transports.email = realEmail;
});

const message = (id: string) => rt.deps.db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const jobOf = (messageId: string) =>
  rt.deps.db.selectFrom('jobs').selectAll().where('ref', '=', `message:${messageId}`).executeTakeFirstOrThrow();
/** Runs the next delivery job as if its retry's backoff had passed (pg-boss's fetch with ignoreStartAfter). */
const runNextDelivery = async () => (await runDueJobsOf(rt.deps, 'deliver_message', { batch: 1, ignoreStartAfter: true }))[0];

/** A transport that records what it was asked to send and fails the first `failures` calls. */
function scripted(failures: number, error: () => Error = () => new Error('SMTP 421 try later')) {
  const sent: string[] = [];
  let calls = 0;
  const transport: Transport = {
    provider: 'scripted',
    async send(m) {
      calls++;
      if (calls <= failures) throw error();
      sent.push(m.id);
      return { providerId: `p-${m.id}` };
    },
  };
  return { transport, sent, calls: () => calls };
}

describe('message delivery jobs', () => {
  it('delivers a queued e-mail once: outbox row sent, and the offline mail drop holds the .eml', async () => {
    const { messageId } = await queueMessage(rt.deps.db, {
      channel: 'email',
      to: 'asha@example.in',
      subject: 'Hello',
      body: 'Namaste',
      meta: { purpose: 'test' },
    });
    expect((await message(messageId)).status).toBe('queued');
    await runJobsUntilIdle(rt.deps);
    const row = await message(messageId);
    expect(row).toMatchObject({ status: 'sent', provider: 'outbox', attempts: 1, last_error: null });
    const drop = path.resolve(rt.deps.env.DATA_DIR, 'mail');
    const file = fs.readdirSync(drop).find((f) => f.includes(messageId.slice(0, 8)));
    expect(file).toBeDefined();
    const eml = fs.readFileSync(path.join(drop, file!), 'utf8');
    expect(eml).toContain('To: asha@example.in');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('Namaste');
    // Running again sends nothing more.
    expect(await runJobsUntilIdle(rt.deps)).toBe(0);
  });

  it('nothing is queued when the caller’s transaction rolls back', async () => {
    let id = '';
    await expect(
      rt.deps.db.transaction().execute(async (trx) => {
        id = (await queueMessage(trx, { channel: 'sms', to: '+919876543210', body: 'x' })).messageId;
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await rt.deps.db.selectFrom('outbox_messages').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await rt.deps.db.selectFrom('jobs').select('id').where('ref', '=', `message:${id}`).executeTakeFirst()).toBeUndefined();
  });

  it('retries a failing adapter with backoff, then delivers', async () => {
    const s = scripted(2);
    rt.deps.adapters.transports.email = s.transport;
    const { messageId } = await queueMessage(rt.deps.db, { channel: 'email', to: 'bala@example.in', subject: 'S', body: 'B' });
    expect(await runNextJob(rt.deps)).toBe('retry');
    let job = await jobOf(messageId);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'SMTP 421 try later' });
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now() + 5_000);
    expect(await message(messageId)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'SMTP 421 try later' });
    // Not due yet: nothing runs.
    expect(await runJobsUntilIdle(rt.deps)).toBe(0);

    expect(await runNextDelivery()).toBe('retry');
    expect(await runNextDelivery()).toBe('done');
    job = await jobOf(messageId);
    expect(job).toMatchObject({ status: 'done', attempts: 3 });
    expect(await message(messageId)).toMatchObject({ status: 'sent', provider: 'scripted', attempts: 3, last_error: null });
    expect(s.sent).toEqual([messageId]);
  });

  it('marks the message failed after the last attempt and tells the listener once', async () => {
    const s = scripted(100);
    rt.deps.adapters.transports.email = s.transport;
    const settled: OutboxMessage[] = [];
    const off = onMessageSettled(async (_trx, m) => {
      if ((m.meta as { purpose?: string }).purpose === 'doomed') settled.push(m);
    });
    const { messageId } = await queueMessage(rt.deps.db, { channel: 'email', to: 'c@example.in', body: 'B', meta: { purpose: 'doomed' } });
    for (let i = 0; i < 6; i++) await runNextDelivery();
    off();
    expect(s.calls()).toBe(6);
    expect(await jobOf(messageId)).toMatchObject({ status: 'failed', attempts: 6 });
    expect(await message(messageId)).toMatchObject({ status: 'failed', attempts: 6 });
    expect(settled.map((m) => [m.id, m.status])).toEqual([[messageId, 'failed']]);
  });

  it('stops at once on a permanent error (a rejected address)', async () => {
    const s = scripted(1, () => new PermanentDeliveryError('550 no such user'));
    rt.deps.adapters.transports.email = s.transport;
    const { messageId } = await queueMessage(rt.deps.db, { channel: 'email', to: 'nobody@example.in', body: 'B' });
    expect(await runNextJob(rt.deps)).toBe('failed');
    expect(await message(messageId)).toMatchObject({ status: 'failed', last_error: '550 no such user' });
  });

  it('deliveries never share a transaction: a batch leaves them out, and each one commits before the next is claimed', async () => {
    const sent: string[] = [];
    rt.deps.adapters.transports.email = {
      provider: 'picky',
      async send(m) {
        if (m.to === 'bounce@example.in') throw new Error('SMTP 451 greylisted');
        sent.push(m.to);
        return { providerId: `pid-${m.to}` };
      },
    };
    const to = ['a1@example.in', 'a2@example.in', 'bounce@example.in', 'a4@example.in'];
    const ids: string[] = [];
    for (const t of to) ids.push((await queueMessage(rt.deps.db, { channel: 'email', to: t, body: 'x' })).messageId);
    // A fetch of deliveries takes one however many are asked for, and it is committed when the call returns.
    expect(await runDueJobsOf(rt.deps, 'deliver_message', { batch: 10 })).toEqual(['done']);
    expect(sent).toEqual(['a1@example.in']);
    expect(await message(ids[0])).toMatchObject({ status: 'sent', provider: 'picky', attempts: 1 });
    expect(await runJobsUntilIdle(rt.deps)).toBe(3);
    expect(sent).toEqual(['a1@example.in', 'a2@example.in', 'a4@example.in']);
    for (const [i, id] of ids.entries()) {
      const row = await message(id);
      if (to[i] === 'bounce@example.in') {
        expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'SMTP 451 greylisted' });
        expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 1 });
      } else {
        expect(row).toMatchObject({ status: 'sent', provider: 'picky', attempts: 1, last_error: null });
        expect((row.meta as { providerId?: string }).providerId).toBe(`pid-${to[i]}`);
        expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1 });
      }
    }
  });

  it('two workers deliver every message exactly once', async () => {
    const sent: string[] = [];
    rt.deps.adapters.transports.email = {
      provider: 'slow',
      async send(m) {
        await new Promise((r) => setTimeout(r, 2));
        sent.push(m.id);
        return {};
      },
    };
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await queueMessage(rt.deps.db, { channel: 'email', to: `u${i}@example.in`, body: `m${i}` })).messageId);
    const [a, b] = await Promise.all([runJobsUntilIdle(rt.deps, { batch: 8 }), runJobsUntilIdle(rt.deps, { batch: 8 })]);
    // An earlier test's retry may fall due meanwhile on a slow machine: count this test's messages.
    const mine = new Set(ids);
    expect(a + b).toBeGreaterThanOrEqual(40);
    if (DB_KIND === 'pg') expect(Math.min(a, b)).toBeGreaterThan(0);
    expect(sent.filter((id) => mine.has(id)).sort()).toEqual([...ids].sort());
    const rows = await rt.deps.db.selectFrom('outbox_messages').select('status').where('id', 'in', ids).execute();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });
});

describe('job queue', () => {
  it('the outbox is vacuumed once 2% of it is dead, not autovacuum’s default fifth; pg-boss’s tables stay as it ships them', async () => {
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      select relname, reloptions from pg_class where relname = 'outbox_messages' and relkind = 'r'`.execute(rt.deps.db);
    expect(rows).toHaveLength(1);
    expect(rows[0].reloptions).toEqual(expect.arrayContaining(['autovacuum_vacuum_scale_factor=0.02', 'autovacuum_vacuum_threshold=1000']));
    const ours = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'pgboss' and (c.relname in ('job_dedupe_live', 'job_ref_queued', 'job_due') or c.reloptions is not null)`.execute(
      rt.deps.db,
    );
    expect(ours.rows, 'indexes or storage options of ours on pg-boss’s tables').toEqual([]);
  });

  it('a dedupe key makes a second enqueue a no-op', async () => {
    registerTestJobHandler('test_noop', async () => undefined);
    const first = await enqueueJob(rt.deps.db, { kind: 'test_noop', payload: {}, dedupeKey: 'once-only' });
    const second = await enqueueJob(rt.deps.db, { kind: 'test_noop', payload: {}, dedupeKey: 'once-only' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    // The same through a batch (enqueueJobs: one pg-boss insert), twice within it and once already stored.
    await enqueueJobs(rt.deps.db, [
      { kind: 'test_noop', payload: {}, dedupeKey: 'once-only' },
      { kind: 'test_noop', payload: {}, dedupeKey: 'batch-once' },
      { kind: 'test_noop', payload: {}, dedupeKey: 'batch-once' },
    ]);
    // (Of this kind only: a retry of an earlier test may have come due meanwhile.)
    expect(await runJobsUntilIdle(rt.deps, { kinds: ['test_noop'] })).toBe(2);
  });

  it('a job’s database effects and its completion commit together', async () => {
    let runs = 0;
    registerTestJobHandler('test_effect', async (trx, payload: { n: number }) => {
      runs++;
      await trx
        .insertInto('app_settings')
        .values({ key: `effect-${payload.n}`, value: String(runs) })
        .execute();
      if (runs === 1) throw new Error('crash after the write');
    });
    await enqueueJob(rt.deps.db, { kind: 'test_effect', payload: { n: 7 } });
    expect(await runDueJobsOf(rt.deps, 'test_effect')).toEqual(['retry']);
    // The failed run's write was rolled back with it.
    expect(await rt.deps.db.selectFrom('app_settings').select('value').where('key', '=', 'effect-7').executeTakeFirst()).toBeUndefined();
    // Its retry waits for the backoff; take it now.
    expect(await runDueJobsOf(rt.deps, 'test_effect', { ignoreStartAfter: true })).toEqual(['done']);
    expect(
      (await rt.deps.db.selectFrom('app_settings').select('value').where('key', '=', 'effect-7').executeTakeFirstOrThrow()).value,
    ).toBe('2');
  });

  it('one fetch runs several jobs: a failing one undoes only its own writes and is retried, the rest commit', async () => {
    const runs: number[] = [];
    registerTestJobHandler('test_batch', async (trx, payload: { n: number }) => {
      runs.push(payload.n);
      await trx
        .insertInto('app_settings')
        .values({ key: `batch-${payload.n}`, value: 'written' })
        .execute();
      if (payload.n === 2) throw new Error('job 2 breaks after its write');
      // A statement error aborts only this job's transaction, not the others'.
      if (payload.n === 4) await trx.insertInto('app_settings').values({ key: 'batch-4', value: 'twice' }).execute();
    });
    for (const n of [1, 2, 3, 4, 5])
      await enqueueJob(rt.deps.db, { kind: 'test_batch', payload: { n }, runAt: new Date(Date.now() - 60_000 + n) });
    const outcomes = await runDueJobsOf(rt.deps, 'test_batch', { batch: 10 });
    expect(runs).toEqual([1, 2, 3, 4, 5]);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'retry')).toHaveLength(2);
    const kept = await rt.deps.db.selectFrom('app_settings').select('key').where('key', 'like', 'batch-%').orderBy('key').execute();
    expect(kept.map((k) => k.key)).toEqual(['batch-1', 'batch-3', 'batch-5']);
    const jobs = await rt.deps.db
      .selectFrom('jobs')
      .select(['payload', 'status', 'attempts', 'last_error'])
      .where('kind', '=', 'test_batch')
      .execute();
    const byN = new Map(jobs.map((j) => [(j.payload as { n: number }).n, j]));
    for (const n of [1, 3, 5]) expect(byN.get(n)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    expect(byN.get(2)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'job 2 breaks after its write' });
    expect(byN.get(4)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(byN.get(4)!.last_error).toMatch(/duplicate key/);
    // Not due again until their backoff has passed.
    expect(await runDueJobsOf(rt.deps, 'test_batch')).toEqual([]);
  });

  it('a set handler that throws leaves nothing behind, and its jobs then run one by one', async () => {
    const single: number[] = [];
    registerTestJobHandler(
      'test_set',
      async (trx, payload: { n: number }) => {
        single.push(payload.n);
        await trx
          .insertInto('app_settings')
          .values({ key: `set-${payload.n}`, value: 'one' })
          .execute();
      },
      {
        async runBatch(trx, jobs) {
          await trx
            .insertInto('app_settings')
            .values({ key: 'set-all', value: String(jobs.length) })
            .execute();
          throw new Error('the set statement failed');
        },
      },
    );
    for (const n of [1, 2, 3]) await enqueueJob(rt.deps.db, { kind: 'test_set', payload: { n }, runAt: new Date(Date.now() - 60_000 + n) });
    const outcomes = await runDueJobsOf(rt.deps, 'test_set', { batch: 10 });
    expect(outcomes).toEqual(['done', 'done', 'done']);
    expect(single).toEqual([1, 2, 3]);
    const keys = await rt.deps.db.selectFrom('app_settings').select('key').where('key', 'like', 'set-%').orderBy('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['set-1', 'set-2', 'set-3']);
  });

  it('a job of an unknown kind fails without blocking the queue', async () => {
    await enqueueJob(rt.deps.db, { kind: 'test_no_such_kind', payload: {}, maxAttempts: 1 });
    expect(await runDueJobsOf(rt.deps, 'test_no_such_kind')).toEqual(['failed']);
    const job = await rt.deps.db.selectFrom('jobs').selectAll().where('kind', '=', 'test_no_such_kind').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', last_error: "No handler for job kind 'test_no_such_kind'" });
  });

  it('a job whose payload its kind refuses fails for good at once, naming the field, and its handler never runs', async () => {
    // Written as a bad deploy or a hand-edited row would: past the types enqueueJob checks.
    const id = (await jobSql.send('payment_reconcile', { attemptId: 'not-a-uuid' }, { db: bossDb(rt.deps.db), retryLimit: 4 }))!;
    await runJobsUntilIdle(rt.deps);
    const job = await rt.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    expect(job.last_error).toMatch(/^payload\.attemptId: .*\(job kind payment_reconcile\)$/);
    // On the admin's list after its one attempt.
    const failure = await rt.deps.db.selectFrom('job_failures').selectAll().where('job_id', '=', id).executeTakeFirstOrThrow();
    expect(failure).toMatchObject({ kind: 'payment_reconcile', attempts: 1, last_error: job.last_error });
  });
});

describe('admin view of the queue', () => {
  it('shows the backlog per kind and failed jobs; an admin can retry a failed delivery', async () => {
    const { makeAccount } = await import('../helpers/runtime.js');
    const admin = await makeAccount(rt, 'admin');
    rt.deps.adapters.transports.sms = { provider: 'down', send: async () => Promise.reject(new PermanentDeliveryError('invalid number')) };
    const { messageId } = await queueMessage(rt.deps.db, { channel: 'sms', to: '+911234', body: 'hi' });
    await runJobsUntilIdle(rt.deps);
    const sys = await rt.caller(admin).admin.system({});
    const kind = sys.jobs.byKind.find((k) => k.kind === 'deliver_message')!;
    expect(kind.failed).toBeGreaterThanOrEqual(1);
    const failure = sys.jobs.failures.find((f) => f.lastError === 'invalid number')!;
    expect(failure).toMatchObject({ kind: 'deliver_message', attempts: 1 });

    rt.deps.adapters.transports.sms = { provider: 'fixed', send: async () => ({}) };
    const r = await rt.caller(admin).admin.retryJob({ jobId: failure._id });
    expect(r.success).toBe(true);
    await runJobsUntilIdle(rt.deps);
    expect(await message(messageId)).toMatchObject({ status: 'sent', provider: 'fixed' });
    await expect(rt.caller(admin).admin.retryJob({ jobId: failure._id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const audit = await rt.deps.db.selectFrom('audit_log').selectAll().where('action', '=', 'system.retry_job').execute();
    expect(audit.map((a) => a.entity_id)).toContain(failure._id);
  });
});
