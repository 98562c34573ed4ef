import fs from 'node:fs';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { type ServerProcess, scratchDatabase, sleep, startServer } from './helpers.js';

/**
 * Background jobs with two server processes over one PostgreSQL: every message is delivered and
 * recorded as sent exactly once, and when one process is killed with SIGKILL mid-run the other
 * finishes its work (the killed transaction rolls back; the delivery it had fetched is retried once
 * pg-boss's supervisor expires it). Reminders from two processes: tests/server/reminders.test.ts.
 */

const MESSAGES = 300;

function mailDropIds(server: ServerProcess): string[] {
  const dir = path.join(server.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  // File names end with the first 8 characters of the outbox id.
  return fs.readdirSync(dir).map((f) => f.replace(/\.eml$/, '').slice(-8));
}

async function waitFor(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('timed out');
}

describe('jobs across two server processes', () => {
  it('deliver every message once, even when one process is killed', async () => {
    const db = await scratchDatabase('gb_faults_jobs');
    const servers: ServerProcess[] = [];
    const client = db.client();
    try {
      servers.push(await startServer({ DATABASE_URL: db.url, SEED_DEMO: 'auto', JOB_POLL_MS: '100', DB_POOL_MAX: '4' }));
      servers.push(await startServer({ DATABASE_URL: db.url, SEED_DEMO: 'never', JOB_POLL_MS: '100', DB_POOL_MAX: '4' }));
      await client.connect();

      const m = await client.query<{ id: string }>(`
        insert into outbox_messages (channel, recipient, subject, body, status, provider)
        select 'email', 'load' || g || '@faults.in', 'Load ' || g, 'Body ' || g, 'queued', 'pending' from generate_series(1, ${MESSAGES}) g
        returning id`);
      // Their delivery jobs through pg-boss's API, as the app sends them, but with a 30-second
      // expiry instead of the queue's 15 minutes, so the wait for the killed run is short (a
      // batch of deliveries takes well under a second).
      const boss = new PgBoss({
        db: { executeSql: (text, values) => client.query(text, values) },
        migrate: false,
        supervise: false,
        schedule: false,
      });
      await boss.insert(
        m.rows.map((r) => ({
          name: 'deliver_message',
          data: { messageId: r.id },
          singletonKey: `message:${r.id}`,
          retryLimit: 5,
          expireInSeconds: 30,
        })),
      );

      // Let both work for a moment, then kill one mid-run.
      await waitFor(
        async () =>
          (await client.query(`select count(*)::int n from outbox_messages where status = 'sent' and recipient like 'load%'`)).rows[0].n >=
          40,
        30_000,
      );
      process.kill(-servers[0].child.pid!, 'SIGKILL');
      await servers[0].exited;

      // The delivery the killed process had fetched waits for its expiry (30 s) and the
      // survivor's supervisor (every minute).
      await waitFor(
        async () =>
          (await client.query(`select count(*)::int n from outbox_messages where status <> 'sent' and recipient like 'load%'`)).rows[0]
            .n === 0,
        300_000,
      );

      const sent = await client.query(`select id::text, status, attempts from outbox_messages where recipient like 'load%'`);
      expect(sent.rows).toHaveLength(MESSAGES);
      expect(sent.rows.every((r) => r.status === 'sent')).toBe(true);
      // This test's deliveries (the demo data also holds one delivery that failed days ago).
      const jobs = await client.query(`
        select j.status, count(*)::int n from jobs j join outbox_messages o on j.ref = 'message:' || o.id
        where j.kind = 'deliver_message' and o.recipient like 'load%' group by j.status`);
      expect(jobs.rows.filter((r) => r.status !== 'done')).toEqual([]);

      // Both processes delivered; a message reaches the provider twice only if its process died
      // between handing it over and committing (at most one per killed runner). The outbox id goes
      // with it (Message-ID), so a provider can drop such a repeat.
      const handed = [...mailDropIds(servers[0]), ...mailDropIds(servers[1])];
      const own = new Set(sent.rows.map((r) => r.id.slice(0, 8)));
      const loadHanded = handed.filter((id) => own.has(id));
      expect(mailDropIds(servers[0]).length).toBeGreaterThan(0);
      expect(mailDropIds(servers[1]).length).toBeGreaterThan(0);
      expect(new Set(loadHanded).size).toBe(MESSAGES);
      expect(loadHanded.length - MESSAGES).toBeLessThanOrEqual(1);
    } finally {
      await client.end().catch(() => undefined);
      for (const s of servers) await s.dispose();
      await db.drop();
    }
  }, 420_000);
});
