import { type Kysely, sql } from 'kysely';
import { bossOn, QUEUE_OPTIONS } from '../src/server/jobs/boss.js';

/*
 * Packages, memberships and vouchers expire (docs/checkout-and-stock.md): a periodic sweep
 * (`holding_expiry_sweep`) writes one `expire` ledger row per expired holding with what was left,
 * and sets its balance to zero. The ledger's kind check already allows `expire`.
 * - holdings.expired_at: when the sweep recorded the expiry (null until then). The partial index
 *   on expires_at of the unrecorded ones keeps the sweep's search to the holdings it has to do.
 * - holding_ledger_expire_once: one `expire` row per holding, so two sweeps at once write it once.
 * The sweep's queue is made through pg-boss's own createQueue (as the runner would at its start).
 */
const KINDS = ['holding_expiry_sweep'];

export async function up(db: Kysely<any>): Promise<void> {
  const boss = bossOn(db);
  for (const kind of KINDS) if (!(await boss.getQueue(kind))) await boss.createQueue(kind, { name: kind, ...QUEUE_OPTIONS });
  await sql`alter table holdings add column expired_at timestamptz`.execute(db);
  await sql`create index holdings_expiry_due on holdings (expires_at) where expired_at is null`.execute(db);
  await sql`create unique index holding_ledger_expire_once on holding_ledger (holding_id) where kind = 'expire'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const boss = bossOn(db);
  for (const kind of KINDS) await boss.deleteQueue(kind);
  await sql`drop index if exists holding_ledger_expire_once`.execute(db);
  await sql`drop index if exists holdings_expiry_due`.execute(db);
  await sql`alter table holdings drop column expired_at`.execute(db);
}
