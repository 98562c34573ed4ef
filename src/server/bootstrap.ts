import fs from 'node:fs';
import path from 'node:path';
import { createAdapters } from './adapters/index.js';
import { loadVapidKeys } from './adapters/messaging/vapid.js';
import { type DbHandle, openDatabase } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { openReplica, type ReplicaReads } from './db/replica.js';
import type { AppDeps } from './deps.js';
import type { Env } from './env.js';
import { createApp } from './http/app.js';
import { attachDeskListener, closeDeskEvents } from './live/deskEvents.js';
import { appRouter } from './routers/index.js';
import { seedIfEmpty } from './seed/index.js';
import { createTokenService, loadJwtSecret } from './services/auth/tokens.js';

export interface Runtime {
  deps: AppDeps;
  handle: DbHandle;
  app: ReturnType<typeof createApp>;
}

/** What requests and jobs work with, over an open database (the keys are read, or made once). */
export async function createDeps(db: AppDeps['db'], env: Env, replica?: ReplicaReads): Promise<AppDeps> {
  const secret = await loadJwtSecret(db, env.JWT_SECRET);
  const vapid = await loadVapidKeys(db, env);
  return {
    db,
    readDb: replica?.db ?? db,
    replica,
    env,
    tokens: createTokenService(secret, env.JWT_TTL),
    adapters: createAdapters(db, env, vapid),
    now: () => new Date(),
  };
}

/** Opens the database, migrates, seeds an empty database, and builds the HTTP app. */
export async function bootstrap(
  env: Env,
  opts: { memory?: boolean; memoryImage?: Blob; serveClient?: boolean; seed?: boolean } = {},
): Promise<Runtime> {
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DB_POOL_MAX,
    memory: opts.memory,
    memoryImage: opts.memoryImage,
  });
  let replica: ReplicaReads | undefined;
  try {
    await migrateToLatest(handle.db);
    // Discovery reads may use a streaming replica of the primary (trpc/reads.ts).
    if (env.DATABASE_REPLICA_URL) {
      replica = await openReplica(env.DATABASE_REPLICA_URL, { poolMax: env.DB_POOL_MAX, maxLagSeconds: env.REPLICA_MAX_LAG_S });
    }
    const deps = await createDeps(handle.db, env, replica);
    attachDeskListener(handle);
    // Calendar notices still gathered go out, and live streams end, before the database closes.
    const closeDb = handle.close;
    handle.close = async () => {
      await closeDeskEvents(handle.db);
      await replica?.close();
      await closeDb();
    };
    if (opts.seed ?? env.SEED_DEMO === 'auto') await seedIfEmpty(handle.db);
    const uploadsDir = path.resolve(env.DATA_DIR, 'uploads');
    fs.mkdirSync(uploadsDir, { recursive: true });
    const app = createApp({ deps, router: appRouter, ping: handle.ping, serveClient: opts.serveClient, uploadsDir });
    return { deps, handle, app };
  } catch (err) {
    await replica?.close().catch(() => undefined);
    await handle.close().catch(() => undefined);
    throw err;
  }
}
