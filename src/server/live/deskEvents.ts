import { sql } from 'kysely';
import type { DeskEvent } from '../../shared/schemas/calendar.js';
import type { Executor } from '../db/executor.js';
import type { Db, DbHandle } from '../db/index.js';

/*
 * Live updates of the merchant's calendar across server processes. Whatever changes a salon's
 * bookings or blocked time calls `publishDeskChange` after its commit; each process gathers those
 * for a moment and sends them as one PostgreSQL NOTIFY (so a burst of bookings costs one notice,
 * not one per booking, and the booking statement itself stays as it was). Every process that has
 * an open desk LISTENs on one connection of its own and hands each notice to the desks of that
 * salon (tRPC subscriptions over server-sent events, routers/calendar.ts). A desk whose stream
 * (re)starts, or whose process lost its LISTEN connection for a while, gets 'sync': read the
 * calendar again, since notices sent meanwhile were lost.
 */

const CHANNEL = 'glowbook_desk';
/** How long a process gathers changes before it sends them. */
const GATHER_MS = 100;
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7000;

type Listener = (e: DeskEvent) => void;
type ListenFn = DbHandle['listen'];

interface Hub {
  pending: Map<string, Set<string>>;
  timer: NodeJS.Timeout | null;
  listeners: Map<string, Set<Listener>>;
  listen: ListenFn | null;
  stopListening: Promise<(() => Promise<void>) | null> | null;
  db: Db;
}

const hubs = new WeakMap<Db, Hub>();

function hubOf(db: Db): Hub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = { pending: new Map(), timer: null, listeners: new Map(), listen: null, stopListening: null, db };
    hubs.set(db, hub);
  }
  return hub;
}

/** Lets this process's desks hear the notices of every process (bootstrap calls it with the database handle). */
export function attachDeskListener(handle: DbHandle): void {
  hubOf(handle.db).listen = handle.listen;
}

/** Stops listening and ends every open desk stream of this database (shutdown). */
export async function closeDeskEvents(db: Db): Promise<void> {
  const hub = hubs.get(db);
  if (!hub) return;
  if (hub.timer) {
    clearTimeout(hub.timer);
    hub.timer = null;
    await flush(hub).catch(() => undefined);
  }
  for (const set of hub.listeners.values()) for (const l of set) l({ kind: 'sync', closing: true } as DeskEvent);
  hub.listeners.clear();
  const stop = await hub.stopListening?.catch(() => null);
  hub.stopListening = null;
  await stop?.();
}

async function flush(hub: Hub): Promise<void> {
  hub.timer = null;
  if (!hub.pending.size) return;
  const changes = [...hub.pending].map(([merchantId, dates]) => ({ m: merchantId, d: [...dates] }));
  hub.pending.clear();
  // Several notices when one would be too long for NOTIFY.
  const batches: (typeof changes)[] = [[]];
  let size = 0;
  for (const c of changes) {
    const len = JSON.stringify(c).length + 1;
    if (size + len > MAX_PAYLOAD && batches[batches.length - 1].length) {
      batches.push([]);
      size = 0;
    }
    batches[batches.length - 1].push(c);
    size += len;
  }
  for (const batch of batches) await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(batch)})`.execute(hub.db);
}

/**
 * Tells every open desk of the salon, in every process, that these salon-local dates changed.
 * Call it after the change committed; it never fails the caller (a lost notice is caught up by the
 * desk's next sync).
 */
export function publishDeskChange(db: Executor, merchantId: string, dates: string[]): void {
  const hub = hubOf(db as Db);
  let set = hub.pending.get(merchantId);
  if (!set) hub.pending.set(merchantId, (set = new Set()));
  for (const d of dates) set.add(d);
  if (!hub.timer) {
    hub.timer = setTimeout(() => {
      flush(hub).catch((err) => {
        // A database closed meanwhile (shutdown, the end of a test) has no desks left to tell.
        const message = err instanceof Error ? err.message : String(err);
        if (!/destroyed|ended|closed/i.test(message)) console.error('[desk] notify failed:', message);
      });
    }, GATHER_MS);
    hub.timer.unref();
  }
}

function deliver(hub: Hub, payload: string): void {
  let changes: { m: string; d: string[] }[];
  try {
    changes = JSON.parse(payload);
  } catch {
    return;
  }
  for (const c of changes) {
    const set = hub.listeners.get(c.m);
    if (set) for (const l of set) l({ kind: 'changed', dates: c.d });
  }
}

function everyone(hub: Hub, e: DeskEvent): void {
  for (const set of hub.listeners.values()) for (const l of set) l(e);
}

async function ensureListening(hub: Hub): Promise<void> {
  if (hub.stopListening || !hub.listen) return;
  const listen = hub.listen;
  hub.stopListening = listen(
    CHANNEL,
    (payload) => deliver(hub, payload),
    () => everyone(hub, { kind: 'sync' }),
  ).catch((err) => {
    console.error('[desk] cannot listen:', err instanceof Error ? err.message : err);
    hub.stopListening = null;
    return null;
  });
  await hub.stopListening;
}

/**
 * The salon's desk events as an async stream: 'sync' first (read the calendar), then each change,
 * until `signal` aborts. Events that arrive while the consumer is busy are merged.
 */
export async function* deskStream(db: Db, merchantId: string, signal: AbortSignal | undefined): AsyncGenerator<DeskEvent> {
  const hub = hubOf(db);
  let queued: DeskEvent | null = null;
  let wake: (() => void) | null = null;
  let ended = false;
  const listener: Listener = (e) => {
    if ((e as { closing?: boolean }).closing) ended = true;
    else if (e.kind === 'sync' || queued?.kind === 'sync') queued = { kind: 'sync' };
    else queued = { kind: 'changed', dates: [...new Set([...(queued?.dates ?? []), ...(e.dates ?? [])])] };
    wake?.();
  };
  const onAbort = () => {
    ended = true;
    wake?.();
  };
  let set = hub.listeners.get(merchantId);
  if (!set) hub.listeners.set(merchantId, (set = new Set()));
  set.add(listener);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await ensureListening(hub);
    yield { kind: 'sync' };
    while (!ended && !signal?.aborted) {
      if (!queued) await new Promise<void>((r) => (wake = r));
      wake = null;
      if (ended) break;
      const e = queued as DeskEvent | null;
      queued = null;
      if (e) yield e;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    set.delete(listener);
    if (!set.size) hub.listeners.delete(merchantId);
  }
}
