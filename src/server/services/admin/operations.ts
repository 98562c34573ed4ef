import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { heldUntilOf } from '../../../shared/consent.js';
import { deliveryLabel, deliveryStateOf } from '../../../shared/delivery.js';
import type { auditInput, commissionsInput, outboxInput, retryJobInput } from '../../../shared/schemas/admin.js';
import { legacyPageOf } from '../../../shared/schemas/paging.js';
import { listOutbox } from '../../db/repositories/admin/email.js';
import { listCommissions } from '../../db/repositories/admin/payments.js';
import { appliedMigrations, databaseVersion, outboxBacklog, requeueFailedMessage } from '../../db/repositories/admin/system.js';
import { listAudit, recordAudit } from '../../db/repositories/audit.js';
import type { Actor, AppDeps } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import { jobQueueOverview, retryFailedJob } from '../../jobs/admin.js';
import { DELIVER_MESSAGE } from '../../messaging/index.js';
import { PACKAGE_ROOT } from '../../paths.js';
import { iso } from '../wire.js';
import { isoOrNull, pageOf } from './wire.js';

/* Payments (commission ledger), the message outbox, system state and the audit log. */

export async function getCommissions(deps: AppDeps, input: z.output<typeof commissionsInput>) {
  if (input.from && input.to && input.from > input.to) throw badRequest('to: the end date is before the start date', 'to');
  const { rows, total, totals } = await listCommissions(deps.db, {
    from: input.from,
    to: input.to,
    merchantId: input.merchantId,
    ...pageOf(input.page, input.limit),
  });
  return {
    entries: rows.map((r) => ({
      _id: r.id,
      bookingId: r.booking_id,
      merchantId: r.merchant_id,
      salonName: r.shop_name,
      city: r.city,
      bookingDate: r.booking_date,
      grossAmount: Number(r.gross_amount),
      commission: Number(r.commission),
      merchantEarning: Number(r.merchant_earning),
      createdAt: iso(r.created_at),
    })),
    totals,
    ...legacyPageOf(input.page, input.limit, total),
  };
}

/** Messages that carry a one-time code would let whoever reads them take over the account. */
const SECRET_PURPOSES = new Set(['password_reset', 'login', 'registration', 'otp']);

export async function getOutbox(deps: AppDeps, input: z.output<typeof outboxInput>) {
  const now = deps.now();
  const { rows, total } = await listOutbox(deps.db, {
    channel: input.channel,
    delivery: input.status,
    search: input.search,
    ...pageOf(input.page, input.limit),
  });
  return {
    messages: rows.map((r) => {
      const facts = {
        channel: r.channel,
        status: r.status,
        provider: r.provider,
        deliveredAt: r.delivered_at,
        heldUntil: heldUntilOf({ ...r, nextAttemptAt: r.next_attempt_at }, now),
      };
      const purpose = (r.meta as Record<string, unknown> | null)?.purpose;
      return {
        _id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: typeof purpose === 'string' && SECRET_PURPOSES.has(purpose) ? '[hidden: this message carries a one-time code]' : r.body,
        status: r.status,
        delivery: deliveryStateOf(facts),
        deliveryLabel: deliveryLabel(facts),
        deliveredAt: isoOrNull(r.delivered_at),
        provider: r.provider,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: iso(r.created_at),
        sentAt: isoOrNull(r.sent_at),
      };
    }),
    ...legacyPageOf(input.page, input.limit, total),
  };
}

const packageInfo = (() => {
  try {
    const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name?: string; version?: string };
    return { name: pkg.name ?? 'glowbook', version: pkg.version ?? '0.0.0' };
  } catch {
    return { name: 'glowbook', version: '0.0.0' };
  }
})();

const STALE_QUEUE_SECONDS = 300;

/** Health, versions, applied migrations, the outbox and the job queue. */
export async function getSystem(deps: AppDeps) {
  const started = performance.now();
  const version = await databaseVersion(deps.db);
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const [migrations, outbox, queue] = await Promise.all([appliedMigrations(deps.db), outboxBacklog(deps.db), jobQueueOverview(deps.db)]);
  const { byKind, failures, oldestDueSeconds } = queue;
  return {
    status: outbox.failedLast24h > 0 || oldestDueSeconds > STALE_QUEUE_SECONDS ? ('degraded' as const) : ('ok' as const),
    database: { kind: deps.env.DATABASE_URL ? ('postgres' as const) : ('pglite' as const), version, latencyMs },
    node: process.version,
    app: { ...packageInfo, environment: deps.env.NODE_ENV, uptimeSeconds: Math.round(process.uptime()) },
    migrations: migrations.map((m) => ({ name: m.name, appliedAt: iso(m.timestamp) })),
    outbox,
    jobs: {
      byKind,
      oldestDueSeconds,
      failures: failures.map((f) => ({
        _id: String(f.id),
        kind: f.kind,
        attempts: f.attempts,
        lastError: f.last_error,
        failedAt: f.finished_at ? iso(f.finished_at) : null,
      })),
    },
  };
}

/** An admin puts a failed job back in the queue (e.g. after fixing SMTP settings). */
export async function retryJob(deps: AppDeps, actor: Actor, input: z.output<typeof retryJobInput>) {
  return deps.db.transaction().execute(async (trx) => {
    const job = await retryFailedJob(trx, input.jobId);
    if (!job) throw notFound('Failed job');
    if (job.kind === DELIVER_MESSAGE) {
      await requeueFailedMessage(trx, String((job.payload as { messageId?: string }).messageId ?? ''));
    }
    await recordAudit(trx, actor.id, 'system.retry_job', 'job', job.id, { kind: job.kind });
    return { success: true as const, message: `Job #${job.id} (${job.kind}) is queued again.` };
  });
}

export async function getAudit(deps: AppDeps, input: z.output<typeof auditInput>) {
  const { rows, total } = await listAudit(deps.db, { action: input.action, actorId: input.actorId, ...pageOf(input.page, input.limit) });
  return {
    entries: rows.map((r) => ({
      _id: String(r.id),
      actor: r.actor_id ? { _id: r.actor_id, email: r.actor_email ?? '', name: r.actor_name ?? '' } : null,
      subject: r.subject_id
        ? { _id: r.subject_id, email: r.subject_email ?? '', name: r.subject_name ?? '', shopName: r.subject_shop ?? null }
        : null,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      details: (r.details ?? {}) as Record<string, unknown>,
      createdAt: iso(r.created_at),
    })),
    ...legacyPageOf(input.page, input.limit, total),
  };
}
