import { sql } from 'kysely';
import { type Db, pgKysely } from './index.js';

/**
 * A streaming replica (hot standby) that discovery reads may use (trpc/reads.ts decides which
 * reads). Each process asks the replica once a second how far its replay is behind; while it
 * cannot be reached or lags more than `maxLagSeconds`, `usable()` is false and those reads go to
 * the primary, so a replica that fails or falls behind slows nothing and shows nothing stale for
 * longer than that.
 */
export interface ReplicaReads {
  db: Db;
  usable(): boolean;
  /** Seconds of replay behind at the last probe (0 when it had replayed all it received); null when the probe failed. */
  lagSeconds(): number | null;
  /** Runs one probe now (tests; the timer runs them every `intervalMs`). */
  probe(): Promise<void>;
  close(): Promise<void>;
}

const PROBE_TIMEOUT_MS = 2000;

export async function openReplica(
  url: string,
  opts: { poolMax: number; maxLagSeconds: number; intervalMs?: number },
): Promise<ReplicaReads> {
  const db = pgKysely(url, opts.poolMax, 'glowbook-replica');
  let lag: number | null = null;
  let running: Promise<void> | null = null;
  let warned = false;

  const probeOnce = async () => {
    try {
      // Received but not yet replayed WAL is the lag a reader sees; a standby that replayed all it
      // received is current as far as it knows. On a primary (no recovery) both are null: lag 0.
      const query = sql<{ lag: number | string | null }>`
        select case
          when not pg_is_in_recovery() or pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
          else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
        end as lag`.execute(db);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('replica probe timed out')), PROBE_TIMEOUT_MS);
      });
      const { rows } = await Promise.race([query, timeout]).finally(() => clearTimeout(timer));
      lag = Math.max(0, Number(rows[0]?.lag ?? 0));
      warned = false;
    } catch (err) {
      lag = null;
      if (!warned) console.warn(`[replica] discovery reads use the primary: ${(err as Error).message}`);
      warned = true;
    }
  };
  const probe = () => (running ??= probeOnce().finally(() => (running = null)));

  await probe();
  const timer = setInterval(() => void probe(), opts.intervalMs ?? 1000);
  timer.unref();
  return {
    db,
    usable: () => lag !== null && lag <= opts.maxLagSeconds,
    lagSeconds: () => lag,
    probe,
    close: async () => {
      clearInterval(timer);
      await running;
      await db.destroy();
    },
  };
}
