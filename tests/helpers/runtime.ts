import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { bootstrap, type Runtime } from '../../src/server/bootstrap.js';
import type { Actor } from '../../src/server/deps.js';
import { loadEnv } from '../../src/server/env.js';
import { appRouter } from '../../src/server/routers/index.js';
import type { Context } from '../../src/server/trpc/context.js';
import { scratchDatabaseOn } from './scratchDb.js';

/** Which database the server tests run on: the embedded one, or real PostgreSQL (TEST_DATABASE_URL). */
export const DB_KIND = process.env.TEST_DB_KIND === 'pg' ? 'pg' : 'pglite';

async function createScratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the pg test project');
  return scratchDatabaseOn(base, 'gb_test', { template: inject('pgTemplate') });
}

let image: Blob | undefined;
/** The run's migrated PGlite image (tests/helpers/dbImage.setup.ts), read once per file. */
function pgliteImage(): Blob | undefined {
  const file = inject('pgliteImage');
  if (!file) return undefined;
  image ??= new Blob([fs.readFileSync(file)]);
  return image;
}

export interface TestRuntime extends Runtime {
  /** A tRPC caller acting as the given account (or anonymous). */
  caller(actor?: Actor | null, extra?: Partial<Context>): ReturnType<typeof appRouter.createCaller>;
  /** Starts the HTTP app on a random port and returns its base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database (and the app over it) per test file. With `seed`, the demo data is
 * loaded as on first start.
 */
export async function createTestRuntime(opts: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestRuntime> {
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (DB_KIND === 'pg') {
    const scratch = await createScratchDatabase();
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opts.env,
  });
  const runtime = await bootstrap(env, {
    memory: DB_KIND === 'pglite',
    memoryImage: DB_KIND === 'pglite' ? pgliteImage() : undefined,
    serveClient: false,
    seed: opts.seed ?? false,
  });
  let server: Server | undefined;
  return {
    ...runtime,
    caller(actor = null, extra = {}) {
      return appRouter.createCaller({
        deps: runtime.deps,
        actor,
        authError: null,
        ip: '10.0.0.1',
        idempotencyKey: null,
        ...extra,
      });
    },
    async listen() {
      server = runtime.app.listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
      const { port } = server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      if (server) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server!.close(() => resolve()));
      }
      await runtime.handle.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates an account directly and returns its Actor (for caller-based tests). */
export async function makeAccount(
  rt: Runtime,
  role: Actor['role'],
  overrides: { email?: string; firstName?: string } = {},
): Promise<Actor> {
  const email = overrides.email ?? `${role}-${randomBytes(4).toString('hex')}@test.in`;
  const row = await rt.deps.db
    .insertInto('accounts')
    // Signed in once (tests act as it), without a password: as an account that uses one-time codes.
    .values({ email, role, password_hash: null, first_name: overrides.firstName ?? role, last_name: 'Test', last_login_at: new Date() })
    .returning(['id', 'role', 'email'])
    .executeTakeFirstOrThrow();
  if (role === 'merchant') {
    await rt.deps.db
      .insertInto('merchants')
      .values({ id: row.id, shop_name: `Shop ${email}`, shop_owner: 'Owner', city: 'Pune', state: 'Maharashtra' })
      .execute();
  }
  return { id: row.id, role: row.role, email: row.email };
}
